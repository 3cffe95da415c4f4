import { Button, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PageTitle } from '../../components/PageTitle';

export function NotFoundPage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 10, md: 16 }, textAlign: 'center' }}>
      <PageTitle title="Page not found" />
      <Stack spacing={3} sx={{ alignItems: 'center' }}>
        <Typography
          component="p"
          color="primary"
          sx={{ fontSize: { xs: '4rem', md: '6rem' }, fontWeight: 800, lineHeight: 1 }}
          aria-hidden="true"
        >
          404
        </Typography>
        <Typography variant="h3" component="h1">
          Page not found
        </Typography>
        <Typography color="text.secondary">
          The page you are looking for does not exist or has moved.
        </Typography>
        <Button variant="contained" component={RouterLink} to="/">
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}

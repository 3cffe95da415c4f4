import { Button, Container, Stack, Typography } from '@mui/material';
import { useRouteError } from 'react-router-dom';
import { PageTitle } from '../../components/PageTitle';

/** Shown when a page fails to load or render, e.g. after a deploy replaced its code chunk. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 16, textAlign: 'center' }}>
      <PageTitle title="Something went wrong" />
      <Stack spacing={3} sx={{ alignItems: 'center' }}>
        <Typography variant="h3" component="h1">
          Something went wrong
        </Typography>
        <Typography color="text.secondary">
          This page could not be shown. Reloading usually fixes it.
        </Typography>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
          <Button variant="outlined" href="/">
            Go to the home page
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}

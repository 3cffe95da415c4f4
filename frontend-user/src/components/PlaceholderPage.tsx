import type { ReactNode } from 'react';
import { Button, Container, Stack, Typography } from '@mui/material';
import ConstructionRoundedIcon from '@mui/icons-material/ConstructionRounded';
import { Link as RouterLink } from 'react-router-dom';
import { PageTitle } from './PageTitle';

type PlaceholderPageProps = {
  title: string;
  children: ReactNode;
};

/**
 * An honest stand-in for a screen that is still being built: it says so, and offers a way home.
 * Each feature replaces its placeholder with the real screen.
 */
export function PlaceholderPage({ title, children }: PlaceholderPageProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 14 }, textAlign: 'center' }}>
      <PageTitle title={title} />
      <Stack spacing={3} sx={{ alignItems: 'center' }}>
        <ConstructionRoundedIcon color="secondary" sx={{ fontSize: 56 }} aria-hidden="true" />
        <Typography variant="h3" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary">{children}</Typography>
        <Button variant="contained" component={RouterLink} to="/">
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}

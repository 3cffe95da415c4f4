import { useEffect } from 'react';
import { Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { PageTitle } from '../../../components/PageTitle';

/** The console, served by the same server; it shares this tab's session (sessionStorage). */
export const CONSOLE_URL = '/admin/';

/**
 * /dashboard: the Instagram OTP dashboard lives in the admin console, so admins are taken there.
 * The admin-only check is the route's (AdminRoute).
 */
export function OtpDashboardPage() {
  useEffect(() => {
    window.location.assign(CONSOLE_URL);
  }, []);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <PageTitle title="Opening the console" />
      <Stack spacing={3} sx={{ alignItems: 'center' }}>
        <CircularProgress aria-hidden="true" />
        <Typography variant="h3" component="h1">
          Opening the LinkCoin console
        </Typography>
        <Button variant="outlined" href={CONSOLE_URL}>
          Open the console
        </Button>
      </Stack>
    </Container>
  );
}

import { Alert, Button, Container, Stack } from '@mui/material';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import { PageLoader } from '../../../components/PageLoader';
import { PageTitle } from '../../../components/PageTitle';
import { isAdmin, useAuth } from '../../../lib/auth/auth-context';

/** Admin-only screens, inside the protected routes: other signed-in users are refused. */
export function AdminRoute() {
  const { user, isLoading } = useAuth();
  if (isAdmin(user)) return <Outlet />;
  if (isLoading) return <PageLoader />;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 } }}>
      <PageTitle title="Administrators only" />
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" role="alert" sx={{ width: '100%' }}>
          {M.adminOnly}
        </Alert>
        <Button variant="contained" component={RouterLink} to="/">
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}

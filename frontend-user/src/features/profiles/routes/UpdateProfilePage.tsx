import { Alert, Box, CircularProgress, Container } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Role } from '@linkcoin/domain/accounts/roles.ts';
import { PageTitle } from '../../../components/PageTitle';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { profileQueryOptions } from '../api/profile';
import { ProfileWizard } from '../components/wizard/ProfileWizard';

function Loading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <PageTitle title="Update Profile" />
      <CircularProgress aria-label="Loading profile" />
    </Box>
  );
}

/**
 * /UpdateProfile (protected: the route guard sends visitors to /login). The wizard starts from
 * the profile as the server holds it now.
 */
export function UpdateProfilePage() {
  const { user } = useAuth();
  if (!user) return <Loading />;
  return <ProfileWizardLoader userId={user._id} role={user.role} />;
}

function ProfileWizardLoader({ userId, role }: { userId: string; role: Role }) {
  const query = useQuery({ ...profileQueryOptions(userId, userId), staleTime: 0 });
  if (query.isError) {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <PageTitle title="Update Profile" />
        <Alert severity="error" role="alert">
          {errorMessage(query.error, 'Error checking user')}
        </Alert>
      </Container>
    );
  }
  // A copy cached earlier could be out of date: the wizard waits for this visit's answer.
  if (!query.data || !query.isFetchedAfterMount) return <Loading />;
  return <ProfileWizard key={userId} userId={userId} role={role} initial={query.data} />;
}

import { Alert, Box, CircularProgress, Container } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { PageTitle } from '../../../components/PageTitle';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../auth/auth-context';
import { profileQueryOptions } from '../api/profile';
import { ProfileDetails } from '../components/ProfileDetails';

/** Spec section 2: the influencer profile page (/Profile/{userId}), public. */
export function ProfilePage() {
  const { userId = '' } = useParams();
  const { user } = useAuth();
  const {
    data: profile,
    isPending,
    isError,
    error,
  } = useQuery(profileQueryOptions(userId, user?._id ?? null));

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 }, px: { xs: 2, sm: 3 } }}>
      <PageTitle title={profile ? profile.ownerName : 'Profile'} />
      {isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
          <CircularProgress aria-label="Loading profile" />
        </Box>
      ) : isError ? (
        <Alert severity="error" role="alert">
          {errorMessage(error, 'Error checking user')}
        </Alert>
      ) : (
        <ProfileDetails profile={profile} variant="page" />
      )}
    </Container>
  );
}

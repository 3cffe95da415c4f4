import { Alert, Box, Button, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageTitle } from '../../../components/PageTitle';
import { errorMessage, errorStatus } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { profileQueryOptions } from '../api/profile';
import { ProfileDetails } from '../components/ProfileDetails';

/** docs/product-spec.md section 2: the influencer profile page (/Profile/{userId}), public. */
export function ProfilePage() {
  const { userId = '' } = useParams();
  const { user } = useAuth();
  const { data, isError, error } = useQuery(profileQueryOptions(userId, user?._id ?? null));
  // The profile renders in a deferred pass React can interrupt (a long page on a slow phone).
  const profile = useDeferredValue(data);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 }, px: { xs: 2, sm: 3 } }}>
      <PageTitle title={profile ? profile.ownerName : 'Profile'} />
      {profile === undefined && !isError ? (
        <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '40vh' }}>
          <CircularProgress aria-label="Loading profile" />
        </Box>
      ) : isError ? (
        // A profile that does not exist (or could not be read): what happened, and ways on.
        <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h3" component="h1">
            {errorStatus(error) === 404 ? 'Profile not found' : 'This profile could not be shown'}
          </Typography>
          <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
            {errorMessage(error, 'Error checking user')}
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button variant="contained" component={RouterLink} to="/influencers">
              Browse influencers
            </Button>
            <Button variant="outlined" component={RouterLink} to="/">
              Back to home
            </Button>
          </Stack>
        </Stack>
      ) : profile === undefined ? null : (
        <ProfileDetails profile={profile} variant="page" />
      )}
    </Container>
  );
}

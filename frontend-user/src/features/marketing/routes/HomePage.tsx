import { lazy } from 'react';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { NearScreen } from '../../../components/NearScreen';
import { PageHero } from '../../../components/PageHero';
import { PageTitle } from '../../../components/PageTitle';
import { useAuth } from '../../../lib/auth/auth-context';
import { outlinedOnDark } from '../components/button-styles';
import { FREE_TRIAL_DAYS } from '../constants';
import { DiscoveryGrid } from '../../directory';

const HomeSections = lazy(() =>
  import('../components/HomeSections').then((m) => ({ default: m.HomeSections })),
);

export function HomePage() {
  const { isAuthenticated } = useAuth();
  return (
    <>
      <PageTitle title="Brands meet verified creators" />
      <PageHero
        eyebrow="Influencer marketing, simplified"
        title="Where brands meet verified creators"
        subtitle="LinkCoin connects brands with verified Instagram and YouTube creators. Search by niche and audience, chat in real time, and pay only for the conversations you open."
        actions={
          <>
            <Button
              size="large"
              variant="contained"
              color="secondary"
              component={RouterLink}
              // A visitor signs up as a brand first; a signed-in user goes to the directory.
              to={isAuthenticated ? '/influencers' : '/RegisterUser'}
            >
              Find creators
            </Button>
            <Button
              size="large"
              variant="outlined"
              component={RouterLink}
              to="/Register"
              sx={outlinedOnDark}
            >
              Join as a creator
            </Button>
          </>
        }
        note={`${FREE_TRIAL_DAYS}-day free trial · No card needed`}
      />
      <NearScreen minHeight={{ xs: 1200, md: 900 }}>
        <DiscoveryGrid />
      </NearScreen>
      <NearScreen minHeight={3000}>
        <HomeSections />
      </NearScreen>
    </>
  );
}

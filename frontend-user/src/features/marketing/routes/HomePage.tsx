import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PageHero } from '../../../components/PageHero';
import { PageTitle } from '../../../components/PageTitle';
import { BOOK_A_DEMO_HREF } from '../../../config/contact';
import { useAuth } from '../../auth/auth-context';
import { DiscoveryGrid } from '../../directory/components/DiscoveryGrid';
import { outlinedOnDark } from '../components/button-styles';
import { CallToActionBand } from '../components/CallToActionBand';
import { HowLinkCoinsWork } from '../components/HowLinkCoinsWork';
import { JourneyTabs } from '../components/JourneyTabs';
import { PackagesSection } from '../components/PackagesSection';
import { Testimonials } from '../components/Testimonials';
import { FREE_TRIAL_DAYS } from '../constants';

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
      <DiscoveryGrid />
      <JourneyTabs />
      <PackagesSection />
      <HowLinkCoinsWork />
      <Testimonials />
      <CallToActionBand
        id="get-started"
        title="Ready to launch your next campaign?"
        text={`Start your ${FREE_TRIAL_DAYS}-day free trial today, no card needed. Or let our team walk you through LinkCoin in a 20-minute demo.`}
        actions={
          <>
            <Button
              size="large"
              variant="contained"
              color="secondary"
              component={RouterLink}
              to="/Register"
            >
              Get Started Now
            </Button>
            <Button size="large" variant="outlined" href={BOOK_A_DEMO_HREF} sx={outlinedOnDark}>
              Book a Demo
            </Button>
          </>
        }
      />
    </>
  );
}

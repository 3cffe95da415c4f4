import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { BOOK_A_DEMO_HREF } from '../../../config/contact';
import { FREE_TRIAL_DAYS } from '../constants';
import { outlinedOnDark } from './button-styles';
import { CallToActionBand } from './CallToActionBand';
import { HowLinkCoinsWork } from './HowLinkCoinsWork';
import { JourneyTabs } from './JourneyTabs';
import { PackagesSection } from './PackagesSection';
import { Testimonials } from './Testimonials';

/** The home page below the discovery grid: one chunk, loaded as the visitor scrolls towards it. */
export function HomeSections() {
  return (
    <>
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

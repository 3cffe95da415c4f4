import { Button } from '@mui/material';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import FlagRoundedIcon from '@mui/icons-material/FlagRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import EmojiPeopleRoundedIcon from '@mui/icons-material/EmojiPeopleRounded';
import FactCheckRoundedIcon from '@mui/icons-material/FactCheckRounded';
import TrendingUpRoundedIcon from '@mui/icons-material/TrendingUpRounded';
import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import CurrencyRupeeRoundedIcon from '@mui/icons-material/CurrencyRupeeRounded';
import QueryStatsRoundedIcon from '@mui/icons-material/QueryStatsRounded';
import HandshakeRoundedIcon from '@mui/icons-material/HandshakeRounded';
import ShieldRoundedIcon from '@mui/icons-material/ShieldRounded';
import { Link as RouterLink } from 'react-router-dom';
import { PageHero } from '../../../components/PageHero';
import { PageTitle } from '../../../components/PageTitle';
import { Section } from '../../../components/Section';
import { outlinedOnDark } from '../components/button-styles';
import { CallToActionBand } from '../components/CallToActionBand';
import { HighlightGrid } from '../components/HighlightGrid';
import { StatsSection } from '../components/StatsSection';
import { FOUNDED_YEAR } from '../constants';
import { ABOUT_MISSION, ABOUT_VISION, ADVANTAGES, CORE_PRINCIPLES } from '../content';

export function AboutPage() {
  return (
    <>
      <PageTitle title="About us" />
      <PageHero
        eyebrow="About LinkCoin"
        title="Building India's most trusted creator marketplace"
        subtitle={`Founded in ${FOUNDED_YEAR}, LinkCoin gives brands a transparent way to find, verify and work with social-media creators, and gives creators a fair stage to be discovered on.`}
      />
      <StatsSection />
      <Section id="vision-mission" title="Why we exist" subtitle="Our vision and mission">
        <HighlightGrid
          items={[ABOUT_VISION, ABOUT_MISSION]}
          icons={[VisibilityRoundedIcon, FlagRoundedIcon]}
          columns={2}
        />
      </Section>
      <Section id="principles" tone="muted" eyebrow="What guides us" title="Our core principles">
        <HighlightGrid
          items={CORE_PRINCIPLES}
          icons={[
            SearchRoundedIcon,
            EmojiPeopleRoundedIcon,
            FactCheckRoundedIcon,
            TrendingUpRoundedIcon,
          ]}
          columns={4}
        />
      </Section>
      <Section
        id="advantages"
        eyebrow="Why LinkCoin"
        title="The LinkCoin advantage"
        subtitle="Everything a brand needs to run creator campaigns with confidence, and everything a creator needs to be found."
      >
        <HighlightGrid
          items={ADVANTAGES}
          icons={[
            VerifiedRoundedIcon,
            InsightsRoundedIcon,
            CurrencyRupeeRoundedIcon,
            QueryStatsRoundedIcon,
            HandshakeRoundedIcon,
            ShieldRoundedIcon,
          ]}
          columns={3}
        />
      </Section>
      <CallToActionBand
        id="join"
        title="Join the LinkCoin community"
        text="Brands find verified creators in minutes. Creators get discovered by brands that value their audience."
        actions={
          <>
            <Button
              size="large"
              variant="contained"
              color="secondary"
              component={RouterLink}
              to="/RegisterUser"
            >
              Brand Sign Up
            </Button>
            {/* The spec sends Creator Application to the home page, where creators start. */}
            <Button
              size="large"
              variant="outlined"
              component={RouterLink}
              to="/"
              sx={outlinedOnDark}
            >
              Creator Application
            </Button>
          </>
        }
      />
    </>
  );
}

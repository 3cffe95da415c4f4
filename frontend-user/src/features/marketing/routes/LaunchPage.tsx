import { useState } from 'react';
import { Box, Button, ToggleButton, ToggleButtonGroup } from '@mui/material';
import WorkspacePremiumRoundedIcon from '@mui/icons-material/WorkspacePremiumRounded';
import RocketLaunchRoundedIcon from '@mui/icons-material/RocketLaunchRounded';
import BarChartRoundedIcon from '@mui/icons-material/BarChartRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import EventAvailableRoundedIcon from '@mui/icons-material/EventAvailableRounded';
import CreditCardOffRoundedIcon from '@mui/icons-material/CreditCardOffRounded';
import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';
import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import { Link as RouterLink } from 'react-router-dom';
import { PageHero } from '../../../components/PageHero';
import { PageTitle } from '../../../components/PageTitle';
import { Section } from '../../../components/Section';
import { HighlightGrid } from '../components/HighlightGrid';
import { StepList } from '../components/StepList';
import { VisibilityBars } from '../components/VisibilityBars';
import { FREE_TRIAL_DAYS } from '../constants';
import { BRAND_LAUNCH_OFFER, CREATOR_PERKS, LAUNCH_STEPS } from '../content';
import type { Audience } from '../content';

export function LaunchPage() {
  const [audience, setAudience] = useState<Audience>('creator');

  return (
    <>
      <PageTitle title="Early access" />
      <PageHero
        eyebrow="Early access"
        title="Be first on LinkCoin"
        subtitle="The marketplace where brands and verified creators find each other, chat in real time and get campaigns live faster."
        actions={
          // The spec's button goes to /register (lower case); routing is case-insensitive,
          // so it opens the registration page at /Register.
          <Button
            size="large"
            variant="contained"
            color="secondary"
            component={RouterLink}
            to="/register"
          >
            Get Early Access
          </Button>
        }
        note={`${FREE_TRIAL_DAYS}-day free trial · No card needed`}
      />
      <Section
        id="launch-steps"
        eyebrow="How it works"
        title="Three steps to your first collaboration"
        subtitle="Tell us who you are and we will show you the way in."
      >
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 5 }}>
          <ToggleButtonGroup
            value={audience}
            exclusive
            color="primary"
            aria-label="Show the steps for"
            onChange={(_event, value: Audience | null) => {
              // A click on the selected option would clear it; keep one audience selected.
              if (value !== null) setAudience(value);
            }}
          >
            <ToggleButton value="creator">For creators</ToggleButton>
            <ToggleButton value="brand">For brands</ToggleButton>
          </ToggleButtonGroup>
        </Box>
        <StepList steps={LAUNCH_STEPS[audience]} columns={3} />
      </Section>
      {audience === 'creator' ? (
        <Section
          id="creator-perks"
          tone="muted"
          eyebrow="For creators"
          title="Early-adopter perks"
          subtitle="Join now and start ahead of everyone who comes later."
        >
          <HighlightGrid
            items={CREATOR_PERKS}
            icons={[
              WorkspacePremiumRoundedIcon,
              RocketLaunchRoundedIcon,
              BarChartRoundedIcon,
              VisibilityRoundedIcon,
            ]}
            columns={4}
          />
          <Box sx={{ maxWidth: 640, mx: 'auto', mt: 6 }}>
            <VisibilityBars />
          </Box>
        </Section>
      ) : (
        <Section
          id="brand-offer"
          tone="muted"
          eyebrow="For brands"
          title="Your launch offer"
          subtitle="Try LinkCoin with nothing to lose."
        >
          <HighlightGrid
            items={BRAND_LAUNCH_OFFER}
            icons={[
              EventAvailableRoundedIcon,
              CreditCardOffRoundedIcon,
              VerifiedRoundedIcon,
              ReplayRoundedIcon,
            ]}
            columns={4}
          />
        </Section>
      )}
    </>
  );
}

import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { Section } from '../../../components/Section';
import { JOURNEYS } from '../content';
import type { Journey } from '../content';
import { StepList } from './StepList';

const JOURNEY_ORDER: readonly Journey[] = ['influencer', 'brand'];

/** The home page's "how it works": six steps for influencers, six for brands. */
export function JourneyTabs() {
  const [journey, setJourney] = useState<Journey>('influencer');

  return (
    <Section
      id="how-it-works"
      eyebrow="How it works"
      title="Six steps from sign-up to collaboration"
      subtitle="Whether you create content or commission it, LinkCoin keeps the path short and transparent."
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', mb: 4 }}>
        <Tabs
          value={journey}
          onChange={(_event, value: Journey) => setJourney(value)}
          aria-label="Choose your journey"
        >
          {JOURNEY_ORDER.map((key) => (
            <Tab
              key={key}
              value={key}
              label={JOURNEYS[key].label}
              id={`journey-tab-${key}`}
              aria-controls={`journey-panel-${key}`}
            />
          ))}
        </Tabs>
      </Box>
      {JOURNEY_ORDER.map((key) => (
        <div
          key={key}
          role="tabpanel"
          id={`journey-panel-${key}`}
          aria-labelledby={`journey-tab-${key}`}
          hidden={journey !== key}
        >
          {journey === key && <StepList steps={JOURNEYS[key].steps} columns={3} />}
        </div>
      ))}
    </Section>
  );
}

import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CircularProgress,
  Container,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { INSIGHTS_PERIODS, type InsightsPeriod } from '@linkcoin/domain/insights/contracts.ts';
import { PageTitle } from '../../../components/PageTitle';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { insightsQueryOptions } from '../api/insights';
import { DailyChart } from '../components/DailyChart';
import { DailyTable } from '../components/DailyTable';
import { SourcesList } from '../components/SourcesList';
import { StatTile } from '../components/StatTile';
import { VisibilityPanel } from '../components/VisibilityPanel';
import { countOf, countText, durationText, periodOf, periodText, rateText } from '../utils/format';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography id={id} variant="h3" component="h2">
            {title}
          </Typography>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * `/insights` (issue 24): what brands did with the signed-in creator's profile over 7, 30 or
 * 90 days, in figures, a daily chart with its table, the searches that surfaced it, and the
 * visibility bar with what would raise it. Counts, never who.
 */
export function InsightsPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const days = periodOf(params);
  const isCreator = user?.role === 'influencer';
  const insights = useQuery({
    ...insightsQueryOptions(days),
    enabled: isCreator,
    placeholderData: keepPreviousData,
  });
  const data = insights.data;

  const choose = (_event: unknown, value: InsightsPeriod | null) => {
    if (value) setParams({ days: String(value) }, { replace: true });
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
      <PageTitle title="Insights" />
      <Stack spacing={3}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography variant="h2" component="h1">
            Insights
          </Typography>
          {isCreator && (
            <ToggleButtonGroup
              value={days}
              exclusive
              onChange={choose}
              aria-label="Period"
              size="small"
              // Unselected periods in the slate text colour: readable on the hover and focus
              // background too (MUI's default grey is 4.4:1 there).
              sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' } }}
            >
              {INSIGHTS_PERIODS.map((period) => (
                // The chosen period is the group's tab stop; the arrow keys move between them.
                <ToggleButton
                  key={period}
                  value={period}
                  aria-label={`Last ${period} days`}
                  tabIndex={period === days ? 0 : -1}
                >
                  {period} days
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
        </Stack>

        {!isCreator ? (
          <Alert severity="info">
            Insights are for creators: they show how brands find and contact a creator&apos;s
            profile. Sign in with your creator account to see yours.
          </Alert>
        ) : insights.isError ? (
          <Alert severity="error">
            {errorMessage(insights.error, 'Your insights could not be loaded. Please try again.')}
          </Alert>
        ) : !data ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading your insights" />
          </Box>
        ) : (
          <>
            <Typography color="text.secondary">
              Your last {days} days, {periodText(data.from, data.to)} (India time). Viewers are
              counted once a day each; you see how many, never who.
            </Typography>
            <Box
              component="ul"
              aria-label="Figures of the period"
              sx={{
                p: 0,
                m: 0,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: {
                  xs: 'repeat(2, minmax(0, 1fr))',
                  md: 'repeat(4, minmax(0, 1fr))',
                },
              }}
            >
              <StatTile label="Search impressions" value={countText(data.totals.impressions)} />
              <StatTile
                label="Profile viewers"
                value={countText(data.totals.views.total)}
                detail={`${countOf(data.totals.views.brands, 'brand')} · ${countOf(data.totals.views.visitors, 'visitor')}`}
              />
              <StatTile label="List adds" value={countText(data.totals.listAdds)} />
              <StatTile label="Renewals" value={countText(data.totals.renewals)} />
              <StatTile
                label="Conversations started"
                value={countText(data.totals.conversations)}
                detail={`${countText(data.totals.replied)} answered`}
              />
              <StatTile label="Reply rate" value={rateText(data.totals.replyRate)} />
              <StatTile
                label="Median first reply"
                value={durationText(data.totals.medianFirstReplySeconds)}
              />
            </Box>

            <Section id="insights-daily" title="Day by day">
              <DailyChart daily={data.daily} />
              <DailyTable daily={data.daily} />
            </Section>

            <Section id="insights-sources" title="Where views came from">
              <SourcesList sources={data.sources} impressions={data.totals.impressions} />
            </Section>

            <Section id="insights-visibility" title="Visibility">
              <VisibilityPanel visibility={data.visibility} />
            </Section>
          </>
        )}
      </Stack>
    </Container>
  );
}

import { lazy, Suspense } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Title, useDataProvider } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  FIGURES_PERIODS,
  type FiguresAnswer,
  type FiguresPeriod,
} from '@linkcoin/domain/audit/figures.ts';
import { CsvExportButton } from '../audit/CsvExportButton';
import type { ConsoleDataProvider } from '../dataProvider';
import { FiguresTable } from './FiguresTable';
import { countOf, countText, figuresCsvPath, periodOf, periodText, rateText } from './format';

// The chart library loads with this page only, in a chunk of its own.
const FiguresChart = lazy(() =>
  import('./FiguresChart').then((module) => ({ default: module.FiguresChart })),
);

function Tile({
  id,
  title,
  value,
  detail,
}: {
  id: string;
  title: string;
  value: string;
  detail: string;
}) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={`figure-${id}`}>
      <CardContent>
        <Typography id={`figure-${id}`} variant="subtitle2" component="h3" color="text.secondary">
          {title}
        </Typography>
        <Typography
          variant="h5"
          component="p"
          sx={{ fontWeight: 700 }}
          data-testid={`figure-${id}`}
        >
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Totals({ answer }: { answer: FiguresAnswer }) {
  const { totals } = answer;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      <Tile
        id="sign-ups"
        title="Sign-ups"
        value={countText(totals.signUps)}
        detail={`${countOf(totals.brandSignUps, 'brand')}, ${countOf(totals.creatorSignUps, 'creator')}`}
      />
      <Tile
        id="verified"
        title="Verified creators"
        value={countText(totals.verifiedCreators)}
        detail={`${countText(totals.newVerifiedCreators)} newly verified in the period`}
      />
      <Tile
        id="conversations"
        title="Conversations opened"
        value={countText(totals.conversations)}
        detail={`${countText(totals.replied)} answered by the creator`}
      />
      <Tile
        id="reply-rate"
        title="Reply rate"
        value={rateText(totals.replyRate)}
        detail="Share of conversations opened that the creator answered"
      />
      <Tile
        id="coins-bought"
        title="Coins bought"
        value={countText(totals.coinsBought)}
        detail="Bonus coins included"
      />
      <Tile
        id="coins-granted"
        title="Coins granted"
        value={countText(totals.coinsGranted)}
        detail="Given by admins from the console"
      />
      <Tile
        id="coins-refunded"
        title="Coins refunded"
        value={countText(totals.coinsRefunded)}
        detail="Given back: no reply within 48 hours, or a refused connection"
      />
      <Tile
        id="coins-spent"
        title="Coins spent"
        value={countText(totals.coinsSpent)}
        detail="On adding creators to lists and renewing chats"
      />
    </Box>
  );
}

/**
 * The marketplace's figures for admins and auditors (`GET /api/admin/figures`): the period's
 * totals, a chart and a table of every day, and the daily rows as a CSV download. The period is
 * in the address (`#/figures?days=90`).
 */
export function FiguresPage() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [params, setParams] = useSearchParams();
  const days = periodOf(params);
  const figures = useQuery({
    queryKey: ['figures', days],
    queryFn: async () => (await dataProvider.getFigures(days)).data,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });
  const answer = figures.data;
  return (
    <Box sx={{ py: 2, pr: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title="Figures" />
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Marketplace figures
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          <ToggleButtonGroup
            exclusive
            size="small"
            value={days}
            aria-label="Period"
            onChange={(_event, value: FiguresPeriod | null) => {
              if (value !== null) setParams({ days: String(value) }, { replace: true });
            }}
          >
            {FIGURES_PERIODS.map((period) => (
              // The chosen period is the group's tab stop; the arrow keys move between them.
              <ToggleButton key={period} value={period} tabIndex={period === days ? 0 : -1}>
                {`${period} days`}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <CsvExportButton path={figuresCsvPath(days)} label="Download CSV" labelled />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {answer
            ? `From ${periodText(answer.from, answer.to)}, in India's days. A reply counts on the day its conversation was opened, so the last days' reply rates can still rise.`
            : "Days are India's days."}
        </Typography>
        {figures.isFetching && <LinearProgress aria-label="Loading the figures" />}
        {figures.error && (
          <Alert severity="error">
            {figures.error instanceof Error ? figures.error.message : 'Could not load the figures'}
          </Alert>
        )}
        {answer && (
          <>
            <Totals answer={answer} />
            <Suspense fallback={<LinearProgress aria-label="Loading the chart" />}>
              <FiguresChart daily={answer.daily} />
            </Suspense>
            <Typography variant="h6" component="h3">
              Day by day
            </Typography>
            <Card variant="outlined" sx={{ minWidth: 0 }}>
              <FiguresTable daily={answer.daily} />
            </Card>
          </>
        )}
      </Stack>
    </Box>
  );
}

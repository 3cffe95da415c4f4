import { Box, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import type { FiguresDay } from '@linkcoin/domain/audit/figures.ts';
import { dayLabel } from './format';

/**
 * The period day by day as lines: sign-ups, newly verified creators, conversations opened and
 * coins spent. MUI X Charts, as the creators' insights page (frontend-user/src/features/insights):
 * it draws with the console's theme, fills its container at 360 px, and its points are reached
 * with the arrow keys. Loaded with the figures page only (its own chunk). Every number is also
 * in the table below it.
 */
export function FiguresChart({ daily }: { daily: readonly FiguresDay[] }) {
  const labels = daily.map((d) => dayLabel(d.day));
  const every = Math.max(1, Math.ceil(daily.length / 6));
  const marks = daily.length <= 31;
  return (
    <Box component="figure" aria-labelledby="figures-chart-caption" sx={{ m: 0, minWidth: 0 }}>
      <LineChart
        height={280}
        xAxis={[
          {
            scaleType: 'point',
            data: labels,
            tickInterval: (_value: string, index: number) => index % every === 0,
          },
        ]}
        yAxis={[{ tickMinStep: 1, width: 40 }]}
        series={[
          {
            id: 'signUps',
            label: 'Sign-ups',
            data: daily.map((d) => d.brandSignUps + d.creatorSignUps),
            showMark: marks,
          },
          {
            id: 'verified',
            label: 'Newly verified creators',
            data: daily.map((d) => d.newVerifiedCreators),
            showMark: marks,
          },
          {
            id: 'conversations',
            label: 'Conversations opened',
            data: daily.map((d) => d.conversations),
            showMark: marks,
          },
          {
            id: 'coinsSpent',
            label: 'Coins spent',
            data: daily.map((d) => d.coinsSpent),
            showMark: marks,
          },
        ]}
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      />
      <Typography
        component="figcaption"
        id="figures-chart-caption"
        variant="body2"
        color="text.secondary"
      >
        Sign-ups, newly verified creators, conversations opened and coins spent per day, from{' '}
        {labels[0]} to {labels.at(-1)}. Every figure is in the table below the chart.
      </Typography>
    </Box>
  );
}

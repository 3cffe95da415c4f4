import { Box, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import type { InsightsDay } from '@linkcoin/domain/insights/contracts.ts';
import { dayLabel } from '../utils/format';

/**
 * The period day by day, as lines: search impressions, profile viewers and list adds. MUI X
 * Charts (`@mui/x-charts`, MIT, kept by the MUI team with the rest of our components): it
 * draws with the app's theme, lays out to its container's width (a phone's 360 px included),
 * and its points are reached from the keyboard (arrow keys, the tooltip follows). The
 * numbers are also a table beside it (DailyTable), for screen readers and for reading.
 */
export function DailyChart({ daily }: { daily: readonly InsightsDay[] }) {
  const labels = daily.map((d) => dayLabel(d.day));
  // About six labels along the axis whatever the period.
  const every = Math.max(1, Math.ceil(daily.length / 6));
  return (
    <Box component="figure" aria-labelledby="insights-chart-caption" sx={{ m: 0, minWidth: 0 }}>
      <LineChart
        height={280}
        xAxis={[
          {
            scaleType: 'point',
            data: labels,
            tickInterval: (_value: string, index: number) => index % every === 0,
          },
        ]}
        yAxis={[{ tickMinStep: 1, width: 36 }]}
        series={[
          {
            id: 'impressions',
            label: 'Search impressions',
            data: daily.map((d) => d.impressions),
            showMark: daily.length <= 31,
          },
          {
            id: 'viewers',
            label: 'Profile viewers',
            data: daily.map((d) => d.brandViews + d.visitorViews),
            showMark: daily.length <= 31,
          },
          {
            id: 'listAdds',
            label: 'List adds',
            data: daily.map((d) => d.listAdds),
            showMark: daily.length <= 31,
          },
        ]}
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      />
      <Typography
        component="figcaption"
        id="insights-chart-caption"
        variant="body2"
        color="text.secondary"
      >
        Search impressions, profile viewers and list adds per day, from {labels[0]} to{' '}
        {labels.at(-1)}. The same numbers are in the table below the chart.
      </Typography>
    </Box>
  );
}

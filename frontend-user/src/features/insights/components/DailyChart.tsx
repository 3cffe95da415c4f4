import { Box, Typography } from '@mui/material';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import type { InsightsDay } from '@linkcoin/domain/insights/contracts.ts';
import { countText, dayLabel, periodText } from '../utils/format';

const LINES = [
  { id: 'impressions', label: 'Search impressions', value: (d: InsightsDay) => d.impressions },
  {
    id: 'viewers',
    label: 'Profile viewers',
    value: (d: InsightsDay) => d.brandViews + d.visitorViews,
  },
  { id: 'listAdds', label: 'List adds', value: (d: InsightsDay) => d.listAdds },
] as const;

const SHAPES = ['circle', 'square', 'diamond'] as const;

/**
 * The period day by day, as lines: search impressions, profile viewers and list adds. MUI X
 * Charts (`@mui/x-charts`, MIT, kept by the MUI team with the rest of our components): it
 * draws with the app's theme, lays out to its container's width (a phone's 360 px included),
 * and its points are reached from the keyboard (arrow keys; the tooltip stands by the point).
 * Straight lines from day to day (a day's count is that day's, not a curve's), whole numbers
 * on the y axis from 0. A period with nothing to draw says so instead of a flat line. The
 * numbers are also a table beside it (DailyTable), for screen readers and for reading.
 */
export function DailyChart({ daily }: { daily: readonly InsightsDay[] }) {
  const days = daily.map((d) => d.day);
  const values = LINES.map((line) => daily.map(line.value));
  const highest = Math.max(0, ...values.flat());
  const period = days.length > 0 ? periodText(days[0]!, days.at(-1)!) : '';
  if (highest === 0) {
    return (
      <Typography color="text.secondary">
        Nothing to chart yet: no search impressions, profile viewers or list adds from {period}.
        Each day shows here once brands start finding your profile.
      </Typography>
    );
  }
  // About six labels along the axis whatever the period.
  const every = Math.max(1, Math.ceil(daily.length / 6));
  return (
    // The chart's name says what it draws, its description is the caption (the library's own
    // `title` lands on a presentational element, which axe refuses).
    <Box
      component="figure"
      aria-label="Search impressions, profile viewers and list adds per day"
      aria-describedby="insights-chart-caption"
      sx={{ m: 0, minWidth: 0 }}
    >
      <LineChart
        height={280}
        xAxis={[
          {
            scaleType: 'point',
            data: days,
            tickInterval: (_value: string, index: number) => index % every === 0,
            valueFormatter: (day: string, context) =>
              context.location === 'tick' ? dayLabel(day) : dayLabel(day, true),
          },
        ]}
        yAxis={[
          {
            min: 0,
            tickMinStep: 1,
            valueFormatter: (value: number) => countText(value),
            width: 16 + 8 * countText(highest).length,
          },
        ]}
        series={LINES.map((line, index) => ({
          id: line.id,
          label: line.label,
          data: values[index]!,
          curve: 'linear',
          showMark: daily.length <= 90,
          shape: SHAPES[index],
          labelMarkType: 'line+mark',
        }))}
        slotProps={{ tooltip: { trigger: 'item', anchor: 'node' } }}
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        // Hollow marks: where lines meet on one value, every series' mark still shows.
        sx={{ [`& .${lineClasses.mark}`]: { fill: 'none' } }}
      />
      <Typography
        component="figcaption"
        id="insights-chart-caption"
        variant="body2"
        color="text.secondary"
      >
        Search impressions, profile viewers and list adds per day, from {period}. The same numbers
        are in the table below the chart.
      </Typography>
    </Box>
  );
}

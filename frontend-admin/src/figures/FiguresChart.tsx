import { Box, Stack, Typography } from '@mui/material';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import type { MarkShape } from '@mui/x-charts/models';
import type { FiguresDay } from '@linkcoin/domain/audit/figures.ts';
import { countText, dayLabel, periodText } from './format';

type Line = Readonly<{ id: string; label: string; value: (day: FiguresDay) => number }>;

/** Each line its own mark, so lines on the same values still show one another's marks. */
const SHAPES: readonly MarkShape[] = ['circle', 'square', 'diamond', 'triangle'];

/**
 * One chart of the period day by day: straight lines between the days (a day's figure is that
 * day's, not a curve's hump), a mark on every day up to 90 days, whole numbers on the y axis
 * from 0 (0 to 1 on a period without any). The keyboard's tooltip stands by the point it
 * reads (trigger 'item': anchored on the point, where the axis tooltip sits at the top).
 */
function DayLines({
  id,
  title,
  caption,
  daily,
  lines,
}: {
  id: string;
  title: string;
  caption: string;
  daily: readonly FiguresDay[];
  lines: readonly Line[];
}) {
  const days = daily.map((d) => d.day);
  const every = Math.max(1, Math.ceil(daily.length / 6));
  const marks = daily.length <= 90;
  const values = lines.map((line) => daily.map(line.value));
  const highest = Math.max(0, ...values.flat());
  const captionId = `${id}-caption`;
  return (
    // The chart's name is its title, its description the caption (the library's own `title`
    // lands on a presentational element, which axe refuses).
    <Box
      component="figure"
      aria-label={title}
      aria-describedby={captionId}
      sx={{ m: 0, minWidth: 0 }}
    >
      <LineChart
        height={260}
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
            // Nothing to draw: 0 to 1 (whole numbers), not a squeezed axis of fractions.
            ...(highest === 0 ? { max: 1 } : {}),
            tickMinStep: 1,
            valueFormatter: (value: number) => countText(value),
            width: 16 + 8 * countText(highest).length,
          },
        ]}
        series={lines.map((line, index) => ({
          id: line.id,
          label: line.label,
          data: values[index]!,
          curve: 'linear',
          showMark: marks,
          shape: SHAPES[index % SHAPES.length],
          labelMarkType: 'line+mark',
          valueFormatter: (value: number | null) => (value === null ? '' : countText(value)),
        }))}
        slotProps={{ tooltip: { trigger: 'item', anchor: 'node' } }}
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        // Hollow marks: where lines meet on one value, every series' mark still shows.
        sx={{ [`& .${lineClasses.mark}`]: { fill: 'none' } }}
      />
      <Typography component="figcaption" id={captionId} variant="body2" color="text.secondary">
        {caption} per day, from {periodText(days[0]!, days.at(-1)!)}. Every figure is in the table
        below the charts.
      </Typography>
    </Box>
  );
}

/**
 * The period day by day as lines, in two charts so that counts and coins keep their own
 * scales: people and conversations, and coins in and out. MUI X Charts, as the creators'
 * insights page (frontend-user/src/features/insights): it draws with the console's theme,
 * fills its container at 360 px, and its points are reached with the arrow keys. Loaded with
 * the figures page only (its own chunk). Every number is also in the table below.
 */
export function FiguresChart({ daily }: { daily: readonly FiguresDay[] }) {
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <DayLines
        id="figures-activity"
        title="Sign-ups, newly verified creators and conversations opened per day"
        caption="Sign-ups, newly verified creators and conversations opened"
        daily={daily}
        lines={[
          { id: 'signUps', label: 'Sign-ups', value: (d) => d.brandSignUps + d.creatorSignUps },
          { id: 'verified', label: 'Newly verified creators', value: (d) => d.newVerifiedCreators },
          { id: 'conversations', label: 'Conversations opened', value: (d) => d.conversations },
        ]}
      />
      <DayLines
        id="figures-coins"
        title="Coins bought, granted, refunded and spent per day"
        caption="Coins bought, granted, refunded and spent"
        daily={daily}
        lines={[
          { id: 'coinsBought', label: 'Coins bought', value: (d) => d.coinsBought },
          { id: 'coinsGranted', label: 'Coins granted', value: (d) => d.coinsGranted },
          { id: 'coinsRefunded', label: 'Coins refunded', value: (d) => d.coinsRefunded },
          { id: 'coinsSpent', label: 'Coins spent', value: (d) => d.coinsSpent },
        ]}
      />
    </Stack>
  );
}

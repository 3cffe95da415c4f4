import { useId, useState } from 'react';
import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import type { InsightsDay } from '@linkcoin/domain/insights/contracts.ts';
import { countText, dayLabel } from '../utils/format';

const COLUMNS: readonly (readonly [string, (day: InsightsDay) => number])[] = [
  ['Impressions', (d) => d.impressions],
  ['Brand viewers', (d) => d.brandViews],
  ['Visitors', (d) => d.visitorViews],
  ['List adds', (d) => d.listAdds],
];

/** The chart's numbers as a table, newest day first: shown on request. */
export function DailyTable({ daily }: { daily: readonly InsightsDay[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        onClick={() => setOpen((shown) => !shown)}
        aria-expanded={open}
        aria-controls={id}
        sx={{ alignSelf: 'flex-start' }}
      >
        {open ? 'Hide the table' : 'Show the numbers as a table'}
      </Button>
      {/* Scrolls in its own region, which the keyboard can focus and scroll. */}
      <TableContainer
        id={id}
        hidden={!open}
        tabIndex={0}
        role="region"
        aria-label="Day by day, scrolls"
        sx={{ maxHeight: 420, overflowX: 'auto' }}
      >
        <Table size="small" stickyHeader aria-label="Day by day">
          <TableHead>
            <TableRow>
              <TableCell scope="col">Day</TableCell>
              {COLUMNS.map(([title]) => (
                <TableCell key={title} scope="col" align="right">
                  {title}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {[...daily].reverse().map((d) => (
              <TableRow key={d.day}>
                <TableCell component="th" scope="row">
                  {dayLabel(d.day)}
                </TableCell>
                {COLUMNS.map(([title, value]) => (
                  <TableCell key={title} align="right">
                    {countText(value(d))}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { FiguresDay } from '@linkcoin/domain/audit/figures.ts';
import { WideTable } from '../layout/WideTable';
import { countText, dayLabel, rateText, spansYears } from './format';

const COLUMNS: readonly (readonly [string, (day: FiguresDay) => string])[] = [
  ['Brand sign-ups', (d) => countText(d.brandSignUps)],
  ['Creator sign-ups', (d) => countText(d.creatorSignUps)],
  ['Newly verified', (d) => countText(d.newVerifiedCreators)],
  ['Verified creators', (d) => countText(d.verifiedCreators)],
  ['Coins bought', (d) => countText(d.coinsBought)],
  ['Coins granted', (d) => countText(d.coinsGranted)],
  ['Coins spent', (d) => countText(d.coinsSpent)],
  ['Coins refunded', (d) => countText(d.coinsRefunded)],
  ['Conversations opened', (d) => countText(d.conversations)],
  ['Answered', (d) => countText(d.replied)],
  ['Reply rate', (d) => rateText(d.replyRate)],
];

/**
 * Every day of the period, newest first, in the console's wide-table region: it scrolls
 * sideways inside itself on a phone (saying so), and takes the keyboard's focus. A day reads
 * on one line ("27 Nov"), with its year when the period spans two.
 */
export function FiguresTable({ daily }: { daily: readonly FiguresDay[] }) {
  const withYear = daily.length > 0 && spansYears(daily[0]!.day, daily.at(-1)!.day);
  return (
    <WideTable label="Figures day by day">
      <Table size="small" aria-label="Figures day by day">
        <TableHead>
          <TableRow>
            <TableCell scope="col" sx={{ whiteSpace: 'nowrap' }}>
              Day
            </TableCell>
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
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {dayLabel(d.day, withYear)}
              </TableCell>
              {COLUMNS.map(([title, value]) => (
                <TableCell key={title} align="right">
                  {value(d)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </WideTable>
  );
}

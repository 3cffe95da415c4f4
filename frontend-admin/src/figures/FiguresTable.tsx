import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { FiguresDay } from '@linkcoin/domain/audit/figures.ts';
import { WideTable } from '../layout/WideTable';
import { countText, dayLabel, rateText } from './format';

const COLUMNS: readonly (readonly [string, (day: FiguresDay) => string])[] = [
  ['Brand sign-ups', (d) => countText(d.brandSignUps)],
  ['Creator sign-ups', (d) => countText(d.creatorSignUps)],
  ['Newly verified', (d) => countText(d.newVerifiedCreators)],
  ['Verified creators', (d) => countText(d.verifiedCreators)],
  ['Coins bought', (d) => countText(d.coinsBought)],
  ['Coins spent', (d) => countText(d.coinsSpent)],
  ['Coins refunded', (d) => countText(d.coinsRefunded)],
  ['Conversations opened', (d) => countText(d.conversations)],
  ['Answered', (d) => countText(d.replied)],
  ['Reply rate', (d) => rateText(d.replyRate)],
];

/**
 * Every day of the period, newest first, in the console's wide-table region: it scrolls
 * sideways inside itself on a phone (saying so), and takes the keyboard's focus.
 */
export function FiguresTable({ daily }: { daily: readonly FiguresDay[] }) {
  return (
    <WideTable label="Figures day by day">
      <Table size="small" aria-label="Figures day by day">
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

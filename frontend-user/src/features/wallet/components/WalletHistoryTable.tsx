import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { WalletEntry } from '@linkcoin/domain/wallet/contracts.ts';
import {
  describeWalletEntry,
  formatCoinDelta,
  formatEntryDate,
} from '@linkcoin/frontend-shared/wallet/entry-text.ts';
import { paymentQueryOptions } from '../../payments/api/payments';

/**
 * A purchase line names the package (25 + 5) once its payment is read; a settled payment never
 * changes, so it is read once.
 */
function PurchaseWhat({ entry, paymentId }: { entry: WalletEntry; paymentId: string }) {
  const payment = useQuery({ ...paymentQueryOptions(paymentId), staleTime: Infinity });
  return <>{describeWalletEntry(entry, payment.data?.payment ?? null)}</>;
}

function What({ entry }: { entry: WalletEntry }) {
  if (entry.kind === 'purchase' && entry.paymentId) {
    return <PurchaseWhat entry={entry} paymentId={entry.paymentId} />;
  }
  return <>{describeWalletEntry(entry)}</>;
}

const deltaColor = (coins: number) =>
  coins > 0 ? 'success.main' : coins < 0 ? 'error.main' : 'text.secondary';

/** The wallet's lines, newest first: when, what, coins ±, balance after. */
export function WalletHistoryTable({ entries }: { entries: readonly WalletEntry[] }) {
  return (
    <TableContainer>
      <Table aria-label="LinkCoin history, newest first">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>What</TableCell>
            <TableCell align="right">LinkCoins</TableCell>
            <TableCell align="right">Balance after</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Box component="time" dateTime={entry.at}>
                  {formatEntryDate(entry.at)}
                </Box>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <What entry={entry} />
              </TableCell>
              <TableCell align="right">
                <Typography
                  component="span"
                  sx={{ fontWeight: 700, color: deltaColor(entry.coins) }}
                >
                  {formatCoinDelta(entry.coins)}
                </Typography>
              </TableCell>
              <TableCell align="right">{entry.balanceAfter}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

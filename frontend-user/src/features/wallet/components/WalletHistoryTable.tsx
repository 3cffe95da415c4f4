import { Fragment } from 'react';
import {
  Box,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { WalletEntryView } from '@linkcoin/domain/wallet/contracts.ts';
import {
  formatCoinDelta,
  formatEntryDate,
  walletEntrySegments,
  type EntrySegment,
} from '@linkcoin/frontend-shared/wallet/entry-text.ts';
import { paymentQueryOptions } from '../../payments/api/payments';

/** A line's "what", the name of the creator it is about linked to their profile. */
function Segments({ segments }: { segments: readonly EntrySegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.userId ? (
          <Link
            key={index}
            component={RouterLink}
            to={`/Profile/${encodeURIComponent(segment.userId)}`}
            sx={{ fontWeight: 600 }}
          >
            {segment.text}
          </Link>
        ) : (
          <Fragment key={index}>{index === 0 ? capitalised(segment.text) : segment.text}</Fragment>
        ),
      )}
    </>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A purchase line names the package (25 + 5) once its payment is read (a settled payment never
 * changes, so it is read once), and the payment it came from.
 */
function PurchaseWhat({ entry, paymentId }: { entry: WalletEntryView; paymentId: string }) {
  const payment = useQuery({ ...paymentQueryOptions(paymentId), staleTime: Infinity });
  return (
    <>
      <Segments segments={walletEntrySegments(entry, payment.data?.payment ?? null)} />
      <Typography
        component="span"
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', fontFamily: 'monospace' }}
      >
        {`Payment ${paymentId}`}
      </Typography>
    </>
  );
}

function What({ entry }: { entry: WalletEntryView }) {
  if (entry.kind === 'purchase' && entry.paymentId) {
    return <PurchaseWhat entry={entry} paymentId={entry.paymentId} />;
  }
  return <Segments segments={walletEntrySegments(entry)} />;
}

const deltaColor = (coins: number) =>
  coins > 0 ? 'success.main' : coins < 0 ? 'error.main' : 'text.secondary';

/** The wallet's lines, newest first: when, what, coins ±, balance after. */
export function WalletHistoryTable({ entries }: { entries: readonly WalletEntryView[] }) {
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

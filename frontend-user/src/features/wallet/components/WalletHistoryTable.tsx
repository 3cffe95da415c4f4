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
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { WalletEntryView } from '@linkcoin/domain/wallet/contracts.ts';
import {
  formatCoinDelta,
  formatEntryDate,
  walletEntrySegments,
  type EntrySegment,
} from '@linkcoin/frontend-shared/wallet/entry-text.ts';
import { paymentQueryOptions } from '../api/payments';

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
            // Underlined: a link inside a sentence is told apart by more than its colour (on a
            // phone's card the whole sentence is bold).
            underline="always"
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

/**
 * Under 600 px, one card a line in the table's order: what happened and the coins on top, the
 * date and the balance after below, each on one line (a four-column table would squeeze "what"
 * to a syllable a line and cut the figures off).
 */
function WalletHistoryCards({ entries }: { entries: readonly WalletEntryView[] }) {
  return (
    <Box
      component="ol"
      aria-label="LinkCoin history, newest first"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    >
      {entries.map((entry) => (
        <Box
          component="li"
          key={entry.id}
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            p: 2,
            bgcolor: 'background.paper',
          }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
              <What entry={entry} />
            </Typography>
            <Typography
              component="span"
              sx={{ fontWeight: 700, color: deltaColor(entry.coins), whiteSpace: 'nowrap' }}
            >
              {formatCoinDelta(entry.coins)}
            </Typography>
          </Box>
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 2,
              mt: 0.5,
              flexWrap: 'wrap',
            }}
          >
            <Typography variant="body2" color="text.secondary">
              <Box component="time" dateTime={entry.at}>
                {formatEntryDate(entry.at)}
              </Box>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Balance after: {entry.balanceAfter}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The wallet's lines, newest first: when, what, coins ±, balance after (cards on a phone). */
export function WalletHistoryTable({ entries }: { entries: readonly WalletEntryView[] }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  if (phone) return <WalletHistoryCards entries={entries} />;
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

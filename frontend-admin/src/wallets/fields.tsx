import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import {
  describeWalletEntry,
  formatCoinDelta,
} from '@linkcoin/frontend-shared/wallet/entry-text.ts';
import type { ConsoleWalletEntry } from './types';

/** A history line's "what", worded as the brand reads it in the user app. */
export function EntryWhatField(_props: { label?: string }) {
  const record = useRecordContext<ConsoleWalletEntry>();
  if (!record) return null;
  return <>{describeWalletEntry(record)}</>;
}

/** A line's coins, signed and coloured: +30, −1. */
export function CoinDeltaField(_props: { label?: string }) {
  const record = useRecordContext<ConsoleWalletEntry>();
  if (!record) return null;
  const color =
    record.coins > 0 ? 'success.main' : record.coins < 0 ? 'error.main' : 'text.secondary';
  return (
    <Typography component="span" variant="body2" sx={{ fontWeight: 700, color }}>
      {formatCoinDelta(record.coins)}
    </Typography>
  );
}

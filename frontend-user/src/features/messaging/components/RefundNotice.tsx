import { Alert } from '@mui/material';
import type { CollectionEntry } from '@linkcoin/domain/collections/contracts.ts';

/**
 * The 48-hour guarantee kept (docs/product-spec.md section 9): the creator did not answer the payer's first
 * message in time and the coin went back to the payer's wallet.
 */
export function RefundNotice({ entry }: { entry: CollectionEntry }) {
  const name = entry.user.ownerName;
  return (
    <Alert severity="info" sx={{ borderRadius: 0 }}>
      {entry.role === 'payer'
        ? `${name} did not reply within 48 hours of your first message, so your LinkCoin was refunded. You can see it in your wallet history.`
        : `You did not reply within 48 hours of ${name}'s first message, so their LinkCoin was refunded.`}
    </Alert>
  );
}

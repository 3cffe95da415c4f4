import { Button, Typography } from '@mui/material';
import HourglassTopRoundedIcon from '@mui/icons-material/HourglassTopRounded';
import { Link as RouterLink } from 'react-router-dom';
import type { PaymentView } from '@linkcoin/domain/wallet/contracts.ts';
import { formatRupees } from '../../../lib/format';
import { usePurchaseDialog } from '../purchase-dialog-context';
import { RESULT_TEXTS, paymentTitle } from '../payment-result';
import { PaymentFacts, ResultLayout, transactionFact } from './ResultLayout';

const startedAt = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
};

/**
 * A payment the provider has not confirmed, or one that expired unpaid: what it was for, and a
 * way back to buying.
 */
export function PaymentPending({
  payment,
  gaveUp = false,
  onCheckAgain,
}: {
  payment: PaymentView;
  gaveUp?: boolean;
  onCheckAgain?: () => void;
}) {
  const { openPurchase } = usePurchaseDialog();
  const expired = payment.status === 'expired';
  return (
    <ResultLayout
      title={expired ? 'Payment expired' : 'Waiting for your payment'}
      icon={
        <HourglassTopRoundedIcon
          color={expired ? 'action' : 'secondary'}
          sx={{ fontSize: 64 }}
          aria-hidden="true"
        />
      }
      transactionId={payment.id}
      actions={
        <>
          <Button variant="contained" onClick={() => openPurchase()} aria-haspopup="dialog">
            {expired ? 'Buy LinkCoins' : 'Start a new purchase'}
          </Button>
          <Button variant="outlined" component={RouterLink} to="/">
            {RESULT_TEXTS.backToHome}
          </Button>
        </>
      }
    >
      <Typography role="status" color="text.secondary">
        {expired
          ? 'This payment was not completed in time. You have not been charged.'
          : gaveUp
            ? 'The payment provider has not confirmed this payment yet.'
            : 'We are waiting for the payment provider to confirm this payment. This page updates by itself.'}
      </Typography>
      {!expired && gaveUp && onCheckAgain && (
        <Button size="small" onClick={onCheckAgain}>
          Check again
        </Button>
      )}
      <PaymentFacts
        facts={[
          transactionFact(payment.id),
          ['LinkCoins', paymentTitle(payment)],
          ['Amount', formatRupees(payment.rupees)],
          ['Started', startedAt(payment.startedAt)],
        ]}
      />
    </ResultLayout>
  );
}

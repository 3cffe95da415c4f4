import { Button, Typography } from '@mui/material';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import { Link as RouterLink } from 'react-router-dom';
import { errorStatus } from '../../../lib/api-client';
import { RESULT_TEXTS } from '../payment-result';
import { ResultLayout } from './ResultLayout';

const textOf = (error: unknown): string => {
  const status = errorStatus(error);
  if (status === 404 || status === 403 || status === 400) {
    return 'We could not find this payment in your account.';
  }
  if (error) return 'We could not load this payment. Please try again in a moment.';
  return 'There is no payment to show here.';
};

/** A result screen without a payment to show: no `?id=`, an unknown id, or someone else's. */
export function PaymentNotFound({
  transactionId,
  error,
}: {
  transactionId: string | null;
  error?: unknown;
}) {
  return (
    <ResultLayout
      title="Payment not found"
      icon={<HelpOutlineRoundedIcon color="action" sx={{ fontSize: 64 }} aria-hidden="true" />}
      transactionId={transactionId}
      actions={
        <>
          <Button variant="contained" component={RouterLink} to="/payment">
            Buy LinkCoins
          </Button>
          <Button variant="outlined" component={RouterLink} to="/">
            {RESULT_TEXTS.backToHome}
          </Button>
        </>
      }
    >
      <Typography color="text.secondary">{textOf(error)}</Typography>
    </ResultLayout>
  );
}

import { Button, Typography } from '@mui/material';
import ErrorRoundedIcon from '@mui/icons-material/ErrorRounded';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { PaymentFacts, ResultLayout, transactionFact } from '../components/ResultLayout';
import { RESULT_TEXTS, failureScreenOf } from '../payment-result';

/** React Router's own history entry: `idx` 0 is the first page of this visit to the app. */
const inAppHistoryIndex = (): number => {
  const state: unknown = window.history.state;
  if (typeof state === 'object' && state !== null && 'idx' in state) {
    const { idx } = state;
    return typeof idx === 'number' ? idx : 0;
  }
  return 0;
};

/**
 * Payment failed (docs/product-spec.md section 2): the message of `?code=` (default UNKNOWN_ERROR), the
 * transaction id of `?id=`, the not-charged note, Try Again, Back to Home and the support link.
 */
export function PaymentFailurePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const screen = failureScreenOf(params);

  // Back one page. Arriving from the payment provider, the page before is the provider's,
  // settled and of no use: Try Again then leads back to buying.
  const tryAgain = () => {
    if (inAppHistoryIndex() > 0) void navigate(-1);
    else void navigate('/payment');
  };

  return (
    <ResultLayout
      title={RESULT_TEXTS.failedHeading}
      icon={<ErrorRoundedIcon color="error" sx={{ fontSize: 64 }} aria-hidden="true" />}
      transactionId={screen.transactionId}
      actions={
        <>
          <Button variant="contained" onClick={tryAgain}>
            {RESULT_TEXTS.tryAgain}
          </Button>
          <Button variant="outlined" component={RouterLink} to="/">
            {RESULT_TEXTS.backToHome}
          </Button>
        </>
      }
    >
      <Typography role="alert" sx={{ fontWeight: 600 }}>
        {screen.message}
      </Typography>
      <PaymentFacts facts={[transactionFact(screen.transactionId)]} />
      <Typography color="text.secondary">{RESULT_TEXTS.notCharged}</Typography>
    </ResultLayout>
  );
}

import { Button, Typography } from '@mui/material';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { PaymentView } from '@linkcoin/domain/wallet/contracts.ts';
import { linkCoins } from '@linkcoin/frontend-shared/wallet/entry-text.ts';
import { formatRupees } from '../../../lib/format';
import { PaymentChecking } from '../components/PaymentChecking';
import { PaymentNotFound } from '../components/PaymentNotFound';
import { PaymentPending } from '../components/PaymentPending';
import { PaymentFacts, ResultLayout, transactionFact } from '../components/ResultLayout';
import { useBalanceAfterCredit, usePayment } from '../hooks/usePayment';
import { RESULT_TEXTS, paymentIdOf, paymentTitle, resultPathOf } from '../payment-result';

function CoinsLine({ payment, balance }: { payment: PaymentView; balance: number | null }) {
  const coins = linkCoins(payment.coins + payment.bonusCoins);
  return (
    <Typography role="status" color={balance === null ? 'text.secondary' : 'success.main'}>
      {balance === null
        ? `Adding ${coins} to your wallet...`
        : `${coins} added to your wallet. Your balance is now ${linkCoins(balance)}.`}
    </Typography>
  );
}

function PaymentSuccess({ paymentId }: { paymentId: string }) {
  const { payment, stage, error, isPending, gaveUp, checkAgain } = usePayment(paymentId);
  const balance = useBalanceAfterCredit(paymentId, stage === 'credited');

  if (isPending) return <PaymentChecking />;
  if (!payment) return <PaymentNotFound transactionId={paymentId} error={error} />;
  // The address says success, the payment does not (yet): show what it is.
  if (stage === 'failed' || stage === 'expired')
    return <Navigate to={resultPathOf(payment)} replace />;
  if (stage === 'confirming') {
    return <PaymentPending payment={payment} gaveUp={gaveUp} onCheckAgain={checkAgain} />;
  }

  return (
    <ResultLayout
      title={RESULT_TEXTS.successHeading}
      icon={<CheckCircleRoundedIcon color="success" sx={{ fontSize: 64 }} aria-hidden="true" />}
      transactionId={paymentId}
      actions={
        <>
          <Button variant="contained" component={RouterLink} to="/">
            {RESULT_TEXTS.backToHome}
          </Button>
          <Button variant="outlined" component={RouterLink} to="/wallet">
            View wallet
          </Button>
        </>
      }
    >
      <Typography sx={{ fontWeight: 600 }}>{RESULT_TEXTS.thanks}</Typography>
      <CoinsLine payment={payment} balance={balance} />
      {gaveUp && (
        <Button size="small" onClick={checkAgain}>
          Check again
        </Button>
      )}
      <PaymentFacts
        facts={[
          transactionFact(paymentId),
          ['LinkCoins', paymentTitle(payment)],
          ['Amount paid', formatRupees(payment.rupees)],
        ]}
      />
      <Typography color="text.secondary">{RESULT_TEXTS.receipt}</Typography>
    </ResultLayout>
  );
}

/**
 * Payment successful (docs/product-spec.md section 2), for the payment of `?id=`: shown once the provider's
 * confirmation reached the server (the address alone proves nothing). The coins' arrival is
 * followed, and the top bar's balance updates without a reload.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const paymentId = paymentIdOf(params);
  if (paymentId === null) return <PaymentNotFound transactionId={null} />;
  return <PaymentSuccess key={paymentId} paymentId={paymentId} />;
}

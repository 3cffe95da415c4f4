import { Card, CardContent, Container, Typography } from '@mui/material';
import { Navigate, useSearchParams } from 'react-router-dom';
import { packageById } from '@linkcoin/domain/wallet/pricing.ts';
import { PageTitle } from '../../../components/PageTitle';
import { PurchasePanel } from '../components/PurchasePanel';
import { DEFAULT_CHOICE, type PurchaseChoice } from '../purchase';
import { PaymentChecking } from '../components/PaymentChecking';
import { PaymentNotFound } from '../components/PaymentNotFound';
import { PaymentPending } from '../components/PaymentPending';
import { usePayment } from '../hooks/usePayment';
import { paymentIdOf, resultPathOf } from '../payment-result';

/** `?id=`: where that payment stands; settled ones go to their result screen. */
function PaymentState({ paymentId }: { paymentId: string }) {
  const { payment, stage, error, isPending, gaveUp, checkAgain } = usePayment(paymentId);
  if (isPending) return <PaymentChecking />;
  if (!payment) return <PaymentNotFound transactionId={paymentId} error={error} />;
  if (stage === 'confirming' || stage === 'expired') {
    return <PaymentPending payment={payment} gaveUp={gaveUp} onCheckAgain={checkAgain} />;
  }
  return <Navigate to={resultPathOf(payment)} replace />;
}

/** The checkout: the purchase dialog's choices on a page (`?package=growth` picks one). */
function Checkout({ choice }: { choice: PurchaseChoice }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
      <PageTitle title="Buy LinkCoins" />
      <Typography variant="h2" component="h1" gutterBottom>
        Buy LinkCoins
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Pick a package or the number of coins you need. You pay on the payment provider&apos;s page
        and come back here.
      </Typography>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <PurchasePanel initialChoice={choice} rulesHeading="h2" />
        </CardContent>
      </Card>
    </Container>
  );
}

/** /payment (docs/product-spec.md section 2): the checkout, or with `?id=` the state of one payment. */
export function PaymentPage() {
  const [params] = useSearchParams();
  const paymentId = paymentIdOf(params);
  if (paymentId !== null) return <PaymentState key={paymentId} paymentId={paymentId} />;
  const pack = packageById(params.get('package') ?? '');
  return (
    <Checkout
      key={pack?.id ?? 'custom'}
      choice={pack ? { kind: 'package', packageId: pack.id } : DEFAULT_CHOICE}
    />
  );
}

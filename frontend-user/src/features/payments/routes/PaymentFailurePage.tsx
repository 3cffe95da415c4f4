import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function PaymentFailurePage() {
  return (
    <PlaceholderPage title="Payment failure details are being built">
      The explanation shown after a failed LinkCoin purchase arrives with the wallet.
    </PlaceholderPage>
  );
}

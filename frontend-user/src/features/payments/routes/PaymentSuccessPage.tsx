import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function PaymentSuccessPage() {
  return (
    <PlaceholderPage title="Payment confirmations are being built">
      The confirmation shown after a successful LinkCoin purchase arrives with the wallet.
    </PlaceholderPage>
  );
}

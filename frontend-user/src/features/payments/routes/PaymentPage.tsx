import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function PaymentPage() {
  return (
    <PlaceholderPage title="Payments are being built">
      Buying LinkCoins online arrives with the wallet.
    </PlaceholderPage>
  );
}

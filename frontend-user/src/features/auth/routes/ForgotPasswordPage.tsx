import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function ForgotPasswordPage() {
  return (
    <PlaceholderPage title="Password reset is being built">
      Resetting a forgotten password with an e-mail one-time code arrives with accounts.
    </PlaceholderPage>
  );
}

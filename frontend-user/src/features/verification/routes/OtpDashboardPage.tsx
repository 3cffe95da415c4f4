import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function OtpDashboardPage() {
  return (
    <PlaceholderPage title="The Instagram OTP dashboard is being built">
      Administrators will manage Instagram verification codes here.
    </PlaceholderPage>
  );
}

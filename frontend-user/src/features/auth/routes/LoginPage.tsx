import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function LoginPage() {
  return (
    <PlaceholderPage title="Sign-in is being built">
      Logging in to LinkCoin arrives with brand and creator accounts. Until then you can explore how
      LinkCoin works from the home page.
    </PlaceholderPage>
  );
}

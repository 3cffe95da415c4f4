import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function AdminLoginPage() {
  return (
    <PlaceholderPage title="Admin sign-in is being built">
      The administrators' sign-in page arrives with accounts and the verification desk.
    </PlaceholderPage>
  );
}

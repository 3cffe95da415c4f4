import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function UpdateProfilePage() {
  return (
    <PlaceholderPage title="Profile editing is being built">
      The profile wizard, with personal details, social accounts, verification and past posts, is on
      its way.
    </PlaceholderPage>
  );
}

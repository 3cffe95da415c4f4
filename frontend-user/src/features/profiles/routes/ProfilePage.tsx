import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function ProfilePage() {
  return (
    <PlaceholderPage title="Creator profiles are being built">
      Public creator profiles, with verified accounts, prices and popular posts, arrive with the
      creator directory.
    </PlaceholderPage>
  );
}

import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** /Register: registration that starts with the Creator role. */
export function CreatorRegisterPage() {
  return (
    <PlaceholderPage title="Creator registration is being built">
      Signing up as a creator with an e-mail one-time code arrives with accounts.
    </PlaceholderPage>
  );
}

/** /RegisterUser: registration that starts with the Brand role. */
export function BrandRegisterPage() {
  return (
    <PlaceholderPage title="Brand registration is being built">
      Signing up as a brand with an e-mail one-time code arrives with accounts.
    </PlaceholderPage>
  );
}

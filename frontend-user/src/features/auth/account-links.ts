import type { SessionUser } from '@linkcoin/frontend-shared/session/session.ts';

/** The signed-in user's menu (docs/product-spec.md section 2, "Top navigation bar"); Logout follows these. */
export type AccountLink = {
  label: string;
  to: (user: SessionUser) => string;
  /** Shown to this role only. */
  only?: SessionUser['role'];
};

export const ACCOUNT_LINKS: readonly AccountLink[] = [
  { label: 'View Profile', to: (user) => `/Profile/${encodeURIComponent(user._id)}` },
  { label: 'Update Profile', to: () => '/UpdateProfile' },
  // Issue 24: what brands did with the creator's profile.
  { label: 'Insights', to: () => '/insights', only: 'influencer' },
  // Issue 24: a brand's saved directory searches and their new matches.
  { label: 'Saved Searches', to: () => '/saved-searches', only: 'user' },
  // Not in the spec's menu: the signed-in user's balance and coin history.
  { label: 'LinkCoin Wallet', to: () => '/wallet' },
  // Signed in, the current password is asked (the spec's /forgot-password is for the signed out).
  { label: 'Change Password', to: () => '/change-password' },
];

/** The menu's links for this user. */
export const accountLinksFor = (user: SessionUser): readonly AccountLink[] =>
  ACCOUNT_LINKS.filter((link) => !link.only || link.only === user.role);

/** The initial shown in the avatar. */
export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}

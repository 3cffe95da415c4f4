/** The navigation bar's links (spec, "Top navigation bar"). */
export type NavLinkItem = {
  label: string;
  to: string;
  /** Marked as the current page when the visitor is on it; off for links that share a target. */
  showsCurrent: boolean;
};

/** A visitor's links: INFLUENCER and PUBLISH AD lead to /login. */
export const NAV_LINKS: readonly NavLinkItem[] = [
  { label: 'HOME', to: '/', showsCurrent: true },
  { label: 'ABOUT US', to: '/aboutus', showsCurrent: true },
  { label: 'INFLUENCER', to: '/login', showsCurrent: false },
  { label: 'PUBLISH AD', to: '/login', showsCurrent: false },
];

/** A signed-in user's links: INFLUENCER opens the directory. */
export const SIGNED_IN_NAV_LINKS: readonly NavLinkItem[] = NAV_LINKS.map((link) =>
  link.label === 'INFLUENCER' ? { ...link, to: '/influencers', showsCurrent: true } : link,
);

/** The bar's links for a visitor or a signed-in user. */
export function navLinksFor(signedIn: boolean): readonly NavLinkItem[] {
  return signedIn ? SIGNED_IN_NAV_LINKS : NAV_LINKS;
}

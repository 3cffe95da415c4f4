/** The navigation bar's links (spec, "Top navigation bar"). */
export type NavLinkItem = {
  label: string;
  to: string;
  /** Marked as the current page when the visitor is on it; off for links that share a target. */
  showsCurrent: boolean;
};

export const NAV_LINKS: readonly NavLinkItem[] = [
  { label: 'HOME', to: '/', showsCurrent: true },
  { label: 'ABOUT US', to: '/aboutus', showsCurrent: true },
  { label: 'INFLUENCER', to: '/login', showsCurrent: false },
  { label: 'PUBLISH AD', to: '/login', showsCurrent: false },
];

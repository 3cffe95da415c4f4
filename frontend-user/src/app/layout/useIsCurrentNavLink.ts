import { matchPath, useLocation } from 'react-router-dom';
import type { NavLinkItem } from './nav-links';

/** Tells whether a navigation link points at the page being shown (case-insensitive). */
export function useIsCurrentNavLink(): (link: NavLinkItem) => boolean {
  const { pathname } = useLocation();
  return (link) => link.showsCurrent && matchPath({ path: link.to, end: true }, pathname) !== null;
}

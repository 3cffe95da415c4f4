/**
 * The discovery grid's pages (spec sections 2, 6 and 9): a visitor sees page 1 only; a signed-in
 * user sees `max(1, floor((coins - 5) / 5))` pages, capped by the configured maximum
 * (DISCOVERY_MAX_PAGES); "1 extra page unlocked per 5 additional coins". The server refuses a
 * page past what the caller may see; the browser only shows the pager. The spec leaves the grid's
 * page size open: it is the directory's 10 (section 9), so the grid and the directory send the
 * same `limit=10` call of section 7.
 */
import { DomainError } from '../shared/errors.ts';
import { DIRECTORY_MESSAGES as M } from './messages.ts';

export const DISCOVERY_PAGE_SIZE = 10;
/** Spec section 5: unlocking needs at least 5 LinkCoins. */
export const UNLOCK_MIN_COINS = 5;
export const COINS_PER_EXTRA_PAGE = 5;
export const DEFAULT_DISCOVERY_MAX_PAGES = 10;

/** Who looks at the grid: a visitor, or a signed-in user with their balance. */
export type DiscoveryViewer =
  Readonly<{ signedIn: false }> | Readonly<{ signedIn: true; coins: number }>;

/** Spec section 9: the pages a balance unlocks, before the configured cap. */
export const pagesForCoins = (coins: number): number =>
  Math.max(1, Math.floor((coins - UNLOCK_MIN_COINS) / COINS_PER_EXTRA_PAGE));

/** The smallest balance that unlocks `page` (1 for page 1: everyone sees it). */
export const coinsForPage = (page: number): number =>
  page <= 1 ? 0 : UNLOCK_MIN_COINS + COINS_PER_EXTRA_PAGE * page;

/** The pages a viewer may open (before looking at how many results there are). */
export const unlockedPages = (viewer: DiscoveryViewer, maxPages: number): number =>
  viewer.signedIn ? Math.min(pagesForCoins(viewer.coins), maxPages) : 1;

/** Refuses a page the viewer may not open: the server's side of the pager. */
export const checkDiscoveryPage = (
  page: number,
  viewer: DiscoveryViewer,
  maxPages: number,
): void => {
  if (page > maxPages) throw new DomainError('validation', M.pastLastPage(maxPages));
  if (page <= unlockedPages(viewer, maxPages)) return;
  if (!viewer.signedIn) throw new DomainError('unauthorized', M.signInForMore);
  if (viewer.coins < UNLOCK_MIN_COINS) throw new DomainError('forbidden', M.unlockNeedsCoins);
  throw new DomainError('forbidden', M.pageNeedsCoins(page, coinsForPage(page), viewer.coins));
};

/** What the browser shows: `Page X of Y`, and whether Next opens a locked page. */
export type DiscoveryPager = Readonly<{
  page: number;
  pageSize: number;
  /** Y of "Page X of Y": the pages this viewer may open that have results (at least 1). */
  totalPages: number;
  /** Pages the balance unlocks, capped by maxPages. */
  unlockedPages: number;
  /** The configured cap. */
  maxPages: number;
  /** Pages with results within the cap. */
  availablePages: number;
  /** Pages with results the viewer may not open yet (the locked overlay shows while > 0). */
  lockedPages: number;
  signedIn: boolean;
  /** The balance, for signed-in viewers. */
  coins: number | null;
  /** Whether the unlock flow can open: "Unlock Now", else "Need 5 Coins" (signed in only). */
  canUnlock: boolean;
  /** The balance that opens the next locked page, when there is one. */
  coinsForNextPage: number | null;
}>;

export const discoveryPager = (input: {
  page: number;
  viewer: DiscoveryViewer;
  maxPages: number;
  /** How many results the search has. */
  results: number;
}): DiscoveryPager => {
  const { page, viewer, maxPages, results } = input;
  const unlocked = unlockedPages(viewer, maxPages);
  const availablePages = Math.max(1, Math.min(Math.ceil(results / DISCOVERY_PAGE_SIZE), maxPages));
  const totalPages = Math.min(unlocked, availablePages);
  const lockedPages = availablePages - totalPages;
  return {
    page,
    pageSize: DISCOVERY_PAGE_SIZE,
    totalPages,
    unlockedPages: unlocked,
    maxPages,
    availablePages,
    lockedPages,
    signedIn: viewer.signedIn,
    coins: viewer.signedIn ? viewer.coins : null,
    canUnlock: viewer.signedIn && viewer.coins >= UNLOCK_MIN_COINS,
    coinsForNextPage: lockedPages > 0 && viewer.signedIn ? coinsForPage(totalPages + 1) : null,
  };
};

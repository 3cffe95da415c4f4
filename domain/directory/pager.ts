/**
 * The page allowance of every ranked listing (docs/product-spec.md sections 2, 6 and 9): the directory and the
 * discovery grid alike. A visitor sees the first 10 results of a search; a signed-in user sees
 * `max(1, floor((coins - 5) / 5))` pages of 10, capped by the configured maximum
 * (DISCOVERY_MAX_PAGES); "1 extra page unlocked per 5 additional coins". The allowance is
 * counted as depth into the results (how far down the ranked list a request reads, whatever its
 * sort, filters or `limit`), so asking for bigger pages or another order opens nothing more;
 * the search and the filters stay free, so a brand can always narrow. The server refuses a
 * request past the allowance; the browsers only show the pager and its lock. Admins (staff) read
 * every listing whole.
 */
import { DomainError } from '../shared/errors.ts';
import { DIRECTORY_MESSAGES as M } from './messages.ts';

export const DISCOVERY_PAGE_SIZE = 10;
/** docs/product-spec.md section 5: unlocking needs at least 5 LinkCoins. */
export const UNLOCK_MIN_COINS = 5;
export const COINS_PER_EXTRA_PAGE = 5;
export const DEFAULT_DISCOVERY_MAX_PAGES = 10;

/** Who reads a listing: a visitor, or a signed-in user with their balance (staff: admins). */
export type DiscoveryViewer =
  Readonly<{ signedIn: false }> | Readonly<{ signedIn: true; coins: number; staff?: boolean }>;

/** docs/product-spec.md section 9: the pages a balance unlocks, before the configured cap. */
export const pagesForCoins = (coins: number): number =>
  Math.max(1, Math.floor((coins - UNLOCK_MIN_COINS) / COINS_PER_EXTRA_PAGE));

/** The smallest balance that unlocks `page` (1 for page 1: everyone sees it). */
export const coinsForPage = (page: number): number =>
  page <= 1 ? 0 : UNLOCK_MIN_COINS + COINS_PER_EXTRA_PAGE * page;

const isStaff = (viewer: DiscoveryViewer): boolean => viewer.signedIn && viewer.staff === true;

/** The pages of 10 a viewer may open (before looking at how many results there are). */
export const unlockedPages = (viewer: DiscoveryViewer, maxPages: number): number => {
  if (!viewer.signedIn) return 1;
  return viewer.staff ? maxPages : Math.min(pagesForCoins(viewer.coins), maxPages);
};

/** How many results deep into any ranked listing a viewer may read (null: no limit, staff). */
export const allowedDepth = (viewer: DiscoveryViewer, maxPages: number): number | null =>
  isStaff(viewer) ? null : unlockedPages(viewer, maxPages) * DISCOVERY_PAGE_SIZE;

/** A request for one page of a listing: results (page - 1) * limit + 1 to page * limit. */
export type ListingRequest = Readonly<{ page: number; limit: number }>;

/**
 * Refuses a request that reads past the viewer's allowance: the server's side of every pager
 * (the directory's and the discovery grid's), whatever the sort, filters or limit.
 */
export const checkListingDepth = (
  request: ListingRequest,
  viewer: DiscoveryViewer,
  maxPages: number,
): void => {
  if (!viewer.signedIn) {
    if (request.page * request.limit > DISCOVERY_PAGE_SIZE) {
      throw new DomainError('unauthorized', M.signInForMore);
    }
    return;
  }
  if (viewer.staff) return;
  const depth = request.page * request.limit;
  if (depth > maxPages * DISCOVERY_PAGE_SIZE) {
    throw new DomainError('validation', M.pastLastPage(maxPages));
  }
  if (depth <= unlockedPages(viewer, maxPages) * DISCOVERY_PAGE_SIZE) return;
  if (viewer.coins < UNLOCK_MIN_COINS) throw new DomainError('forbidden', M.unlockNeedsCoins);
  const pages = Math.ceil(depth / DISCOVERY_PAGE_SIZE);
  throw new DomainError(
    'forbidden',
    request.limit === DISCOVERY_PAGE_SIZE
      ? M.pageNeedsCoins(request.page, coinsForPage(pages), viewer.coins)
      : M.resultsNeedCoins(depth, coinsForPage(pages), viewer.coins),
  );
};

/** The discovery grid's pages of 10: the listing rule for one page. */
export const checkDiscoveryPage = (page: number, viewer: DiscoveryViewer, maxPages: number): void =>
  checkListingDepth({ page, limit: DISCOVERY_PAGE_SIZE }, viewer, maxPages);

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
    canUnlock: viewer.signedIn && !isStaff(viewer) && viewer.coins >= UNLOCK_MIN_COINS,
    coinsForNextPage: lockedPages > 0 && viewer.signedIn ? coinsForPage(totalPages + 1) : null,
  };
};

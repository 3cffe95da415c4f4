/*
 * The discovery grid's pager and unlock rules (spec sections 2, 5, 8 and 9), as the browser shows
 * them. The server decides which pages a viewer may open (and refuses the others); these mirror
 * its rule (domain/directory/pager.ts) so the buttons say what the server will do.
 */

/** Spec sections 5 and 9: unlocking needs at least 5 LinkCoins. */
export const UNLOCK_MIN_COINS = 5;
/** Spec section 9: 1 extra page unlocked per 5 additional coins. */
export const COINS_PER_EXTRA_PAGE = 5;

export const UNLOCK_TEXTS = {
  unlockNow: 'Unlock Now',
  needCoins: 'Need 5 Coins',
  /** Spec section 8. */
  unlockNeedsCoins: 'You need at least 5 LinkCoins to unlock this content',
} as const;

/** Who looks at the grid: a visitor, or a signed-in user with their balance. */
export type DiscoveryViewer =
  Readonly<{ signedIn: false }> | Readonly<{ signedIn: true; coins: number }>;

/** Spec section 9: the pages a balance opens, `max(1, floor((coins - 5) / 5))`, before the cap. */
export const pagesForCoins = (coins: number): number =>
  Math.max(1, Math.floor((coins - UNLOCK_MIN_COINS) / COINS_PER_EXTRA_PAGE));

/** The pages a viewer may open: a visitor page 1; a user by balance, capped by the maximum. */
export const unlockedPages = (viewer: DiscoveryViewer, maxPages: number): number =>
  viewer.signedIn ? Math.max(1, Math.min(pagesForCoins(viewer.coins), maxPages)) : 1;

/** The smallest balance that opens `page` (0 for page 1). */
export const coinsForPage = (page: number): number =>
  page <= 1 ? 0 : UNLOCK_MIN_COINS + COINS_PER_EXTRA_PAGE * page;

/** The locked overlay's button: Unlock Now, or Need 5 Coins for a user under 5 coins. */
export const unlockLabel = (viewer: DiscoveryViewer): string =>
  viewer.signedIn && viewer.coins < UNLOCK_MIN_COINS
    ? UNLOCK_TEXTS.needCoins
    : UNLOCK_TEXTS.unlockNow;

/**
 * What pressing the overlay's button does: a visitor goes to /login; a user under 5 coins is
 * told they need 5; otherwise the unlock flow opens (buying the coins the next page needs).
 */
export type UnlockAction = 'login' | 'needCoins' | 'unlock';
export const unlockAction = (viewer: DiscoveryViewer): UnlockAction =>
  !viewer.signedIn ? 'login' : viewer.coins < UNLOCK_MIN_COINS ? 'needCoins' : 'unlock';

export type DiscoveryPagerState = Readonly<{
  page: number;
  /** Y of `Page X of Y`: the pages this viewer may open that have results (at least 1). */
  totalPages: number;
  /** Pages with results the viewer may not open yet. */
  lockedPages: number;
}>;

/**
 * Next: to the next page within what the viewer may open; a visitor is sent to /login instead
 * (spec section 2) whenever there is more to see; 'none' disables it.
 */
export type NextAction = 'next' | 'login' | 'none';
export const nextAction = (viewer: DiscoveryViewer, pager: DiscoveryPagerState): NextAction => {
  const more = pager.page < pager.totalPages || pager.lockedPages > 0;
  if (!viewer.signedIn) return more ? 'login' : 'none';
  return pager.page < pager.totalPages ? 'next' : 'none';
};

/** The locked overlay shows under the last page the viewer may open, while pages are locked. */
export const showsLockedOverlay = (pager: DiscoveryPagerState): boolean =>
  pager.lockedPages > 0 && pager.page >= pager.totalPages;

/** The pager's middle text. */
export const pageOfText = (pager: Pick<DiscoveryPagerState, 'page' | 'totalPages'>): string =>
  `Page ${pager.page} of ${Math.max(1, pager.totalPages)}`;

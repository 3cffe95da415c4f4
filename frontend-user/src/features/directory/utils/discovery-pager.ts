/*
 * The discovery grid's pager and unlock rules (docs/product-spec.md sections 2, 5, 8 and 9), as the browser shows
 * them. The server decides which pages a viewer may open (and refuses the others) by the rule of
 * domain/directory/pager.ts, which this uses, so the buttons say what the server will do.
 */
import { DIRECTORY_MESSAGES } from '@linkcoin/domain/directory/messages.ts';
import {
  COINS_PER_EXTRA_PAGE,
  UNLOCK_MIN_COINS,
  coinsForPage,
  pagesForCoins,
  unlockedPages,
  type DiscoveryViewer,
} from '@linkcoin/domain/directory/pager.ts';

export {
  COINS_PER_EXTRA_PAGE,
  UNLOCK_MIN_COINS,
  coinsForPage,
  pagesForCoins,
  unlockedPages,
  type DiscoveryViewer,
};

export const UNLOCK_TEXTS = {
  unlockNow: 'Unlock Now',
  needCoins: 'Need 5 Coins',
  /** docs/product-spec.md section 8. */
  unlockNeedsCoins: DIRECTORY_MESSAGES.unlockNeedsCoins,
} as const;

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
 * (docs/product-spec.md section 2) whenever there is more to see; 'none' disables it.
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

/** What opens the next locked page, under the lock (signed-in viewers: the balance it needs). */
export const unlockHint = (
  viewer: DiscoveryViewer,
  pager: Pick<DiscoveryPagerState, 'totalPages'>,
  coinsForNextPage: number | null,
): string | null =>
  viewer.signedIn && coinsForNextPage !== null
    ? `Page ${pager.totalPages + 1} opens with ${coinsForNextPage} LinkCoins; you have ${viewer.coins}.`
    : null;

/** The pager's middle text. */
export const pageOfText = (pager: Pick<DiscoveryPagerState, 'page' | 'totalPages'>): string =>
  `Page ${pager.page} of ${Math.max(1, pager.totalPages)}`;

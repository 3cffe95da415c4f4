import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { DIRECTORY_MESSAGES as M } from './messages.ts';
import {
  allowedDepth,
  checkDiscoveryPage,
  checkListingDepth,
  coinsForPage,
  discoveryPager,
  pagesForCoins,
  unlockedPages,
  type DiscoveryViewer,
} from './pager.ts';

const signedIn = (coins: number): DiscoveryViewer => ({ signedIn: true, coins });
const visitor: DiscoveryViewer = { signedIn: false };

const refusal = (page: number, viewer: DiscoveryViewer, maxPages = 10) => {
  try {
    checkDiscoveryPage(page, viewer, maxPages);
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { kind: error.kind, message: error.message };
  }
};

describe('the discovery pager (docs/product-spec.md section 9)', () => {
  it('unlocks max(1, floor((coins - 5) / 5)) pages: 0, 4, 5, 15 and 100 coins', () => {
    expect([0, 4, 5, 9, 10, 14, 15, 19, 20, 100].map(pagesForCoins)).toEqual([
      1, 1, 1, 1, 1, 1, 2, 2, 3, 19,
    ]);
    expect(unlockedPages(signedIn(100), 10)).toBe(10);
    expect(unlockedPages(signedIn(100), 25)).toBe(19);
    expect(unlockedPages(signedIn(15), 10)).toBe(2);
    expect(unlockedPages(visitor, 10)).toBe(1);
  });

  it('names the balance that opens a page', () => {
    expect([1, 2, 3, 19].map(coinsForPage)).toEqual([0, 15, 20, 100]);
    for (const page of [2, 3, 10, 19]) {
      expect(pagesForCoins(coinsForPage(page))).toBe(page);
      expect(pagesForCoins(coinsForPage(page) - 1)).toBe(page - 1);
    }
  });

  it('gives everyone page 1, visitors nothing more', () => {
    for (const viewer of [visitor, signedIn(0), signedIn(4), signedIn(5), signedIn(100)]) {
      expect(refusal(1, viewer)).toBeNull();
    }
    expect(refusal(2, visitor)).toEqual({ kind: 'unauthorized', message: M.signInForMore });
  });

  it('refuses a locked page with the spec message under 5 coins, and the price above', () => {
    expect(refusal(2, signedIn(0))).toEqual({ kind: 'forbidden', message: M.unlockNeedsCoins });
    expect(refusal(2, signedIn(4))).toEqual({ kind: 'forbidden', message: M.unlockNeedsCoins });
    expect(M.unlockNeedsCoins).toBe('You need at least 5 LinkCoins to unlock this content');
    expect(refusal(2, signedIn(5))).toEqual({
      kind: 'forbidden',
      message: 'Page 2 unlocks with 15 LinkCoins; you have 5.',
    });
    expect(refusal(2, signedIn(15))).toBeNull();
    expect(refusal(3, signedIn(15))).toEqual({
      kind: 'forbidden',
      message: 'Page 3 unlocks with 20 LinkCoins; you have 15.',
    });
    expect(refusal(10, signedIn(100))).toBeNull();
  });

  it('refuses any page past the configured maximum, whatever the balance', () => {
    expect(refusal(11, signedIn(100))).toEqual({
      kind: 'validation',
      message: M.pastLastPage(10),
    });
    expect(refusal(11, signedIn(100), 20)).toBeNull();
    expect(refusal(20, signedIn(100), 20)).toEqual({
      kind: 'forbidden',
      message: 'Page 20 unlocks with 105 LinkCoins; you have 100.',
    });
  });

  it('counts the allowance as depth into the results, whatever the page size', () => {
    const depthRefusal = (page: number, limit: number, viewer: DiscoveryViewer) => {
      try {
        checkListingDepth({ page, limit }, viewer, 10);
        return null;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { kind: error.kind, message: error.message };
      }
    };
    // A visitor: the first 10 results, however they are asked for.
    expect(depthRefusal(1, 10, visitor)).toBeNull();
    expect(depthRefusal(2, 5, visitor)).toBeNull();
    for (const [page, limit] of [
      [1, 50],
      [1, 11],
      [3, 5],
    ] as const) {
      expect(depthRefusal(page, limit, visitor)).toEqual({
        kind: 'unauthorized',
        message: M.signInForMore,
      });
    }
    // Under 5 coins: the first 10 results, and the spec's unlock text past them.
    expect(depthRefusal(1, 50, signedIn(2))).toEqual({
      kind: 'forbidden',
      message: M.unlockNeedsCoins,
    });
    expect(depthRefusal(2, 5, signedIn(0))).toBeNull();
    // 15 coins open 20 results: bigger pages open nothing more.
    expect(depthRefusal(1, 20, signedIn(15))).toBeNull();
    expect(depthRefusal(1, 25, signedIn(15))).toEqual({
      kind: 'forbidden',
      message: M.resultsNeedCoins(25, 20, 15),
    });
    expect(depthRefusal(2, 50, signedIn(100))).toBeNull();
    expect(depthRefusal(3, 50, signedIn(100))).toEqual({
      kind: 'validation',
      message: M.pastLastPage(10),
    });
    // Admins read every listing whole.
    const staff: DiscoveryViewer = { signedIn: true, coins: 0, staff: true };
    expect(depthRefusal(99, 50, staff)).toBeNull();
    expect(allowedDepth(staff, 10)).toBeNull();
    expect(allowedDepth(signedIn(15), 10)).toBe(20);
    expect(allowedDepth(visitor, 10)).toBe(10);
  });

  it('shows Page X of Y with what is locked beyond, for each balance', () => {
    const pager = (viewer: DiscoveryViewer, results = 1000, maxPages = 10) =>
      discoveryPager({ page: 1, viewer, maxPages, results });
    expect(pager(visitor)).toMatchObject({
      totalPages: 1,
      lockedPages: 9,
      signedIn: false,
      coins: null,
      canUnlock: false,
      coinsForNextPage: null,
    });
    expect(pager(signedIn(0))).toMatchObject({
      totalPages: 1,
      canUnlock: false,
      coinsForNextPage: 15,
    });
    expect(pager(signedIn(4))).toMatchObject({ totalPages: 1, canUnlock: false });
    expect(pager(signedIn(5))).toMatchObject({ totalPages: 1, canUnlock: true, lockedPages: 9 });
    expect(pager(signedIn(15))).toMatchObject({
      totalPages: 2,
      unlockedPages: 2,
      lockedPages: 8,
      coinsForNextPage: 20,
    });
    expect(pager(signedIn(100))).toMatchObject({
      totalPages: 10,
      unlockedPages: 10,
      availablePages: 10,
      lockedPages: 0,
      coinsForNextPage: null,
    });
    // Fewer results than pages: Y never counts empty pages, and nothing is locked.
    expect(pager(signedIn(100), 30)).toMatchObject({
      totalPages: 3,
      availablePages: 3,
      lockedPages: 0,
    });
    expect(pager(signedIn(15), 30)).toMatchObject({ totalPages: 2, lockedPages: 1 });
    expect(pager(visitor, 0)).toMatchObject({ totalPages: 1, availablePages: 1, lockedPages: 0 });
    expect(pager(visitor).pageSize).toBe(10);
  });
});

import { describe, expect, it } from 'vitest';
import {
  coinsForPage,
  nextAction,
  pageOfText,
  pagesForCoins,
  showsLockedOverlay,
  unlockAction,
  unlockedPages,
  unlockHint,
  unlockLabel,
  type DiscoveryViewer,
} from './discovery-pager';

const user = (coins: number): DiscoveryViewer => ({ signedIn: true, coins });
const visitor: DiscoveryViewer = { signedIn: false };
const MAX_PAGES = 10;

describe('the discovery pager and unlock rules (docs/product-spec.md sections 2, 8 and 9)', () => {
  it.each([
    // coins, pages before the cap, pages after a cap of 10, button, what the button does
    [0, 1, 1, 'Need 5 Coins', 'needCoins'],
    [4, 1, 1, 'Need 5 Coins', 'needCoins'],
    [5, 1, 1, 'Unlock Now', 'unlock'],
    [15, 2, 2, 'Unlock Now', 'unlock'],
    [100, 19, 10, 'Unlock Now', 'unlock'],
  ] as const)(
    'with %i coins: %i pages, %i under the cap, "%s"',
    (coins, pages, capped, label, action) => {
      expect(pagesForCoins(coins)).toBe(pages);
      expect(unlockedPages(user(coins), MAX_PAGES)).toBe(capped);
      expect(unlockLabel(user(coins))).toBe(label);
      expect(unlockAction(user(coins))).toBe(action);
    },
  );

  it('gives a visitor page 1 only, and sends them to /login to unlock', () => {
    expect(unlockedPages(visitor, MAX_PAGES)).toBe(1);
    expect(unlockLabel(visitor)).toBe('Unlock Now');
    expect(unlockAction(visitor)).toBe('login');
  });

  it('names the balance each page needs: 1 extra page per 5 additional coins', () => {
    expect(coinsForPage(1)).toBe(0);
    expect(coinsForPage(2)).toBe(15);
    expect(coinsForPage(3)).toBe(20);
    for (const page of [2, 3, 7]) {
      expect(pagesForCoins(coinsForPage(page))).toBe(page);
      expect(pagesForCoins(coinsForPage(page) - 1)).toBe(page - 1);
    }
  });

  it('sends a visitor to /login from Next when there is more, and a user to the next page', () => {
    const firstOfThree = { page: 1, totalPages: 1, lockedPages: 2 };
    expect(nextAction(visitor, firstOfThree)).toBe('login');
    expect(nextAction(user(4), firstOfThree)).toBe('none');
    expect(nextAction(user(15), { page: 1, totalPages: 2, lockedPages: 1 })).toBe('next');
    expect(nextAction(user(15), { page: 2, totalPages: 2, lockedPages: 1 })).toBe('none');
    expect(nextAction(visitor, { page: 1, totalPages: 1, lockedPages: 0 })).toBe('none');
  });

  it('shows the locked overlay on the last open page while pages are locked', () => {
    expect(showsLockedOverlay({ page: 1, totalPages: 1, lockedPages: 3 })).toBe(true);
    expect(showsLockedOverlay({ page: 1, totalPages: 2, lockedPages: 1 })).toBe(false);
    expect(showsLockedOverlay({ page: 2, totalPages: 2, lockedPages: 1 })).toBe(true);
    expect(showsLockedOverlay({ page: 2, totalPages: 2, lockedPages: 0 })).toBe(false);
  });

  it('says under the lock what opens the next page, to signed-in viewers', () => {
    expect(unlockHint(user(0), { totalPages: 1 }, 15)).toBe(
      'Page 2 opens with 15 LinkCoins; you have 0.',
    );
    expect(unlockHint(user(15), { totalPages: 2 }, 20)).toBe(
      'Page 3 opens with 20 LinkCoins; you have 15.',
    );
    expect(unlockHint(visitor, { totalPages: 1 }, 15)).toBeNull();
    expect(unlockHint(user(100), { totalPages: 10 }, null)).toBeNull();
  });

  it('reads Page X of Y', () => {
    expect(pageOfText({ page: 2, totalPages: 5 })).toBe('Page 2 of 5');
    expect(pageOfText({ page: 1, totalPages: 0 })).toBe('Page 1 of 1');
  });
});

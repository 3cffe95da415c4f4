import { describe, expect, it } from 'vitest';
import type { WalletEntryKind } from '@linkcoin/domain/wallet/contracts.ts';
import {
  describeWalletEntry,
  formatCoinDelta,
  formatEntryDate,
  linkCoins,
  walletEntrySegments,
} from './entry-text.ts';

const entry = (kind: WalletEntryKind, coins: number, reason: string | null = null) => ({
  kind,
  coins,
  reason,
});

describe('describeWalletEntry', () => {
  it('reads a package purchase as its coins plus the free ones, once the split is known', () => {
    expect(describeWalletEntry(entry('purchase', 30), { coins: 25, bonusCoins: 5 })).toBe(
      'Bought 25 + 5 LinkCoins',
    );
    expect(describeWalletEntry(entry('purchase', 11), { coins: 10, bonusCoins: 1 })).toBe(
      'Bought 10 + 1 LinkCoins',
    );
  });

  it('reads a custom purchase, or one whose split is not known yet, as its coins', () => {
    expect(describeWalletEntry(entry('purchase', 12), { coins: 12, bonusCoins: 0 })).toBe(
      'Bought 12 LinkCoins',
    );
    expect(describeWalletEntry(entry('purchase', 30))).toBe('Bought 30 LinkCoins');
    expect(describeWalletEntry(entry('purchase', 1))).toBe('Bought 1 LinkCoin');
  });

  it("gives a grant's reason", () => {
    expect(describeWalletEntry(entry('grant', 5, 'Launch week bonus'))).toBe(
      'Granted by LinkCoin \u2014 Launch week bonus',
    );
    expect(describeWalletEntry(entry('grant', 5))).toBe('Granted by LinkCoin');
  });

  it('names the creator of spending, removals and refunds (a creator, where no name is known)', () => {
    const asha = { targetUserId: 'u-7', targetName: 'Asha Khan' };
    expect(describeWalletEntry({ ...entry('connection', -1), ...asha })).toBe(
      'Added Asha Khan to your list for 7 days of chat',
    );
    expect(walletEntrySegments({ ...entry('connection', -1), ...asha })).toEqual([
      { text: 'Added ' },
      { text: 'Asha Khan', userId: 'u-7' },
      { text: ' to your list for 7 days of chat' },
    ]);
    expect(describeWalletEntry(entry('connection', -1))).toBe(
      'Added a creator to your list for 7 days of chat',
    );
    expect(describeWalletEntry({ ...entry('renewal', -1), ...asha })).toBe(
      'Renewed the chat with Asha Khan for 7 more days',
    );
    expect(describeWalletEntry({ ...entry('removal', 0), ...asha })).toBe(
      'Removed Asha Khan from your list',
    );
    expect(
      describeWalletEntry({ ...entry('refund', 1, 'no_reply_within_48_hours'), ...asha }),
    ).toBe('Refund, Asha Khan did not reply within 48 hours');
    expect(describeWalletEntry({ ...entry('refund', 2, 'already_connected'), ...asha })).toBe(
      'Refund, Asha Khan was already in your list',
    );
    expect(describeWalletEntry(entry('refund', 1, 'Goodwill'))).toBe('Refund \u2014 Goodwill');
  });
});

describe('formatCoinDelta', () => {
  it('signs credits and debits', () => {
    expect(formatCoinDelta(30)).toBe('+30');
    expect(formatCoinDelta(-1)).toBe('\u22121');
    expect(formatCoinDelta(0)).toBe('0');
  });
});

describe('linkCoins', () => {
  it('agrees in number', () => {
    expect(linkCoins(1)).toBe('1 LinkCoin');
    expect(linkCoins(2)).toBe('2 LinkCoins');
    expect(linkCoins(0)).toBe('0 LinkCoins');
  });
});

describe('formatEntryDate', () => {
  it('formats an instant and leaves anything else as it came', () => {
    expect(formatEntryDate('2026-03-12T10:35:00.000Z')).toMatch(/2026/);
    expect(formatEntryDate('not a date')).toBe('not a date');
  });
});

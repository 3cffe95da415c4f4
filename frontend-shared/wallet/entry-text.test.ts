import { describe, expect, it } from 'vitest';
import type { WalletEntryKind } from '@linkcoin/domain/wallet/contracts.ts';
import { describeWalletEntry, formatCoinDelta, formatEntryDate, linkCoins } from './entry-text.ts';

const entry = (kind: WalletEntryKind, coins: number, reason: string | null = null) => ({
  kind,
  coins,
  reason,
});

describe('describeWalletEntry', () => {
  it('reads a package purchase as its coins plus the free ones, once the split is known', () => {
    expect(describeWalletEntry(entry('purchase', 30), { coins: 25, bonusCoins: 5 })).toBe(
      'Purchase: 25 + 5 LinkCoins',
    );
    expect(describeWalletEntry(entry('purchase', 11), { coins: 10, bonusCoins: 1 })).toBe(
      'Purchase: 10 + 1 LinkCoins',
    );
  });

  it('reads a custom purchase, or one whose split is not known yet, as its coins', () => {
    expect(describeWalletEntry(entry('purchase', 12), { coins: 12, bonusCoins: 0 })).toBe(
      'Purchase: 12 LinkCoins',
    );
    expect(describeWalletEntry(entry('purchase', 30))).toBe('Purchase: 30 LinkCoins');
    expect(describeWalletEntry(entry('purchase', 1))).toBe('Purchase: 1 LinkCoin');
  });

  it("gives a grant's reason", () => {
    expect(describeWalletEntry(entry('grant', 5, 'Launch week bonus'))).toBe(
      'Granted by LinkCoin: Launch week bonus',
    );
    expect(describeWalletEntry(entry('grant', 5))).toBe('Granted by LinkCoin');
  });

  it('names spending, removals and refunds', () => {
    expect(describeWalletEntry(entry('connection', -1))).toBe(
      'Creator added to the list: 7 days of chat',
    );
    expect(describeWalletEntry(entry('renewal', -1))).toBe('Chat renewed for 7 more days');
    expect(describeWalletEntry(entry('removal', 0))).toBe('Creator removed from the list');
    expect(describeWalletEntry(entry('refund', 1, 'no_reply_within_48_hours'))).toBe(
      'Refund: the creator did not reply within 48 hours',
    );
    expect(describeWalletEntry(entry('refund', 2, 'already_connected'))).toBe(
      'Refund: this user is already in your list',
    );
    expect(describeWalletEntry(entry('refund', 1, 'Goodwill'))).toBe('Refund: Goodwill');
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

/**
 * How a wallet history line reads, in the user app and in the console: what moved the coins, the
 * signed amount, when. One wording for both, so a brand and an admin describe a line alike.
 */
import type { WalletEntry } from '@linkcoin/domain/wallet/contracts.ts';
import { CONNECTION_DAYS } from '@linkcoin/domain/wallet/wallet.ts';

/** What a purchase bought: the coins paid for and the free coins on top. */
export type PurchaseSplit = Readonly<{ coins: number; bonusCoins: number }>;

/** The refund reasons the wallet records: a creator who never answered, a refused connection. */
const NO_REPLY_REFUND = 'no_reply_within_48_hours';
const ALREADY_CONNECTED_REFUND = 'already_connected';

export const linkCoins = (count: number): string =>
  `${count} LinkCoin${Math.abs(count) === 1 ? '' : 's'}`;

/** Coins with free ones on top, as packages are named: "25 + 5 LinkCoins" (or "12 LinkCoins"). */
export const coinsWithBonus = (coins: number, bonusCoins: number): string =>
  bonusCoins > 0 ? `${coins} + ${bonusCoins} LinkCoins` : linkCoins(coins);

/** A piece of a line's "what": text, or the name of the person it is about (a link in the app). */
export type EntrySegment = Readonly<{ text: string; userId?: string }>;

type Describable = Pick<WalletEntry, 'kind' | 'coins' | 'reason'> &
  Partial<Pick<WalletEntry, 'targetUserId'>> & { targetName?: string | null };

/**
 * The line's "what", in pieces: the name of the creator a spend or refund is about is its own
 * piece, so the user app can link it to their profile (the console, without names, says "a
 * creator"). A purchase reads "Bought 25 + 5 LinkCoins" once its split is known (the payment's
 * coins and free coins), "Bought 30 LinkCoins" until then. No piece reads like a field
 * ("Purchase: …"): these are sentences.
 */
export function walletEntrySegments(
  entry: Describable,
  purchase: PurchaseSplit | null = null,
): EntrySegment[] {
  const name: EntrySegment =
    entry.targetName && entry.targetUserId
      ? { text: entry.targetName, userId: entry.targetUserId }
      : { text: 'a creator' };
  switch (entry.kind) {
    case 'purchase':
      return [
        {
          text: `Bought ${
            purchase ? coinsWithBonus(purchase.coins, purchase.bonusCoins) : linkCoins(entry.coins)
          }`,
        },
      ];
    case 'grant':
      return [
        {
          text: entry.reason ? `Granted by LinkCoin \u2014 ${entry.reason}` : 'Granted by LinkCoin',
        },
      ];
    case 'connection':
      return [
        { text: 'Added ' },
        name,
        { text: ` to your list for ${CONNECTION_DAYS} days of chat` },
      ];
    case 'renewal':
      return [
        { text: 'Renewed the chat with ' },
        name,
        { text: ` for ${CONNECTION_DAYS} more days` },
      ];
    case 'removal':
      return [{ text: 'Removed ' }, name, { text: ' from your list' }];
    case 'refund':
      if (entry.reason === ALREADY_CONNECTED_REFUND) {
        // Two users added each other at once: the other one's connection holds the chat.
        return [{ text: 'Refund, ' }, name, { text: ' was already in your list' }];
      }
      return entry.reason === null || entry.reason === NO_REPLY_REFUND
        ? [{ text: 'Refund, ' }, name, { text: ' did not reply within 48 hours' }]
        : [{ text: `Refund \u2014 ${entry.reason}` }];
  }
}

/** The line's "what" as one text (the console, the tests). */
export function describeWalletEntry(
  entry: Describable,
  purchase: PurchaseSplit | null = null,
): string {
  const text = walletEntrySegments(entry, purchase)
    .map((segment) => segment.text)
    .join('');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The signed amount as shown: +30, −1 (a true minus sign), 0. */
export function formatCoinDelta(coins: number): string {
  if (coins > 0) return `+${coins}`;
  if (coins < 0) return `\u2212${Math.abs(coins)}`;
  return '0';
}

const dateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** When the line happened, in the reader's time zone, e.g. "12 Mar 2026, 4:05 pm". */
export function formatEntryDate(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : dateTime.format(date);
}

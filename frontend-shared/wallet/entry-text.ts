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

/**
 * The line's "what". A purchase reads `Purchase: 25 + 5 LinkCoins` once its split is known (the
 * payment's coins and free coins), `Purchase: 30 LinkCoins` until then.
 */
export function describeWalletEntry(
  entry: Pick<WalletEntry, 'kind' | 'coins' | 'reason'>,
  purchase: PurchaseSplit | null = null,
): string {
  switch (entry.kind) {
    case 'purchase':
      return `Purchase: ${
        purchase ? coinsWithBonus(purchase.coins, purchase.bonusCoins) : linkCoins(entry.coins)
      }`;
    case 'grant':
      return entry.reason ? `Granted by LinkCoin: ${entry.reason}` : 'Granted by LinkCoin';
    case 'connection':
      return `Creator added to the list: ${CONNECTION_DAYS} days of chat`;
    case 'renewal':
      return `Chat renewed for ${CONNECTION_DAYS} more days`;
    case 'removal':
      return 'Creator removed from the list';
    case 'refund':
      if (entry.reason === ALREADY_CONNECTED_REFUND) {
        // Two users added each other at once: the other one's connection holds the chat.
        return 'Refund: this user is already in your list';
      }
      return entry.reason === null || entry.reason === NO_REPLY_REFUND
        ? 'Refund: the creator did not reply within 48 hours'
        : `Refund: ${entry.reason}`;
  }
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

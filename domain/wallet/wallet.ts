/**
 * The wallet of one user: the `wallet-{userId}` stream holds the user's whole coin history
 * (DESIGN section 4). Credits (purchases, grants) and, with the collections issue, spending on
 * connections and refunds are decided here, one stream, so a balance check and what it pays for
 * are one atomic decision and the balance can never go negative.
 *
 * Every credit names what caused it (a payment id, a grant id): crediting the same cause twice is
 * a no-op whatever idempotency key arrives with it, so a payment is credited exactly once however
 * many times its confirmation is delivered.
 */
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import { WALLET_MESSAGES as M } from './messages.ts';
import type { CoinPackageId } from './pricing.ts';

export const walletStreamId = (userId: string): string => `wallet-${userId}`;

export const MAX_GRANT_COINS = 10_000;
export const MIN_GRANT_REASON = 3;
export const MAX_GRANT_REASON = 500;

// Events ------------------------------------------------------------------------------------

export type CoinsPurchased = Event<
  'CoinsPurchased',
  {
    userId: string;
    paymentId: string;
    packageId: CoinPackageId | null;
    coins: number;
    bonusCoins: number;
    rupees: number;
    /** The balance once these coins landed: the ledger line an auditor reads. */
    balanceAfter: number;
    at: string;
  }
>;

export type CoinsGranted = Event<
  'CoinsGranted',
  {
    userId: string;
    grantId: string;
    coins: number;
    /** The admin who granted them. */
    by: string;
    reason: string;
    balanceAfter: number;
    at: string;
  }
>;

export type WalletEvent = CoinsPurchased | CoinsGranted;

/** The events that move the balance, with their signed amount. */
export const coinDelta = (event: WalletEvent): number => {
  switch (event.type) {
    case 'CoinsPurchased':
      return event.data.coins + event.data.bonusCoins;
    case 'CoinsGranted':
      return event.data.coins;
  }
};

// Commands ----------------------------------------------------------------------------------

export type CreditPurchase = Command<
  'CreditPurchase',
  {
    userId: string;
    paymentId: string;
    packageId: CoinPackageId | null;
    coins: number;
    bonusCoins: number;
    rupees: number;
  }
>;

export type GrantCoins = Command<
  'GrantCoins',
  { userId: string; grantId: string; coins: number; by: string; reason: string }
>;

export type WalletCommand = CreditPurchase | GrantCoins;

// State -------------------------------------------------------------------------------------

export type WalletState = Readonly<{
  userId: string | null;
  balance: number;
  /** Payments already credited, by payment id. */
  creditedPayments: Readonly<Record<string, true>>;
  /** Grants already made, by grant id. */
  grants: Readonly<Record<string, true>>;
  /** When the last event was decided (for "as of" views). */
  updatedAt: string | null;
}>;

export const initialWalletState = (): WalletState => ({
  userId: null,
  balance: 0,
  creditedPayments: {},
  grants: {},
  updatedAt: null,
});

const positiveInteger = (value: number) => Number.isInteger(value) && value > 0;

const decide = (command: WalletCommand, state: WalletState): WalletEvent | WalletEvent[] => {
  const at = command.metadata.now.toISOString();
  switch (command.type) {
    case 'CreditPurchase': {
      const { userId, paymentId, packageId, coins, bonusCoins, rupees } = command.data;
      if (state.creditedPayments[paymentId]) return []; // credited once, whatever repeats
      if (!positiveInteger(coins) || !Number.isInteger(bonusCoins) || bonusCoins < 0) {
        throw new DomainError('validation', M.invalidQuantity);
      }
      if (!positiveInteger(rupees)) throw new DomainError('validation', M.invalidAmount);
      return {
        type: 'CoinsPurchased',
        data: {
          userId,
          paymentId,
          packageId,
          coins,
          bonusCoins,
          rupees,
          balanceAfter: state.balance + coins + bonusCoins,
          at,
        },
      };
    }
    case 'GrantCoins': {
      const { userId, grantId, coins, by } = command.data;
      if (state.grants[grantId]) return [];
      if (!positiveInteger(coins) || coins > MAX_GRANT_COINS) {
        throw new DomainError('validation', M.invalidGrant);
      }
      const reason = command.data.reason.trim();
      if (reason.length < MIN_GRANT_REASON || reason.length > MAX_GRANT_REASON) {
        throw new DomainError('validation', M.grantReasonRequired);
      }
      return {
        type: 'CoinsGranted',
        data: { userId, grantId, coins, by, reason, balanceAfter: state.balance + coins, at },
      };
    }
  }
};

const evolve = (state: WalletState, event: WalletEvent): WalletState => {
  const balance = state.balance + coinDelta(event);
  const common = { userId: event.data.userId, balance, updatedAt: event.data.at };
  switch (event.type) {
    case 'CoinsPurchased':
      return {
        ...state,
        ...common,
        creditedPayments: { ...state.creditedPayments, [event.data.paymentId]: true },
      };
    case 'CoinsGranted':
      return { ...state, ...common, grants: { ...state.grants, [event.data.grantId]: true } };
  }
};

export const walletDecider: Decider<WalletState, WalletCommand, WalletEvent> = {
  initialState: initialWalletState,
  decide,
  evolve,
};

/** The key a payment's credit carries: derived from the payment, so every retry agrees. */
export const purchaseCreditKey = (paymentId: string): string => `payment-credited-${paymentId}`;

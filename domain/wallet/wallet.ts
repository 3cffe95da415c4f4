/**
 * The wallet of one user: the `wallet-{userId}` stream holds the user's whole coin history
 * (docs/design.md section 4). Credits (purchases, grants) and, with the collections issue, spending on
 * connections and refunds are decided here, one stream, so a balance check and what it pays for
 * are one atomic decision and the balance can never go negative.
 *
 * Every credit names what caused it (a payment id, a grant id, a connection): crediting the same
 * cause twice is a no-op whatever idempotency key arrives with it, so a payment is credited exactly
 * once however many times its confirmation is delivered.
 *
 * Connections (docs/product-spec.md sections 4, 5 and 9; docs/design.md section 6): 1 LinkCoin adds a creator to the
 * payer's list and opens 7 days of chat; 1 more renews for 7 days from the later of now and the
 * current expiry; a connection whose creator never answered within 48 hours of the payer's first
 * message is refunded once (the process manager decides that it qualifies; the wallet that it is
 * refunded once). A connection its conversation refused (two users who are both creators adding
 * each other at once: the conversation keeps the first) is cancelled: off the list, every coin
 * it cost back, once.
 */
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import { WALLET_MESSAGES as M } from './messages.ts';
import { COLLECTION_MESSAGES as CM } from '../collections/messages.ts';
import type { CoinPackageId } from './pricing.ts';
import {
  emptyGrowingMap,
  entriesOf,
  entryOf,
  withEntry,
  type GrowingMap,
} from '../shared/growing-map.ts';

export const walletStreamId = (userId: string): string => `wallet-${userId}`;

export const MAX_GRANT_COINS = 10_000;
/** Adding a creator to the list, and each renewal, cost 1 LinkCoin. */
export const CONNECTION_COST = 1;
/** A connection's chat lasts 7 days from when it was added or renewed. */
export const CONNECTION_DAYS = 7;
export const CONNECTION_MS = CONNECTION_DAYS * 24 * 60 * 60 * 1000;
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

export type ConnectionOpened = Event<
  'ConnectionOpened',
  {
    userId: string;
    /** One id per opening: a creator removed and added again is a new connection. */
    connectionId: string;
    targetUserId: string;
    addedAt: string;
    expiresAt: string;
    cost: number;
    balanceAfter: number;
    at: string;
  }
>;

export type ConnectionRenewed = Event<
  'ConnectionRenewed',
  {
    userId: string;
    connectionId: string;
    targetUserId: string;
    previousExpiresAt: string;
    expiresAt: string;
    cost: number;
    balanceAfter: number;
    at: string;
  }
>;

export type ConnectionRemoved = Event<
  'ConnectionRemoved',
  { userId: string; connectionId: string; targetUserId: string; balanceAfter: number; at: string }
>;

/**
 * Why coins came back: the creator never answered within 48 hours (docs/product-spec.md section 9), or the
 * connection was refused because the other user had connected the two of them first (two
 * users adding each other at once: the conversation keeps the first, docs/design.md section 6).
 */
export type RefundReason = 'no_reply_within_48_hours' | 'already_connected';

export type CoinRefunded = Event<
  'CoinRefunded',
  {
    userId: string;
    connectionId: string;
    targetUserId: string;
    coins: number;
    reason: RefundReason;
    balanceAfter: number;
    at: string;
  }
>;

export type WalletEvent =
  | CoinsPurchased
  | CoinsGranted
  | ConnectionOpened
  | ConnectionRenewed
  | ConnectionRemoved
  | CoinRefunded;

/** The events that move the balance, with their signed amount. */
export const coinDelta = (event: WalletEvent): number => {
  switch (event.type) {
    case 'CoinsPurchased':
      return event.data.coins + event.data.bonusCoins;
    case 'CoinsGranted':
    case 'CoinRefunded':
      return event.data.coins;
    case 'ConnectionOpened':
    case 'ConnectionRenewed':
      return -event.data.cost;
    case 'ConnectionRemoved':
      return 0;
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

export type OpenConnection = Command<
  'OpenConnection',
  {
    userId: string;
    connectionId: string;
    targetUserId: string;
    /** Whether the target is a creator (only creators can be added), read by the caller. */
    targetIsCreator: boolean;
  }
>;

export type RenewConnection = Command<'RenewConnection', { userId: string; targetUserId: string }>;

export type RemoveConnection = Command<
  'RemoveConnection',
  { userId: string; targetUserId: string }
>;

export type RefundConnection = Command<
  'RefundConnection',
  { userId: string; connectionId: string; reason: 'no_reply_within_48_hours' }
>;

/**
 * Undoes a connection its conversation refused (the other user connected the two first): off
 * the list, and every coin it cost back (the opening and any renewal made meanwhile), once.
 */
export type CancelConnection = Command<
  'CancelConnection',
  { userId: string; connectionId: string; reason: 'already_connected' }
>;

export type WalletCommand =
  | CreditPurchase
  | GrantCoins
  | OpenConnection
  | RenewConnection
  | RemoveConnection
  | RefundConnection
  | CancelConnection;

// State -------------------------------------------------------------------------------------

export type Connection = Readonly<{
  connectionId: string;
  targetUserId: string;
  addedAt: string;
  expiresAt: string;
  removedAt: string | null;
  refunded: boolean;
  /** Coins this connection cost: the opening and each renewal. */
  paid: number;
  /** Refused by its conversation, and undone (CancelConnection). */
  cancelled: boolean;
}>;

export type WalletState = Readonly<{
  userId: string | null;
  balance: number;
  /**
   * Every connection ever opened, by connection id. These four grow with the wallet's life (a
   * brand's every add): growing maps, so an event copies a chunk of them, not all of them
   * (domain/shared/growing-map.ts); read them with the functions below.
   */
  connections: GrowingMap<Connection>;
  /** The connection on the list for each creator (null: removed from the list). */
  listed: GrowingMap<string | null>;
  /** Payments already credited, by payment id. */
  creditedPayments: GrowingMap<true>;
  /** Grants already made, by grant id. */
  grants: GrowingMap<true>;
  /** When the last event was decided (for "as of" views). */
  updatedAt: string | null;
}>;

export const initialWalletState = (): WalletState => ({
  userId: null,
  balance: 0,
  connections: emptyGrowingMap(),
  listed: emptyGrowingMap(),
  creditedPayments: emptyGrowingMap(),
  grants: emptyGrowingMap(),
  updatedAt: null,
});

/** A connection by its id, if it was ever opened. */
export const connectionOf = (state: WalletState, connectionId: string): Connection | null =>
  entryOf(state.connections, connectionId) ?? null;

/** The id of the connection on the list for a creator, if any. */
export const listedConnectionId = (state: WalletState, targetUserId: string): string | null =>
  entryOf(state.listed, targetUserId) ?? null;

/** Every connection ever opened, in the order they were opened. */
export const connectionsOf = (state: WalletState): Connection[] => [
  ...entriesOf(state.connections).values(),
];

/** Whether a payment was credited to this wallet. */
export const isPaymentCredited = (state: WalletState, paymentId: string): boolean =>
  entryOf(state.creditedPayments, paymentId) === true;

/** How many payments were credited, and grants made. */
export const creditCounts = (state: WalletState): { purchases: number; grants: number } => ({
  purchases: entriesOf(state.creditedPayments).size,
  grants: entriesOf(state.grants).size,
});

const positiveInteger = (value: number) => Number.isInteger(value) && value > 0;

/** The connection on the list for a creator, if any. */
export const listedConnection = (state: WalletState, targetUserId: string): Connection | null => {
  const id = listedConnectionId(state, targetUserId);
  return id ? connectionOf(state, id) : null;
};

/** A conversation is expired from its expiry instant on (spec: older than 7 days). */
export const isExpired = (connection: Pick<Connection, 'expiresAt'>, now: Date): boolean =>
  Date.parse(connection.expiresAt) <= now.getTime();

const iso = (ms: number) => new Date(ms).toISOString();

const pay = (state: WalletState) => {
  if (state.balance < CONNECTION_COST) throw new DomainError('validation', M.insufficientCoins);
  return state.balance - CONNECTION_COST;
};

const decide = (command: WalletCommand, state: WalletState): WalletEvent | WalletEvent[] => {
  const at = command.metadata.now.toISOString();
  switch (command.type) {
    case 'CreditPurchase': {
      const { userId, paymentId, packageId, coins, bonusCoins, rupees } = command.data;
      if (isPaymentCredited(state, paymentId)) return []; // credited once, whatever repeats
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
      if (entryOf(state.grants, grantId)) return [];
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
    case 'OpenConnection': {
      const { userId, connectionId, targetUserId, targetIsCreator } = command.data;
      if (connectionOf(state, connectionId)) return []; // this very click, already paid for
      if (targetUserId === userId) throw new DomainError('validation', CM.cannotAddYourself);
      if (!targetIsCreator) throw new DomainError('validation', CM.onlyCreators);
      if (listedConnection(state, targetUserId)) {
        throw new DomainError('conflict', CM.alreadyInList);
      }
      const balanceAfter = pay(state);
      return {
        type: 'ConnectionOpened',
        data: {
          userId,
          connectionId,
          targetUserId,
          addedAt: at,
          expiresAt: iso(command.metadata.now.getTime() + CONNECTION_MS),
          cost: CONNECTION_COST,
          balanceAfter,
          at,
        },
      };
    }
    case 'RenewConnection': {
      const { userId, targetUserId } = command.data;
      const connection = listedConnection(state, targetUserId);
      if (!connection) throw new DomainError('not_found', CM.notInList);
      const balanceAfter = pay(state);
      const from = Math.max(command.metadata.now.getTime(), Date.parse(connection.expiresAt));
      return {
        type: 'ConnectionRenewed',
        data: {
          userId,
          connectionId: connection.connectionId,
          targetUserId,
          previousExpiresAt: connection.expiresAt,
          expiresAt: iso(from + CONNECTION_MS),
          cost: CONNECTION_COST,
          balanceAfter,
          at,
        },
      };
    }
    case 'RemoveConnection': {
      const { userId, targetUserId } = command.data;
      const connection = listedConnection(state, targetUserId);
      if (!connection) throw new DomainError('not_found', CM.notInList);
      return {
        type: 'ConnectionRemoved',
        data: {
          userId,
          connectionId: connection.connectionId,
          targetUserId,
          balanceAfter: state.balance,
          at,
        },
      };
    }
    case 'RefundConnection': {
      const { userId, connectionId, reason } = command.data;
      const connection = connectionOf(state, connectionId);
      if (!connection) throw new DomainError('not_found', CM.notInList);
      // Once per connection, renewals included; a cancelled one got every coin back already.
      if (connection.refunded || connection.cancelled) return [];
      return {
        type: 'CoinRefunded',
        data: {
          userId,
          connectionId,
          targetUserId: connection.targetUserId,
          coins: CONNECTION_COST,
          reason,
          balanceAfter: state.balance + CONNECTION_COST,
          at,
        },
      };
    }
    case 'CancelConnection': {
      const { userId, connectionId, reason } = command.data;
      const connection = connectionOf(state, connectionId);
      if (!connection) throw new DomainError('not_found', CM.notInList);
      if (connection.cancelled) return [];
      const { targetUserId } = connection;
      const events: WalletEvent[] = [];
      if (listedConnectionId(state, targetUserId) === connectionId) {
        events.push({
          type: 'ConnectionRemoved',
          data: { userId, connectionId, targetUserId, balanceAfter: state.balance, at },
        });
      }
      const coins = connection.paid - (connection.refunded ? CONNECTION_COST : 0);
      if (coins > 0) {
        events.push({
          type: 'CoinRefunded',
          data: {
            userId,
            connectionId,
            targetUserId,
            coins,
            reason,
            balanceAfter: state.balance + coins,
            at,
          },
        });
      }
      return events;
    }
  }
};

/**
 * Events folded into a wallet. Its collections are growing maps: an event adds to the newest
 * chunk of one of them and shares the rest with the state before, so an add to a list costs the
 * same for a brand's first connection and its ten-thousandth (copying every connection at each
 * event cost 416 µs an event over a brand's first 1,000 connections, 6,031 µs from its 5,000th
 * to its 10,000th); the state it starts from is never changed.
 */
export const evolveWallet = (state: WalletState, events: readonly WalletEvent[]): WalletState => {
  if (events.length === 0) return state;
  let { balance, userId, updatedAt, connections, listed, creditedPayments, grants } = state;
  const change = (connectionId: string, next: Partial<Connection>) => {
    const connection = entryOf(connections, connectionId);
    if (connection) connections = withEntry(connections, connectionId, { ...connection, ...next });
  };
  for (const event of events) {
    balance += coinDelta(event);
    userId = event.data.userId;
    updatedAt = event.data.at;
    switch (event.type) {
      case 'CoinsPurchased':
        creditedPayments = withEntry(creditedPayments, event.data.paymentId, true);
        break;
      case 'CoinsGranted':
        grants = withEntry(grants, event.data.grantId, true);
        break;
      case 'ConnectionOpened': {
        const { connectionId, targetUserId, addedAt, expiresAt } = event.data;
        connections = withEntry(connections, connectionId, {
          connectionId,
          targetUserId,
          addedAt,
          expiresAt,
          removedAt: null,
          refunded: false,
          paid: event.data.cost,
          cancelled: false,
        });
        listed = withEntry(listed, targetUserId, connectionId);
        break;
      }
      case 'ConnectionRenewed':
        change(event.data.connectionId, {
          expiresAt: event.data.expiresAt,
          paid: (entryOf(connections, event.data.connectionId)?.paid ?? 0) + event.data.cost,
        });
        break;
      case 'ConnectionRemoved':
        change(event.data.connectionId, { removedAt: event.data.at });
        if (entryOf(listed, event.data.targetUserId) === event.data.connectionId) {
          listed = withEntry(listed, event.data.targetUserId, null);
        }
        break;
      case 'CoinRefunded':
        change(event.data.connectionId, {
          refunded: true,
          ...(event.data.reason === 'already_connected' ? { cancelled: true } : {}),
        });
        break;
    }
  }
  return { userId, balance, connections, listed, creditedPayments, grants, updatedAt };
};

export const walletDecider: Decider<WalletState, WalletCommand, WalletEvent> = {
  initialState: initialWalletState,
  decide,
  evolve: (state, event) => evolveWallet(state, [event]),
  evolveAll: evolveWallet,
};

/** The key a payment's credit carries: derived from the payment, so every retry agrees. */
export const purchaseCreditKey = (paymentId: string): string => `payment-credited-${paymentId}`;

/**
 * The ledger line of each wallet event: what the wallet history shows and what auditors replay.
 * One home for the rule, used by the wallet read model and by replays from the event store.
 */
import type { RecordedEvent } from '../shared/messages.ts';
import type { WalletEntry } from './contracts.ts';
import { coinDelta, type WalletEvent } from './wallet.ts';

export const WALLET_EVENT_TYPES = [
  'CoinsPurchased',
  'CoinsGranted',
  'ConnectionOpened',
  'ConnectionRenewed',
  'ConnectionRemoved',
  'CoinRefunded',
] as const satisfies readonly WalletEvent['type'][];

const kindOf = {
  CoinsPurchased: 'purchase',
  CoinsGranted: 'grant',
  ConnectionOpened: 'connection',
  ConnectionRenewed: 'renewal',
  ConnectionRemoved: 'removal',
  CoinRefunded: 'refund',
} as const satisfies Record<WalletEvent['type'], WalletEntry['kind']>;

export const ledgerLine = (recorded: RecordedEvent<WalletEvent>): WalletEntry => {
  const base = {
    id: recorded.id,
    userId: recorded.data.userId,
    at: recorded.data.at,
    kind: kindOf[recorded.type],
    coins: coinDelta(recorded),
    balanceAfter: recorded.data.balanceAfter,
    correlationId: recorded.metadata.correlationId,
    revision: recorded.revision,
    paymentId: null,
    packageId: null,
    bonusCoins: 0,
    reason: null,
    by: null,
    targetUserId: null,
  } satisfies WalletEntry;
  switch (recorded.type) {
    case 'CoinsPurchased':
      return {
        ...base,
        paymentId: recorded.data.paymentId,
        packageId: recorded.data.packageId,
        bonusCoins: recorded.data.bonusCoins,
      };
    case 'CoinsGranted':
      return { ...base, reason: recorded.data.reason, by: recorded.data.by };
    case 'ConnectionOpened':
    case 'ConnectionRenewed':
    case 'ConnectionRemoved':
      return { ...base, targetUserId: recorded.data.targetUserId };
    case 'CoinRefunded':
      return { ...base, reason: recorded.data.reason, targetUserId: recorded.data.targetUserId };
  }
};

import type { WalletEntry, WalletView } from '@linkcoin/domain/wallet/contracts.ts';
import { ledgerLine, WALLET_EVENT_TYPES } from '@linkcoin/domain/wallet/ledger.ts';
import type { WalletEvent } from '@linkcoin/domain/wallet/wallet.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

export const WALLETS = 'wallets';
export const WALLET_ENTRIES = 'wallet_entries';

/** A user with no coin history yet. */
export const emptyWallet = (userId: string): WalletView => ({
  id: userId,
  userId,
  balance: 0,
  purchased: 0,
  granted: 0,
  spent: 0,
  refunded: 0,
  updatedAt: '',
});

const totalsAfter = (wallet: WalletView, line: WalletEntry): WalletView => ({
  ...wallet,
  balance: line.balanceAfter,
  purchased: wallet.purchased + (line.kind === 'purchase' ? line.coins : 0),
  granted: wallet.granted + (line.kind === 'grant' ? line.coins : 0),
  spent: wallet.spent + (line.coins < 0 ? -line.coins : 0),
  refunded: wallet.refunded + (line.kind === 'refund' ? line.coins : 0),
  updatedAt: line.at,
});

/**
 * Wallets: each user's balance and totals, and one ledger line per wallet event (the history the
 * user and the console read, newest first).
 */
export const walletProjection: Projection = {
  name: 'wallets',
  // 4: lines carry their revision (the history is in the stream's order).
  version: 4,
  collections: [
    { name: WALLETS, indexes: [{ fields: ['updatedAt'] }, { fields: ['balance'] }] },
    {
      name: WALLET_ENTRIES,
      indexes: [
        { fields: ['userId', 'revision'] },
        { fields: ['paymentId'] },
        { fields: ['kind'] },
      ],
    },
  ],
  eventTypes: WALLET_EVENT_TYPES,
  apply: async (recorded, tx) => {
    const line = ledgerLine(recorded as RecordedEvent<WalletEvent>);
    await tx.put<WalletEntry>(WALLET_ENTRIES, line.id, line);
    const wallet = (await tx.get<WalletView>(WALLETS, line.userId)) ?? emptyWallet(line.userId);
    await tx.put<WalletView>(WALLETS, line.userId, totalsAfter(wallet, line));
  },
};

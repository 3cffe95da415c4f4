import { createHash, randomUUID } from 'node:crypto';
import { accountDecider, accountStreamId } from '@linkcoin/domain/accounts/account.ts';
import { ACCOUNT_MESSAGES } from '@linkcoin/domain/accounts/messages.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import { currentName } from '@linkcoin/domain/profiles/names.ts';
import { profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import type {
  WalletEntry,
  WalletEntryView,
  WalletView,
} from '@linkcoin/domain/wallet/contracts.ts';
import { walletDecider, walletStreamId } from '@linkcoin/domain/wallet/wallet.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { ProjectionProgress } from '../platform/projection-progress.ts';
import { emptyWallet, WALLET_ENTRIES, WALLETS } from './projection.ts';

export const WALLET_HANDLER_MESSAGES = {
  noSelfGrant: 'Coins for yourself must be granted by another admin.',
} as const;

/** A stable id from an idempotency key: a retried grant names the same grant. */
const idFromKey = (key: string): string => {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

export type WalletHandlers = ReturnType<typeof walletHandlers>;

/** The wallet use cases: balances, the history, and coins granted by an admin. */
export const walletHandlers = (deps: {
  commands: CommandHandler;
  readStore: ReadStore;
  progress: ProjectionProgress;
}) => {
  const { commands, readStore, progress } = deps;
  const wallets = () => readStore.collection<WalletView>(WALLETS);
  const entries = () => readStore.collection<WalletEntry>(WALLET_ENTRIES);

  /** The balance now, from the wallet's stream (not a read model that may lag). */
  const balanceOf = async (userId: string): Promise<number> =>
    (await commands.load(walletDecider, walletStreamId(userId))).state.balance;

  const walletOf = async (userId: string): Promise<WalletView> =>
    (await wallets().get(userId)) ?? emptyWallet(userId);

  const historyOf = async (userId: string, skip: number, limit: number) => {
    const query = { where: { userId } };
    const [rows, total] = await Promise.all([
      // The stream's order, not the lines' times: a process's line (a cancelled connection's
      // refund) carries the time of the event that caused it, which can be older than a line
      // the user wrote meanwhile; the newest line's balance is always the balance.
      entries().find({ ...query, sort: [['revision', -1]], skip, limit }),
      entries().count(query),
    ]);
    return { rows, total };
  };

  /** The lines with the name (now) of the person each is about: one load per person. */
  const withNames = async (rows: readonly WalletEntry[]): Promise<WalletEntryView[]> => {
    const ids = [...new Set(rows.flatMap((row) => (row.targetUserId ? [row.targetUserId] : [])))];
    const names = new Map(
      await Promise.all(
        ids.map(async (id) => {
          const [{ state: account }, { state: profile }] = await Promise.all([
            commands.load(accountDecider, accountStreamId(id)),
            commands.load(profileDecider, profileStreamId(id)),
          ]);
          return [id, account.status === 'active' ? currentName(account, profile) : null] as const;
        }),
      ),
    );
    return rows.map((row) => ({
      ...row,
      targetName: row.targetUserId ? (names.get(row.targetUserId) ?? null) : null,
    }));
  };

  /** Refuses a user id that names no account (404). */
  const requireAccount = async (userId: string): Promise<void> => {
    const { state: account } = await commands.load(accountDecider, accountStreamId(userId));
    if (account.status !== 'active') {
      throw new DomainError('not_found', ACCOUNT_MESSAGES.accountNotFound);
    }
  };

  const grant = async (
    input: { userId: string; coins: number; reason: string; by: string },
    meta: CommandMetadata,
  ): Promise<WalletView> => {
    if (input.userId === input.by) {
      throw new DomainError('forbidden', WALLET_HANDLER_MESSAGES.noSelfGrant);
    }
    await requireAccount(input.userId);
    const result = await commands.handle(walletDecider, walletStreamId(input.userId), {
      type: 'GrantCoins',
      data: {
        userId: input.userId,
        // A keyed retry names the same grant, so its data, and so its fingerprint, repeat.
        grantId: meta.idempotencyKey ? idFromKey(meta.idempotencyKey) : randomUUID(),
        coins: input.coins,
        by: input.by,
        reason: input.reason,
      },
      metadata: meta,
    });
    await progress.waitFor(result.position);
    return walletOf(input.userId);
  };

  return { balanceOf, walletOf, historyOf, withNames, grant, requireAccount, wallets, entries };
};

import { createHash, randomUUID } from 'node:crypto';
import { accountDecider, accountStreamId } from '@linkcoin/domain/accounts/account.ts';
import { ACCOUNT_MESSAGES } from '@linkcoin/domain/accounts/messages.ts';
import {
  conversationDecider,
  type ConversationOpenRefused,
} from '@linkcoin/domain/messaging/conversation.ts';
import {
  cancellationFor,
  conversationCommandFor,
  type ConnectionEvent,
} from '@linkcoin/domain/collections/conversation-sync.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata, RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { ImageUrlRule } from '@linkcoin/domain/uploads/urls.ts';
import type { CollectionEntry } from '@linkcoin/domain/collections/contracts.ts';
import { COLLECTION_MESSAGES as CM } from '@linkcoin/domain/collections/messages.ts';
import {
  isExpired,
  listedConnection,
  walletDecider,
  walletStreamId,
  type WalletCommand,
  type WalletEvent,
} from '@linkcoin/domain/wallet/wallet.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { ProjectionProgress } from '../platform/projection-progress.ts';
import { CONNECTION_SIDES, type ConnectionSideDoc } from './projection.ts';

/** A list is every connection at once (the spec pages nothing); a bound all the same. */
export const MAX_LIST = 1000;

/** A stable connection id from a client's idempotency key: a retried add names the same one. */
const connectionIdFromKey = (key: string): string => {
  const hex = createHash('sha256').update(`connection:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

type Pair = Readonly<{ userId: string; targetUserId: string }>;

export type CollectionHandlers = ReturnType<typeof collectionHandlers>;

/**
 * The collection's use cases. Spending and the list are one decision in the payer's wallet
 * stream (domain/wallet/wallet.ts); the conversation follows from the wallet's event with the
 * same command and key the conversation process sends, so the chat is open (or closed) when the
 * request answers, and a crash between the two appends heals itself.
 *
 * The conversation has the last word on who holds the pair: two users who are both creators,
 * adding each other at once, both pass their own wallet's check, but only the first connection
 * to reach the conversation opens it. The other is refused there and cancelled in its payer's
 * wallet (every coin back) before the request answers 409, as a retry with its key answers too.
 */
export const collectionHandlers = (deps: {
  commands: CommandHandler;
  readStore: ReadStore;
  progress: ProjectionProgress;
}) => {
  const { commands, readStore, progress } = deps;
  const entries = () => readStore.collection<ConnectionSideDoc>(CONNECTION_SIDES);

  /** The user's connections, newest activity first, as the list shows them at `now`. */
  const listOf = async (
    userId: string,
    now: Date,
    isOurImage: ImageUrlRule,
  ): Promise<CollectionEntry[]> => {
    const lines = await entries().find({
      where: { ownerId: userId, listed: true },
      sort: [['lastActivityAt', -1]],
      limit: MAX_LIST,
    });
    return lines.map((line) => ({
      user: {
        _id: line.contactId,
        ownerName: line.contact.ownerName,
        profilePicUrl: isOurImage(line.contact.profilePicUrl) ? line.contact.profilePicUrl : '',
        isOnline: line.contact.isOnline,
        companyName: line.contact.companyName ?? null,
        handle: line.contact.handle ?? null,
        replyHours: line.contact.replyHours ?? null,
      },
      addedAt: line.addedAt,
      lastMessage: line.lastMessage,
      lastMessageTimestamp: line.lastMessageTimestamp,
      unreadCount: line.unreadCount,
      expiresAt: line.expiresAt,
      expired: isExpired(line, now),
      connectionId: line.connectionId,
      role: line.role,
      refunded: line.refunded,
    }));
  };

  /**
   * Sends what a connection event means for the conversation, and cancels the connection when
   * the conversation refused it; answers the newest position and whether it was refused.
   */
  const followConversation = async (event: RecordedEvent<ConnectionEvent>) => {
    const { streamId, command } = conversationCommandFor(event);
    const result = await commands.handle(conversationDecider, streamId, command);
    let position = Math.max(event.position, result.position ?? 0);
    const refusal = result.events.find(
      (e): e is RecordedEvent<ConversationOpenRefused> => e.type === 'ConversationOpenRefused',
    );
    if (refusal) {
      const cancel = cancellationFor(refusal);
      const cancelled = await commands.handle(walletDecider, cancel.streamId, cancel.command);
      position = Math.max(position, cancelled.position ?? 0);
    }
    return { position, refused: refusal !== undefined };
  };

  /** Decides in the payer's wallet, follows with the conversation, waits for the list. */
  const spend = async <T extends ConnectionEvent['type']>(
    command: WalletCommand,
    type: T,
  ): Promise<RecordedEvent<Extract<WalletEvent, { type: T }>>> => {
    const result = await commands.handle(
      walletDecider,
      walletStreamId(command.data.userId),
      command,
    );
    // The decider answers this event or refuses; a keyed retry answers the earlier one.
    const event = result.events.find(
      (e): e is RecordedEvent<Extract<WalletEvent, { type: T }>> => e.type === type,
    );
    if (!event) throw new Error(`${command.type} answered no ${type}`);
    const { position, refused } = await followConversation(event);
    await progress.waitFor(position);
    // The other user connected the two of them first: this one is undone and its coins back.
    if (refused) throw new DomainError('conflict', CM.alreadyInList);
    return event;
  };

  /** Refuses a user id that names no account (404). */
  const requireAccount = async (userId: string) => {
    const { state } = await commands.load(accountDecider, accountStreamId(userId));
    if (state.status !== 'active') {
      throw new DomainError('not_found', ACCOUNT_MESSAGES.accountNotFound);
    }
    return state;
  };

  /**
   * Adds a creator to the payer's list for 1 coin. What holds for a retry as for the first try
   * (yourself, an account, a creator) is checked before the client's key is claimed (`keyed`),
   * so those refusals append nothing; the balance and the duplicate are the wallet's decision.
   */
  const add = async (
    { userId, targetUserId }: Pair,
    keyed: () => Promise<CommandMetadata>,
  ): Promise<RecordedEvent<Extract<WalletEvent, { type: 'ConnectionOpened' }>>> => {
    if (userId === targetUserId) throw new DomainError('validation', CM.cannotAddYourself);
    const target = await requireAccount(targetUserId);
    if (target.role !== 'influencer') throw new DomainError('validation', CM.onlyCreators);
    const meta = await keyed();
    // A creator who added the caller is on the caller's list already (both sides see it).
    const { state: theirs } = await commands.load(walletDecider, walletStreamId(targetUserId));
    if (listedConnection(theirs, userId)) throw new DomainError('conflict', CM.alreadyInList);
    const connectionId = meta.idempotencyKey
      ? connectionIdFromKey(meta.idempotencyKey)
      : randomUUID();
    return spend(
      {
        type: 'OpenConnection',
        data: { userId, connectionId, targetUserId, targetIsCreator: true },
        metadata: meta,
      },
      'ConnectionOpened',
    );
  };

  /**
   * Renews for 7 days from the later of now and the expiry, for 1 coin (the payer only: a
   * creator's wallet lists nobody it was added by). A creator not on the list is refused before
   * the client's key is claimed; the balance is the wallet's decision.
   */
  const renew = async ({ userId, targetUserId }: Pair, keyed: () => Promise<CommandMetadata>) => {
    const { state } = await commands.load(walletDecider, walletStreamId(userId));
    if (!listedConnection(state, targetUserId)) throw new DomainError('not_found', CM.notInList);
    return spend(
      { type: 'RenewConnection', data: { userId, targetUserId }, metadata: await keyed() },
      'ConnectionRenewed',
    );
  };

  /** Takes a creator off the payer's list; the conversation closes. */
  const remove = async ({ userId, targetUserId }: Pair, meta: CommandMetadata) =>
    spend(
      { type: 'RemoveConnection', data: { userId, targetUserId }, metadata: meta },
      'ConnectionRemoved',
    );

  return { listOf, add, renew, remove };
};

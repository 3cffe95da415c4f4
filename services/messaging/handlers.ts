import { randomUUID } from 'node:crypto';
import { accountDecider, accountStreamId } from '@linkcoin/domain/accounts/account.ts';
import { currentName } from '@linkcoin/domain/profiles/names.ts';
import { profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import type {
  ConversationAnswer,
  MessageView,
  PushSubscriptionJson,
  ReceiptData,
} from '@linkcoin/domain/messaging/contracts.ts';
import { DEFAULT_PAGE } from '@linkcoin/domain/messaging/contracts.ts';
import {
  conversationDecider,
  conversationStreamId,
  isConversationExpired,
  pairIdOf,
  type ConversationEvent,
  type ConversationState,
} from '@linkcoin/domain/messaging/conversation.ts';
import {
  isPushServiceEndpoint,
  pushSubscriptionsDecider,
  pushSubscriptionsStreamId,
  type PushSubscription,
} from '@linkcoin/domain/messaging/push-subscriptions.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata, RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { presenceDecider, presenceStreamId } from '@linkcoin/domain/messaging/presence.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { ProjectionProgress } from '../platform/projection-progress.ts';
import {
  CONVERSATIONS,
  MESSAGES,
  messageDocumentId,
  messageView,
  type ConversationDocument,
  type MessageDocument,
} from './projection.ts';
import { entryOf } from '@linkcoin/domain/shared/growing-map.ts';

export const MESSAGING_HANDLER_MESSAGES = {
  noConversation: 'No conversation with this user.',
  notYourself: 'You can only send messages as yourself.',
  joinAsYourself: 'You can only join as yourself.',
  readYourOwn: 'You can only mark messages sent to you as read.',
  unknownPushService: 'Notifications could not be turned on in this browser.',
  pushNotConfigured: 'Notifications are not available',
} as const;

const H = MESSAGING_HANDLER_MESSAGES;

export type MessagingHandlers = ReturnType<typeof messagingHandlers>;

/** A delivery receipt appended, and where it sits in its stream (the chat pushes it). */
export type RecordedReceipt = { streamId: string; revision: number; receipt: ReceiptData };

const receiptOf = (events: readonly RecordedEvent<ConversationEvent>[]): RecordedReceipt | null => {
  const recorded = events.find((event) => event.type === 'MessagesDelivered');
  if (!recorded || recorded.type !== 'MessagesDelivered') return null;
  return {
    streamId: recorded.streamId,
    revision: recorded.revision,
    receipt: {
      sender: recorded.data.senderId,
      receiver: recorded.data.receiverId,
      upToSeq: recorded.data.upToSeq,
      messageStatus: 'delivered',
      at: recorded.data.at,
    },
  };
};

/** The chat's use cases, on the conversation streams and the messaging read model. */
export const messagingHandlers = (deps: {
  commands: CommandHandler;
  readStore: ReadStore;
  progress: ProjectionProgress;
  /** Push services a subscription may point to (a host or a parent domain). */
  pushServiceHosts: readonly string[];
}) => {
  const { commands, readStore, progress } = deps;
  const conversations = () => readStore.collection<ConversationDocument>(CONVERSATIONS);
  const messages = () => readStore.collection<MessageDocument>(MESSAGES);

  const loadConversation = async (a: string, b: string) =>
    (await commands.load(conversationDecider, conversationStreamId(pairIdOf(a, b)))).state;

  /** The stored message of a resend (its first send may not be in the read model yet). */
  const storedView = async (
    state: ConversationState,
    position: number | null,
    messageId: string,
  ): Promise<MessageView> => {
    const seq = entryOf(state.messageIds, messageId)?.seq;
    await progress.waitFor(position);
    const pairId = state.pairId ?? '';
    const [message, conversation] = await Promise.all([
      seq === undefined ? null : messages().get(messageDocumentId(pairId, seq)),
      conversations().get(pairId),
    ]);
    if (!message) throw new DomainError('not_found', H.noConversation);
    return messageView(message, conversation?.receipts[message.receiverId]);
  };

  /**
   * Stores a message, once per message id: a resend answers the message stored the first time.
   * `appended` tells whether this call stored it (only then is anybody notified).
   */
  const send = async (
    input: {
      senderId: string;
      receiverId: string;
      content: string;
      messageId?: string;
      /** The sender's delivery receipt rides on this append (SendMessage's `alsoDelivered`). */
      alsoDelivered?: boolean;
    },
    meta: CommandMetadata,
  ): Promise<{
    message: MessageView;
    appended: boolean;
    /** Where the appended MessageSent sits in its stream (the chat's local delivery). */
    recorded?: { streamId: string; revision: number; pairId: string };
    /** The receipt appended with it (`alsoDelivered`), for the chat to push. */
    receipt?: RecordedReceipt;
  }> => {
    const messageId = input.messageId ?? randomUUID();
    const pairId = pairIdOf(input.senderId, input.receiverId);
    const result = await commands.handle(conversationDecider, conversationStreamId(pairId), {
      type: 'SendMessage',
      data: {
        messageId,
        senderId: input.senderId,
        receiverId: input.receiverId,
        content: input.content,
        ...(input.alsoDelivered ? { alsoDelivered: true } : {}),
      },
      metadata: meta,
    });
    const sent = result.events.find((event) => event.type === 'MessageSent');
    if (!sent || sent.type !== 'MessageSent') {
      return {
        message: await storedView(result.state, result.position, messageId),
        appended: false,
      };
    }
    const receipt = receiptOf(result.events);
    return {
      message: messageView(sent.data, undefined),
      appended: true,
      recorded: { streamId: sent.streamId, revision: sent.revision, pairId },
      ...(receipt ? { receipt } : {}),
    };
  };

  /** The reader has seen everything the other side wrote to them so far. */
  const markRead = async (
    readerId: string,
    senderId: string,
    meta: CommandMetadata,
  ): Promise<{ upToSeq: number; position: number | null }> => {
    const state = await loadConversation(readerId, senderId);
    if (state.status === 'none') throw new DomainError('not_found', H.noConversation);
    const result = await commands.handle(
      conversationDecider,
      conversationStreamId(pairIdOf(readerId, senderId)),
      { type: 'MarkRead', data: { readerId }, metadata: meta },
    );
    return {
      upToSeq: result.state.participants[readerId]?.readUpToSeq ?? 0,
      position: result.position,
    };
  };

  /**
   * Messages to `receiverId` reached one of their sockets. Answers the receipt it recorded and
   * where it sits in its stream (the chat pushes it to a sender on the same node), or null when
   * everything was marked delivered already.
   */
  const markDelivered = async (
    pairId: string,
    receiverId: string,
    meta: CommandMetadata,
  ): Promise<RecordedReceipt | null> => {
    const result = await commands.handle(conversationDecider, conversationStreamId(pairId), {
      type: 'MarkDelivered',
      data: { receiverId },
      metadata: meta,
    });
    return receiptOf(result.events);
  };

  /** A page of the conversation, newest last, with the ticks as they are now. */
  const conversation = async (
    userId: string,
    otherUserId: string,
    page: { before?: number | undefined; limit?: number | undefined },
    now: Date,
  ): Promise<ConversationAnswer> => {
    const pairId = pairIdOf(userId, otherUserId);
    const state = await loadConversation(userId, otherUserId);
    if (state.status === 'none' || userId === otherUserId) {
      throw new DomainError('not_found', H.noConversation);
    }
    const limit = page.limit ?? DEFAULT_PAGE;
    const [found, document] = await Promise.all([
      messages().find({
        where: { pairId, ...(page.before ? { seq: { $lt: page.before } } : {}) },
        sort: [['seq', -1]],
        limit: limit + 1,
      }),
      conversations().get(pairId),
    ]);
    const rows = found.slice(0, limit).reverse();
    return {
      success: true,
      conversation: rows.map((row) => messageView(row, document?.receipts[row.receiverId])),
      expiresAt: state.expiresAt,
      expired: state.status === 'closed' || isConversationExpired(state, now),
      hasMore: found.length > limit,
    };
  };

  /** Everyone the user has a conversation with (either side). */
  const conversationsOf = async (userId: string): Promise<ConversationDocument[]> => {
    const [paid, received] = await Promise.all([
      conversations().find({ where: { payerId: userId } }),
      conversations().find({ where: { creatorId: userId } }),
    ]);
    return [...paid, ...received];
  };

  const contactsOf = async (userId: string): Promise<string[]> =>
    (await conversationsOf(userId)).map((c) => (c.payerId === userId ? c.creatorId : c.payerId));

  /**
   * Conversations where messages to the user were not delivered yet: a message to them after
   * their delivered tick (found through the messages' pair and seq index, from that tick on).
   */
  const undeliveredTo = async (userId: string): Promise<string[]> => {
    const found = await Promise.all(
      (await conversationsOf(userId)).map(async (c) => {
        const delivered = c.receipts[userId]?.delivered ?? 0;
        const waiting = await messages().count({
          where: { pairId: c.pairId, seq: { $gt: delivered }, receiverId: userId },
        });
        return waiting > 0 ? c.pairId : null;
      }),
    );
    return found.filter((pairId) => pairId !== null);
  };

  const saveSubscription = async (
    userId: string,
    token: PushSubscriptionJson,
    meta: CommandMetadata,
  ): Promise<void> => {
    // The server will POST to this address: only push services, never anything else.
    if (!isPushServiceEndpoint(token.endpoint, deps.pushServiceHosts)) {
      throw new DomainError('validation', H.unknownPushService);
    }
    await commands.handle(pushSubscriptionsDecider, pushSubscriptionsStreamId(userId), {
      type: 'SavePushSubscription',
      data: { userId, endpoint: token.endpoint, p256dh: token.keys.p256dh, auth: token.keys.auth },
      metadata: meta,
    });
  };

  const subscriptionsOf = async (userId: string): Promise<readonly PushSubscription[]> =>
    (await commands.load(pushSubscriptionsDecider, pushSubscriptionsStreamId(userId))).state
      .subscriptions;

  const dropSubscription = async (
    userId: string,
    endpoint: string,
    meta: CommandMetadata,
  ): Promise<void> => {
    await commands.handle(pushSubscriptionsDecider, pushSubscriptionsStreamId(userId), {
      type: 'DropPushSubscription',
      data: { userId, endpoint },
      metadata: meta,
    });
  };

  /** A user's current name and address, for notices (null when the account is gone). */
  const personOf = async (userId: string) => {
    const [{ state }, { state: profile }] = await Promise.all([
      commands.load(accountDecider, accountStreamId(userId)),
      commands.load(profileDecider, profileStreamId(userId)),
    ]);
    return state.status === 'active'
      ? { name: currentName(state, profile), email: state.email }
      : null;
  };

  /** A user came online somewhere or went offline everywhere: one event per flip. */
  const recordPresence = async (userId: string, online: boolean, meta: CommandMetadata) => {
    await commands.handle(presenceDecider, presenceStreamId(userId), {
      type: 'RecordPresence',
      data: { userId, online },
      metadata: meta,
    });
  };

  return {
    recordPresence,
    send,
    markRead,
    markDelivered,
    conversation,
    contactsOf,
    undeliveredTo,
    saveSubscription,
    subscriptionsOf,
    dropSubscription,
    personOf,
    loadConversation,
  };
};

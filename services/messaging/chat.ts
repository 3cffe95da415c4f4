import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  joinData,
  markAsReadData,
  sendMessageData,
  type PresenceData,
  type ReceiptData,
} from '@linkcoin/domain/messaging/contracts.ts';
import { pairIdOf, type ConversationEvent } from '@linkcoin/domain/messaging/conversation.ts';
import { MESSAGING_MESSAGES as M } from '@linkcoin/domain/messaging/messages.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import type { Bus, BusSubscription } from '@linkcoin/infra/bus/port.ts';
import { topicForCategory, type ForwardedEvent } from '../platform/forwarder/forwarder.ts';
import {
  realtimeEvent,
  type RealtimeNode,
  type RealtimePart,
} from '../platform/gateway/realtime.ts';
import type { Clock } from '../platform/clock.ts';
import { refusalOf, sharedLimiter } from '../platform/shared-limits.ts';
import {
  MESSAGING_HANDLER_MESSAGES as H,
  type MessagingHandlers,
  type RecordedReceipt,
} from './handlers.ts';
import { PresenceBoard } from './presence.ts';
import { messageView } from './projection.ts';
import type { PushNotifier } from './push.ts';
import { ReceiptBatcher } from './receipts.ts';

/** The conversation streams' events, as the forwarder publishes them. */
export const CONVERSATION_TOPIC = topicForCategory('conversation');

/** Conversations whose last pushed revision a gateway node remembers (about 100 bytes each). */
const SEEN_STREAMS_KEPT = 100_000;

/** The events the server pushes on /ws (docs/ARCHITECTURE.md, "The chat on /ws"). */
export const CHAT_EVENTS = {
  receiveMessage: 'receive_message',
  messageStatus: 'message_status',
  presence: 'presence',
} as const;

export type ChatOptions = Readonly<{
  handlers: MessagingHandlers;
  bus: Bus;
  clock: Clock;
  logger: Logger;
  push: PushNotifier;
  messagesPerMinute: number;
  presenceBeatMs?: number;
  /** At most one delivery receipt per conversation side within this many ms (receipts.ts). */
  receiptWindowMs?: number;
  /** How long after its window a receipt waits for the receiver's reply to carry it (receipts.ts). */
  receiptCarryMs?: number;
}>;

/**
 * The default receipt window: a quiet conversation's tick turns at once; a lively one's at most
 * a second late, for one receipt a second instead of one per message.
 */
export const RECEIPT_WINDOW_MS = 1000;
/**
 * How long a receipt whose window ended waits for the receiver's next message to carry it (one
 * append, no MarkDelivered of its own) before it is recorded on its own: in a lively
 * conversation the tick turns at most a second and a half late.
 */
export const RECEIPT_CARRY_MS = 500;

/**
 * The chat on a gateway node: the socket events (join, send_message, mark_as_read), and what
 * comes back from the bus: every node reads the conversation events with its own consumer
 * group and pushes them to its own sockets (messages to their receiver, receipts to their
 * sender), so two users on different nodes talk in real time. Presence travels on its own topic.
 */
export const chatRealtime = (options: ChatOptions): RealtimePart => {
  const { handlers, bus, clock, logger, push } = options;
  let node: RealtimeNode | null = null;
  let conversations: BusSubscription | null = null;
  const limiter = sharedLimiter('chat-messages', {
    points: options.messagesPerMinute,
    duration: 60,
  });

  /** For presence: the contacts of each user on this node, and who on this node watches whom. */
  const contactsOf = new Map<string, Promise<Set<string>>>();
  const watchers = new Map<string, Set<string>>();

  const watch = (local: string, contact: string) => {
    let set = watchers.get(contact);
    if (!set) watchers.set(contact, (set = new Set()));
    set.add(local);
  };

  const loadContacts = (userId: string): Promise<Set<string>> => {
    let loaded = contactsOf.get(userId);
    if (!loaded) {
      loaded = handlers.contactsOf(userId).then((found) => {
        const contacts = new Set(found);
        if (node?.isHere(userId)) for (const contact of contacts) watch(userId, contact);
        return contacts;
      });
      loaded.catch(() => contactsOf.delete(userId));
      contactsOf.set(userId, loaded);
    }
    return loaded;
  };

  const forget = (userId: string) => {
    const loaded = contactsOf.get(userId);
    contactsOf.delete(userId);
    void loaded?.then((contacts) => {
      for (const contact of contacts) {
        const set = watchers.get(contact);
        set?.delete(userId);
        if (set?.size === 0) watchers.delete(contact);
      }
    });
  };

  const board = (nodeId: string) =>
    new PresenceBoard({
      bus,
      nodeId,
      logger,
      ...(options.presenceBeatMs ? { beatMs: options.presenceBeatMs } : {}),
      localUsers: () => node?.users() ?? [],
      onChange: (userId, isOnline) => {
        for (const local of watchers.get(userId) ?? []) {
          node?.emitTo(local, CHAT_EVENTS.presence, { userId, isOnline } satisfies PresenceData);
        }
        // The read models' online dot (contacts, directory): one event per flip, whichever
        // node records it first.
        void handlers
          .recordPresence(userId, isOnline, metadataOf(userId))
          .catch((error: unknown) =>
            logger.warn({ err: error, userId }, 'presence could not be recorded'),
          );
      },
    });
  let presence: PresenceBoard | null = null;
  const isOnline = (userId: string) =>
    (node?.isHere(userId) ?? false) || (presence?.isOnline(userId) ?? false);

  const metadataOf = (actorUserId: string): CommandMetadata => ({
    now: clock.now(),
    actorUserId,
    correlationId: randomUUID(),
    causationId: null,
  });

  /**
   * Delivery receipts, batched per conversation and receiver (receipts.ts): the first at once,
   * then at most one per window, each covering every message delivered so far. A recorded
   * receipt reaches a sender on this node straight away; its copy from the bus is not pushed
   * again here (the bus still carries it to the sender's sockets on other nodes).
   */
  const receipts = new ReceiptBatcher({
    windowMs: options.receiptWindowMs ?? RECEIPT_WINDOW_MS,
    carryMs: options.receiptCarryMs ?? RECEIPT_CARRY_MS,
    record: async (pairId, receiverId) => {
      try {
        const recorded = await handlers.markDelivered(pairId, receiverId, metadataOf(receiverId));
        if (recorded) receiptHere(recorded);
      } catch (error) {
        logger.warn({ err: error }, 'a delivery receipt could not be recorded');
      }
    },
  });
  /** A receipt just recorded, pushed to its sender's sockets on this node (not again from the bus). */
  const receiptHere = (recorded: RecordedReceipt) => {
    if (!node?.isHere(recorded.receipt.sender)) return;
    if ((lastRevision.get(recorded.streamId) ?? -1) >= recorded.revision) return;
    rememberDeliveredHere(recorded.streamId, recorded.revision);
    receipt(recorded.receipt);
  };
  const markDelivered = (pairId: string, receiverId: string) =>
    receipts.delivered(pairId, receiverId);

  const receipt = (data: ReceiptData) => {
    node?.emitTo(data.sender, CHAT_EVENTS.messageStatus, data);
    if (data.messageStatus === 'read') node?.emitTo(data.receiver, CHAT_EVENTS.messageStatus, data);
  };

  /**
   * The last revision of each conversation this node has pushed (the most recent streams kept).
   * The bus delivers at least once: a forwarder that restarts before its checkpoint publishes
   * events again, and a stream's events arrive in order, so one at or before the last seen
   * revision is a copy and is not shown twice.
   */
  const lastRevision = new Map<string, number>();
  const isCopy = (streamId: string, revision: number): boolean => {
    const seen = lastRevision.get(streamId);
    if (seen !== undefined && revision <= seen) return true;
    lastRevision.delete(streamId);
    lastRevision.set(streamId, revision);
    if (lastRevision.size > SEEN_STREAMS_KEPT) {
      lastRevision.delete(lastRevision.keys().next().value as string);
    }
    return false;
  };

  /**
   * Messages this node delivered itself, straight after their append, because the receiver has
   * a socket here (the fast path: no forwarder and bus hop). Their copy from the bus, which
   * still reaches the receiver's sockets on other nodes, is not pushed again here. Kept apart
   * from `lastRevision`: the bus may still bring this stream's earlier events (a receipt).
   */
  const deliveredHere = new Set<string>();
  const LOCAL_KEPT = 10_000;
  const rememberDeliveredHere = (streamId: string, revision: number) => {
    deliveredHere.add(`${streamId}#${revision}`);
    if (deliveredHere.size > LOCAL_KEPT) {
      deliveredHere.delete(deliveredHere.values().next().value as string);
    }
  };
  const deliverHere = (
    recorded: { streamId: string; revision: number; pairId: string },
    receiverId: string,
    message: ReturnType<typeof messageView>,
  ) => {
    if (!node?.isHere(receiverId)) return;
    // The bus was quicker (it already pushed this revision): nothing to do.
    if ((lastRevision.get(recorded.streamId) ?? -1) >= recorded.revision) return;
    rememberDeliveredHere(recorded.streamId, recorded.revision);
    const reached = node.emitTo(receiverId, CHAT_EVENTS.receiveMessage, message);
    if (reached > 0) markDelivered(recorded.pairId, receiverId);
  };

  /** One conversation event from the bus, pushed to the sockets of this node it concerns. */
  const onEvent = (forwarded: ForwardedEvent) => {
    if (!node || isCopy(forwarded.streamId, forwarded.revision)) return;
    if (deliveredHere.delete(`${forwarded.streamId}#${forwarded.revision}`)) return;
    // The conversation topic carries the conversation streams' events only.
    const event = forwarded as unknown as ConversationEvent;
    switch (event.type) {
      case 'MessageSent': {
        const { pairId, receiverId } = event.data;
        const reached = node.emitTo(
          receiverId,
          CHAT_EVENTS.receiveMessage,
          messageView(event.data, undefined),
        );
        if (reached > 0) markDelivered(pairId, receiverId);
        return;
      }
      case 'MessagesDelivered':
        return receipt({
          sender: event.data.senderId,
          receiver: event.data.receiverId,
          upToSeq: event.data.upToSeq,
          messageStatus: 'delivered',
          at: event.data.at,
        });
      case 'MessagesRead':
        return receipt({
          sender: event.data.senderId,
          receiver: event.data.readerId,
          upToSeq: event.data.upToSeq,
          messageStatus: 'read',
          at: event.data.at,
        });
      case 'ConversationOpened': {
        // New contacts: each side on this node watches the other's presence from now on.
        const { payerId, creatorId } = event.data;
        for (const [local, contact] of [
          [payerId, creatorId],
          [creatorId, payerId],
        ] as const) {
          const known = contactsOf.get(local);
          if (!known) continue;
          void known.then((contacts) => {
            contacts.add(contact);
            watch(local, contact);
            node?.emitTo(local, CHAT_EVENTS.presence, {
              userId: contact,
              isOnline: isOnline(contact),
            } satisfies PresenceData);
          });
        }
        return;
      }
      default:
        return;
    }
  };

  return {
    events: {
      join: realtimeEvent(joinData, async (client, data) => {
        const userId = typeof data === 'string' ? data : data.userId;
        if (userId !== client.principal.userId)
          throw new DomainError('forbidden', H.joinAsYourself);
        const contacts = await loadContacts(userId);
        return { userId, online: [...contacts].filter(isOnline) };
      }),
      send_message: realtimeEvent(sendMessageData, async (client, data) => {
        const me = client.principal.userId;
        if (data.sender !== me) throw new DomainError('forbidden', H.notYourself);
        if (await refusalOf(limiter, me)) throw new DomainError('rate_limited', M.tooFast);
        // The delivery receipt of what this sender received in the conversation, if one waits
        // past its window, rides on this message's append (receipts.ts); given back if the
        // message is not stored.
        const pairId = pairIdOf(me, data.receiver);
        const carried = receipts.take(pairId, me);
        let sent: Awaited<ReturnType<MessagingHandlers['send']>>;
        try {
          sent = await handlers.send(
            {
              senderId: me,
              receiverId: data.receiver,
              content: data.content,
              ...(data.messageId ? { messageId: data.messageId } : {}),
              ...(carried ? { alsoDelivered: true } : {}),
            },
            metadataOf(me),
          );
        } catch (error) {
          carried?.();
          throw error;
        }
        const { message, appended, recorded } = sent;
        if (!appended) carried?.();
        // Stored (on disk) first; a receiver on this node gets it now, before the sender's
        // acknowledgement, without the bus hop (other nodes get it from the bus).
        if (recorded) deliverHere(recorded, data.receiver, message);
        if (sent.receipt) receiptHere(sent.receipt);
        // Nobody to deliver to in real time: the receiver's browsers get a push instead.
        if (appended && !isOnline(data.receiver)) {
          void push.notifyMessage({
            senderId: me,
            receiverId: data.receiver,
            content: message.content,
          });
        }
        return { message };
      }),
      mark_as_read: realtimeEvent(markAsReadData, async (client, data) => {
        const me = client.principal.userId;
        if (data.receiver !== me) throw new DomainError('forbidden', H.readYourOwn);
        const { upToSeq } = await handlers.markRead(me, data.sender, metadataOf(me));
        return { upToSeq };
      }),
    },
    start: async (gatewayNode) => {
      node = gatewayNode;
      presence = board(gatewayNode.nodeId);
      conversations = await bus.subscribe({
        groupId: `gateway-${gatewayNode.nodeId}`,
        topics: [CONVERSATION_TOPIC],
        handler: async (message) => onEvent(message.value as ForwardedEvent),
      });
      await presence.start();
    },
    userArrived: (userId) => {
      presence?.arrived(userId);
      void loadContacts(userId).catch((error: unknown) =>
        logger.warn({ err: error }, 'contacts could not be loaded for presence'),
      );
      // Whatever waited for this user reaches them now (the client fetches it on connect).
      void handlers
        .undeliveredTo(userId)
        .then((pairs) => {
          for (const pairId of pairs) markDelivered(pairId, userId);
        })
        .catch((error: unknown) =>
          logger.warn({ err: error }, 'waiting messages could not be marked delivered'),
        );
    },
    userLeft: (userId) => {
      presence?.left(userId);
      forget(userId);
    },
    stop: async () => {
      // The sockets are closed: what they were delivered is recorded before the node goes.
      await receipts.flush();
      await presence?.stop();
      await conversations?.stop();
    },
  };
};

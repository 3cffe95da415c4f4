import type { MessageView } from '@linkcoin/domain/messaging/contracts.ts';
import type { ConversationEvent } from '@linkcoin/domain/messaging/conversation.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

export const CONVERSATIONS = 'messaging_conversations';
export const MESSAGES = 'messaging_messages';

/** How far one participant got in the other's messages: the ticks of those messages. */
export type Receipts = { delivered: number; read: number };

/**
 * One conversation: who, until when, and the ticks of each side. Written when the conversation
 * opens, changes and when a receipt lands, not for each message (the messages are rows of their
 * own): a message costs the read model one insert.
 */
export type ConversationDocument = {
  id: string;
  pairId: string;
  payerId: string;
  creatorId: string;
  status: 'open' | 'closed';
  expiresAt: string;
  /** By participant id: how far the messages they received were delivered and read. */
  receipts: Record<string, Receipts>;
  updatedAt: string;
};

/** One message, by pair and seq. */
export type MessageDocument = {
  id: string;
  pairId: string;
  seq: number;
  messageId: string;
  senderId: string;
  receiverId: string;
  content: string;
  at: string;
};

export const messageDocumentId = (pairId: string, seq: number): string => `${pairId}:${seq}`;

const none: Receipts = { delivered: 0, read: 0 };

/** The tick of a message as its sender sees it, from what its receiver got. */
export const messageStatusOf = (
  seq: number,
  receiver: Receipts | undefined,
): MessageView['messageStatus'] =>
  seq <= (receiver?.read ?? 0)
    ? 'read'
    : seq <= (receiver?.delivered ?? 0)
      ? 'delivered'
      : 'unread';

export const messageView = (
  message: Pick<
    MessageDocument,
    'messageId' | 'seq' | 'senderId' | 'receiverId' | 'content' | 'at'
  >,
  receiver: Receipts | undefined,
): MessageView => ({
  _id: message.messageId,
  seq: message.seq,
  sender: message.senderId,
  receiver: message.receiverId,
  content: message.content,
  timestamp: message.at,
  status: 'sent',
  messageStatus: messageStatusOf(message.seq, receiver),
});

const withReceipts = (
  conversation: ConversationDocument,
  userId: string,
  change: (receipts: Receipts) => Receipts,
  at: string,
): ConversationDocument => ({
  ...conversation,
  receipts: {
    ...conversation.receipts,
    [userId]: change(conversation.receipts[userId] ?? none),
  },
  updatedAt: at,
});

/**
 * The chat's read model: each conversation with its ticks, and its messages by pair and seq
 * (the history the API pages through, newest last). A message's tick is not stored on it: it
 * comes from how far its receiver got, so a receipt is one write whatever it covers.
 */
export const messagingProjection: Projection = {
  name: 'messaging',
  // 2: a conversation's document no longer follows each message (received, lastSeq,
  // lastMessageAt dropped): rebuilt without them.
  version: 2,
  collections: [
    {
      name: CONVERSATIONS,
      indexes: [{ fields: ['payerId'] }, { fields: ['creatorId'] }],
    },
    { name: MESSAGES, indexes: [{ fields: ['pairId', 'seq'] }] },
  ],
  eventTypes: [
    'ConversationOpened',
    'ConversationExtended',
    'ConversationClosed',
    'MessageSent',
    'MessagesDelivered',
    'MessagesRead',
  ],
  apply: async (recorded, tx) => {
    const event = recorded as RecordedEvent<ConversationEvent>;
    const { pairId } = event.data;
    if (event.type === 'ConversationOpened') {
      const { payerId, creatorId, expiresAt, at } = event.data;
      await tx.put<ConversationDocument>(CONVERSATIONS, pairId, {
        id: pairId,
        pairId,
        payerId,
        creatorId,
        status: 'open',
        expiresAt,
        receipts: { [payerId]: none, [creatorId]: none },
        updatedAt: at,
      });
      return;
    }
    if (event.type === 'MessageSent') {
      // One insert per message; the conversation's document is not rewritten for it.
      const { seq, messageId, senderId, receiverId, content, at } = event.data;
      await tx.put<MessageDocument>(MESSAGES, messageDocumentId(pairId, seq), {
        id: messageDocumentId(pairId, seq),
        pairId,
        seq,
        messageId,
        senderId,
        receiverId,
        content,
        at,
      });
      return;
    }
    const conversation = await tx.get<ConversationDocument>(CONVERSATIONS, pairId);
    if (!conversation) return;
    switch (event.type) {
      case 'ConversationExtended':
        await tx.put(CONVERSATIONS, pairId, {
          ...conversation,
          status: 'open',
          expiresAt: event.data.expiresAt,
          updatedAt: event.data.at,
        });
        return;
      case 'ConversationClosed':
        await tx.put(CONVERSATIONS, pairId, {
          ...conversation,
          status: 'closed',
          updatedAt: event.data.at,
        });
        return;
      case 'MessagesDelivered': {
        const { receiverId, upToSeq, at } = event.data;
        await tx.put(
          CONVERSATIONS,
          pairId,
          withReceipts(
            conversation,
            receiverId,
            (r) => ({ ...r, delivered: Math.max(r.delivered, upToSeq) }),
            at,
          ),
        );
        return;
      }
      case 'MessagesRead': {
        const { readerId, upToSeq, at } = event.data;
        await tx.put(
          CONVERSATIONS,
          pairId,
          withReceipts(
            conversation,
            readerId,
            (r) => ({
              ...r,
              read: Math.max(r.read, upToSeq),
              delivered: Math.max(r.delivered, upToSeq),
            }),
            at,
          ),
        );
        return;
      }
      default:
        return;
    }
  },
};

/**
 * The chat between a payer (usually a brand) and a creator: the `conversation-{pairId}` stream
 * (docs/design.md sections 4 and 6). It is opened and extended from the payer's wallet events by a
 * process manager, so the coin paid and the days bought are decided once, in the wallet; here
 * only who may write, until when, and what was delivered and read.
 *
 * Nobody writes into an expired or closed conversation; messages carry a client-chosen id, so a
 * resent message is stored once; ticks move forward only (delivered, then read).
 */
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import { MESSAGING_MESSAGES as M } from './messages.ts';
import { emptyGrowingMap, entryOf, withEntry, type GrowingMap } from '../shared/growing-map.ts';

export const MAX_MESSAGE_LENGTH = 2000;
/** The creator answers within this long of the payer's first message, or the coin comes back. */
export const REPLY_GUARANTEE_MS = 48 * 60 * 60 * 1000;

/** The same id whoever of the two asks: the two user ids in order. */
export const pairIdOf = (a: string, b: string): string => (a < b ? `${a}_${b}` : `${b}_${a}`);
export const conversationStreamId = (pairId: string): string => `conversation-${pairId}`;

// Events ------------------------------------------------------------------------------------

export type ConversationOpened = Event<
  'ConversationOpened',
  {
    pairId: string;
    payerId: string;
    creatorId: string;
    connectionId: string;
    expiresAt: string;
    at: string;
  }
>;
/** Renewed, or opened again by a new connection after a removal. */
export type ConversationExtended = Event<
  'ConversationExtended',
  { pairId: string; connectionId: string; expiresAt: string; at: string }
>;
/**
 * A second payer's connection reached the conversation while another payer's connection holds
 * it (two users who are both creators adding each other at once): the first to arrive keeps the
 * conversation, and this one is cancelled and refunded in full in its payer's wallet (DESIGN
 * section 6). Recorded, not silently ignored, so a retry of the opening answers the same and the
 * refund has a cause an auditor can check.
 */
export type ConversationOpenRefused = Event<
  'ConversationOpenRefused',
  {
    pairId: string;
    /** The payer whose connection was refused, and the creator they added. */
    payerId: string;
    creatorId: string;
    connectionId: string;
    reason: 'already_connected';
    /** The connection that holds the conversation. */
    heldBy: string;
    at: string;
  }
>;
export type ConversationClosed = Event<
  'ConversationClosed',
  { pairId: string; connectionId: string; at: string }
>;
export type MessageSent = Event<
  'MessageSent',
  {
    pairId: string;
    messageId: string;
    /** 1, 2, 3…: the order of the conversation. */
    seq: number;
    senderId: string;
    receiverId: string;
    content: string;
    connectionId: string;
    at: string;
  }
>;
export type MessagesDelivered = Event<
  'MessagesDelivered',
  { pairId: string; receiverId: string; senderId: string; upToSeq: number; at: string }
>;
export type MessagesRead = Event<
  'MessagesRead',
  { pairId: string; readerId: string; senderId: string; upToSeq: number; at: string }
>;
/**
 * The receiver was told by e-mail that messages up to `upToSeq` wait unread: once per quiet
 * period (from the first unread message until the receiver reads), never once per message.
 */
export type UnreadMessagesNoticed = Event<
  'UnreadMessagesNoticed',
  { pairId: string; receiverId: string; senderId: string; upToSeq: number; at: string }
>;

export type ConversationEvent =
  | ConversationOpened
  | ConversationExtended
  | ConversationOpenRefused
  | ConversationClosed
  | MessageSent
  | MessagesDelivered
  | MessagesRead
  | UnreadMessagesNoticed;

// Commands ----------------------------------------------------------------------------------

export type OpenConversation = Command<
  'OpenConversation',
  { payerId: string; creatorId: string; connectionId: string; expiresAt: string }
>;
export type CloseConversation = Command<'CloseConversation', { connectionId: string }>;
export type SendMessage = Command<
  'SendMessage',
  {
    messageId: string;
    senderId: string;
    receiverId: string;
    content: string;
    /**
     * The sender's sockets got the messages sent to them so far: their delivery receipt rides
     * on this append (MessagesDelivered before MessageSent) instead of a MarkDelivered of its
     * own. Decided as MarkDelivered would be, and only when the message is stored.
     */
    alsoDelivered?: boolean;
  }
>;
export type MarkDelivered = Command<'MarkDelivered', { receiverId: string }>;
export type MarkRead = Command<'MarkRead', { readerId: string }>;
/** Claims the e-mail notice of the receiver's current quiet period (the mail follows an append). */
export type NoticeUnread = Command<'NoticeUnread', { receiverId: string }>;
export type ConversationCommand =
  OpenConversation | CloseConversation | SendMessage | MarkDelivered | MarkRead | NoticeUnread;

// State -------------------------------------------------------------------------------------

export type Participant = Readonly<{
  /** The seq of the last message this participant received. */
  lastReceivedSeq: number;
  deliveredUpToSeq: number;
  readUpToSeq: number;
  /** The seq the last unread notice was mailed up to (0: never). */
  noticedUpToSeq: number;
}>;

export type ConversationState = Readonly<{
  status: 'none' | 'open' | 'closed';
  pairId: string | null;
  payerId: string | null;
  creatorId: string | null;
  connectionId: string | null;
  expiresAt: string | null;
  seq: number;
  /** Message ids already stored, with their seq and sender, so a resent message is stored once. */
  messageIds: GrowingMap<Readonly<{ seq: number; senderId: string }>>;
  participants: Readonly<Record<string, Participant>>;
  /** For the reply guarantee of the current connection. */
  firstPayerMessageAt: string | null;
  firstCreatorMessageAt: string | null;
}>;

export const initialConversationState = (): ConversationState => ({
  status: 'none',
  pairId: null,
  payerId: null,
  creatorId: null,
  connectionId: null,
  expiresAt: null,
  seq: 0,
  messageIds: emptyGrowingMap(),
  participants: {},
  firstPayerMessageAt: null,
  firstCreatorMessageAt: null,
});

const noOne: Participant = {
  lastReceivedSeq: 0,
  deliveredUpToSeq: 0,
  readUpToSeq: 0,
  noticedUpToSeq: 0,
};

export const isConversationExpired = (state: ConversationState, now: Date): boolean =>
  state.expiresAt === null || Date.parse(state.expiresAt) <= now.getTime();

export const otherParticipant = (state: ConversationState, userId: string): string | null =>
  userId === state.payerId ? state.creatorId : userId === state.creatorId ? state.payerId : null;

/**
 * What shows no character of its own: white space, control and format characters (zero-width
 * spaces and joiners, bidi controls, the soft hyphen), the default-ignorable fillers (U+3164
 * and its kin), the blank braille pattern, and combining marks (an accent over nothing). A
 * message of only these is blank, however long.
 */
const NO_CHARACTER = /[\s\p{Cc}\p{Cf}\p{Z}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** Whether the text shows at least one character (not only spaces and invisible ones). */
export const hasVisibleText = (text: string): boolean => text.replace(NO_CHARACTER, '').length > 0;

/**
 * Trimmed, well-formed (a lone surrogate becomes U+FFFD, as any UTF-8 encoder would), with
 * something visible, and bounded: what may be stored as a message.
 */
export const messageContent = (raw: string): string => {
  const content = raw.toWellFormed().trim();
  if (!hasVisibleText(content)) throw new DomainError('validation', M.emptyMessage);
  if (content.length > MAX_MESSAGE_LENGTH) throw new DomainError('validation', M.tooLong);
  return content;
};

export const participantOf = (state: ConversationState, userId: string): Participant =>
  state.participants[userId] ?? noOne;

const decide = (
  command: ConversationCommand,
  state: ConversationState,
): ConversationEvent | ConversationEvent[] => {
  const now = command.metadata.now;
  const at = now.toISOString();
  switch (command.type) {
    case 'OpenConversation': {
      const { payerId, creatorId, connectionId, expiresAt } = command.data;
      const pairId = pairIdOf(payerId, creatorId);
      // First ever, or the two changed roles (a creator who paid to reach the other one after
      // the earlier connection ended): opened, with who pays now.
      if (state.status === 'none' || (state.status === 'closed' && state.payerId !== payerId)) {
        return {
          type: 'ConversationOpened',
          data: { pairId, payerId, creatorId, connectionId, expiresAt, at },
        };
      }
      // The other one's connection is live: its payer keeps the conversation, and this
      // connection is refused, to be cancelled and refunded (the list refuses this case before
      // any coin moves; only two adds racing each other reach it).
      if (state.payerId !== payerId) {
        return {
          type: 'ConversationOpenRefused',
          data: {
            pairId,
            payerId,
            creatorId,
            connectionId,
            reason: 'already_connected',
            heldBy: state.connectionId ?? '',
            at,
          },
        };
      }
      if (state.connectionId === connectionId) {
        // A connection once closed never reopens (a new one has a new id), and a late or
        // replayed command never shortens what a renewal bought.
        if (state.status === 'closed') return [];
        if (state.expiresAt !== null && Date.parse(expiresAt) <= Date.parse(state.expiresAt)) {
          return [];
        }
      }
      return { type: 'ConversationExtended', data: { pairId, connectionId, expiresAt, at } };
    }
    case 'CloseConversation': {
      if (state.status !== 'open' || state.connectionId !== command.data.connectionId) return [];
      return {
        type: 'ConversationClosed',
        data: { pairId: state.pairId ?? '', connectionId: command.data.connectionId, at },
      };
    }
    case 'SendMessage': {
      const { messageId, senderId, receiverId } = command.data;
      if (state.status === 'none') throw new DomainError('forbidden', M.noConversation);
      if (otherParticipant(state, senderId) !== receiverId) {
        throw new DomainError('forbidden', M.notParticipant);
      }
      const stored = entryOf(state.messageIds, messageId);
      if (stored && stored.senderId !== senderId) {
        // Ids are the sender's own (a UUID each): the other side cannot take one over.
        throw new DomainError('conflict', M.messageIdTaken);
      }
      if (stored) return []; // resent: stored once
      if (state.status === 'closed') throw new DomainError('forbidden', M.closed);
      if (isConversationExpired(state, now)) throw new DomainError('forbidden', M.expired);
      const sent: MessageSent = {
        type: 'MessageSent',
        data: {
          pairId: state.pairId ?? '',
          messageId,
          seq: state.seq + 1,
          senderId,
          receiverId,
          content: messageContent(command.data.content),
          connectionId: state.connectionId ?? '',
          at,
        },
      };
      const receipt = command.data.alsoDelivered ? deliveredTo(state, senderId, at) : null;
      return receipt ? [receipt, sent] : sent;
    }
    case 'MarkDelivered': {
      const { receiverId } = command.data;
      if (!otherParticipant(state, receiverId)) {
        throw new DomainError('forbidden', M.notParticipant);
      }
      return deliveredTo(state, receiverId, at) ?? [];
    }
    case 'MarkRead': {
      const { readerId } = command.data;
      const sender = otherParticipant(state, readerId);
      if (!sender) throw new DomainError('forbidden', M.notParticipant);
      const me = participantOf(state, readerId);
      if (me.readUpToSeq >= me.lastReceivedSeq) return [];
      return {
        type: 'MessagesRead',
        data: {
          pairId: state.pairId ?? '',
          readerId,
          senderId: sender,
          upToSeq: me.lastReceivedSeq,
          at,
        },
      };
    }
    case 'NoticeUnread': {
      const { receiverId } = command.data;
      const sender = otherParticipant(state, receiverId);
      if (!sender) throw new DomainError('forbidden', M.notParticipant);
      const me = participantOf(state, receiverId);
      if (state.status !== 'open' || !hasUnreadNoticeDue(me)) return [];
      return {
        type: 'UnreadMessagesNoticed',
        data: {
          pairId: state.pairId ?? '',
          receiverId,
          senderId: sender,
          upToSeq: me.lastReceivedSeq,
          at,
        },
      };
    }
  }
};

/** The receipt of every message `receiverId` received so far, or null when all are marked. */
const deliveredTo = (
  state: ConversationState,
  receiverId: string,
  at: string,
): MessagesDelivered | null => {
  const me = participantOf(state, receiverId);
  if (me.deliveredUpToSeq >= me.lastReceivedSeq) return null;
  return {
    type: 'MessagesDelivered',
    data: {
      pairId: state.pairId ?? '',
      receiverId,
      senderId: otherParticipant(state, receiverId) ?? '',
      upToSeq: me.lastReceivedSeq,
      at,
    },
  };
};

/**
 * Something waits unread and no notice was mailed since the receiver last read: a quiet period
 * runs from the first unread message until the receiver reads, and has at most one notice.
 */
export const hasUnreadNoticeDue = (participant: Participant): boolean =>
  participant.lastReceivedSeq > participant.readUpToSeq &&
  participant.noticedUpToSeq <= participant.readUpToSeq;

const evolve = (state: ConversationState, event: ConversationEvent): ConversationState => {
  switch (event.type) {
    case 'ConversationOpened':
      return {
        ...state,
        status: 'open',
        pairId: event.data.pairId,
        payerId: event.data.payerId,
        creatorId: event.data.creatorId,
        connectionId: event.data.connectionId,
        expiresAt: event.data.expiresAt,
        // Opened again with other roles: a new reply guarantee.
        firstPayerMessageAt: null,
        firstCreatorMessageAt: null,
      };
    case 'ConversationExtended': {
      const newConnection = event.data.connectionId !== state.connectionId;
      return {
        ...state,
        status: 'open',
        connectionId: event.data.connectionId,
        expiresAt: event.data.expiresAt,
        // A new connection is a new reply guarantee.
        ...(newConnection ? { firstPayerMessageAt: null, firstCreatorMessageAt: null } : {}),
      };
    }
    case 'ConversationOpenRefused':
      return state;
    case 'ConversationClosed':
      return { ...state, status: 'closed' };
    case 'MessageSent': {
      const { senderId, receiverId, seq, messageId } = event.data;
      const receiver = participantOf(state, receiverId);
      const fromPayer = senderId === state.payerId;
      return {
        ...state,
        seq,
        messageIds: withEntry(state.messageIds, messageId, { seq, senderId }),
        participants: {
          ...state.participants,
          [receiverId]: { ...receiver, lastReceivedSeq: seq },
        },
        firstPayerMessageAt:
          fromPayer && !state.firstPayerMessageAt ? event.data.at : state.firstPayerMessageAt,
        firstCreatorMessageAt:
          !fromPayer && !state.firstCreatorMessageAt ? event.data.at : state.firstCreatorMessageAt,
      };
    }
    case 'MessagesDelivered': {
      const me = participantOf(state, event.data.receiverId);
      return {
        ...state,
        participants: {
          ...state.participants,
          [event.data.receiverId]: { ...me, deliveredUpToSeq: event.data.upToSeq },
        },
      };
    }
    case 'MessagesRead': {
      const me = participantOf(state, event.data.readerId);
      return {
        ...state,
        participants: {
          ...state.participants,
          [event.data.readerId]: {
            ...me,
            readUpToSeq: event.data.upToSeq,
            deliveredUpToSeq: Math.max(me.deliveredUpToSeq, event.data.upToSeq),
          },
        },
      };
    }
    case 'UnreadMessagesNoticed': {
      const me = participantOf(state, event.data.receiverId);
      return {
        ...state,
        participants: {
          ...state.participants,
          [event.data.receiverId]: { ...me, noticedUpToSeq: event.data.upToSeq },
        },
      };
    }
  }
};

export const conversationDecider: Decider<
  ConversationState,
  ConversationCommand,
  ConversationEvent
> = {
  initialState: initialConversationState,
  decide,
  evolve,
};

/** When the creator must have answered the payer's first message of a connection by. */
export const replyDeadline = (firstPayerMessageAt: string): string =>
  new Date(Date.parse(firstPayerMessageAt) + REPLY_GUARANTEE_MS).toISOString();

/**
 * The reply guarantee (docs/product-spec.md section 9): the creator sent no message within 48 hours of the
 * payer's first message of this connection. A creator who wrote first has answered already. A
 * connection the payer removed before the deadline took the creator's chance to answer away:
 * its guarantee is void (else add, write, remove at once and wait would get every coin back).
 */
export const replyGuaranteeBroken = (
  guarantee: Readonly<{
    firstPayerMessageAt: string | null;
    firstCreatorMessageAt: string | null;
    /** When the payer removed the connection, if they did. */
    closedAt?: string | null;
  }>,
  now: Date,
): boolean => {
  if (!guarantee.firstPayerMessageAt) return false;
  const deadline = Date.parse(replyDeadline(guarantee.firstPayerMessageAt));
  if (now.getTime() < deadline) return false;
  if (guarantee.closedAt && Date.parse(guarantee.closedAt) < deadline) return false;
  return (
    guarantee.firstCreatorMessageAt === null ||
    Date.parse(guarantee.firstCreatorMessageAt) > deadline
  );
};

/**
 * The chat's request and answer shapes (docs/product-spec.md sections 3 and 7), shared by the server and the
 * user app: the messages API, the notification calls, and the events of the real-time
 * connection on /ws (docs/ARCHITECTURE.md, "The chat on /ws").
 */
import { z } from 'zod';
import { isSafeHttpsUrl } from '../shared/links.ts';
import { idField, wholeNumberField } from '../shared/numbers.ts';
import { hasVisibleText, MAX_MESSAGE_LENGTH } from './conversation.ts';
import { MESSAGING_MESSAGES as M } from './messages.ts';

/** The most messages one page of a conversation holds. */
export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 50;

// HTTP ----------------------------------------------------------------------------------------

/** `GET /api/messages/conversation/:userId/:otherUserId`. */
export const conversationParams = z.object({
  userId: idField('userId'),
  otherUserId: idField('otherUserId'),
});
/** `before`: the `seq` of the oldest message the client has; the page ends just before it. */
export const conversationQuery = z.object({
  before: wholeNumberField('before', 1, 1_000_000_000).optional(),
  limit: wholeNumberField('limit', 1, MAX_PAGE).optional(),
});

/** `PATCH /api/messages/mark-read`: the receiver marks what the sender wrote to them as read. */
export const markReadRequest = z.object({
  sender: idField('sender'),
  receiver: idField('receiver'),
});
export type MarkReadRequest = z.input<typeof markReadRequest>;

/** Every refusal of a push subscription: the browser made it, so the person can only retry. */
const NOT_A_SUBSCRIPTION = 'Notifications could not be turned on in this browser.';

const base64url = (pattern: RegExp) =>
  z.string(NOT_A_SUBSCRIPTION).regex(pattern, NOT_A_SUBSCRIPTION);

/**
 * A browser's push subscription (`PushSubscription.toJSON()`): an https endpoint of the push
 * service and the browser's keys (an uncompressed P-256 point of 65 bytes, and 16 random bytes).
 */
export const pushSubscriptionJson = z.object(
  {
    endpoint: z.string(NOT_A_SUBSCRIPTION).refine(isSafeHttpsUrl, NOT_A_SUBSCRIPTION),
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        // 65 bytes are 87 base64url characters; an uncompressed point starts with 0x04 ("B").
        p256dh: base64url(/^B[A-Za-z0-9_-]{86}={0,1}$/),
        auth: base64url(/^[A-Za-z0-9_-]{22}(==)?$/),
      },
      NOT_A_SUBSCRIPTION,
    ),
  },
  NOT_A_SUBSCRIPTION,
);
export type PushSubscriptionJson = z.output<typeof pushSubscriptionJson>;

/** The subscription as an object, or as its JSON text (what some clients send as a "token"). */
const subscriptionToken = z.preprocess((value, ctx) => {
  if (typeof value !== 'string') return value;
  if (value.length > 4000) {
    ctx.addIssue({ code: 'custom', message: NOT_A_SUBSCRIPTION });
    return z.NEVER;
  }
  try {
    return JSON.parse(value) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: NOT_A_SUBSCRIPTION });
    return z.NEVER;
  }
}, pushSubscriptionJson);

/** `POST /api/notifications/store-token`. */
export const storeTokenRequest = z.object({
  userId: idField('userId'),
  token: subscriptionToken,
});
export type StoreTokenRequest = z.input<typeof storeTokenRequest>;

/**
 * `POST /api/notifications/send-message`, which the spec's client sends after each message
 * (`sender` is the sender's name there). Accepted and ignored: the server notifies on its own.
 */
export const sendMessageNoticeRequest = z.object({
  sender: z.string('The sender is missing.').max(200, 'The sender name is too long.'),
  receiver: idField('receiver'),
  message: z.string(M.emptyMessage).max(10_000, M.tooLong),
});

/** A message as the spec's client reads it (section 3), with its place in the conversation. */
export type MessageView = {
  /** The sender's own id for the message (a UUID), or one the server chose. */
  _id: string;
  /** 1, 2, 3…: receipts name the last seq they cover. */
  seq: number;
  sender: string;
  receiver: string;
  content: string;
  /** ISO-8601, the server's clock. */
  timestamp: string;
  status: 'sent';
  messageStatus: 'unread' | 'delivered' | 'read';
};

export type ConversationAnswer = {
  success: true;
  /** Oldest first (newest last). */
  conversation: MessageView[];
  expiresAt: string | null;
  /** Read-only: past its expiry, or the connection was removed. */
  expired: boolean;
  /** Older messages exist: ask again with `before` = the first message's seq. */
  hasMore: boolean;
};

// The real-time connection ---------------------------------------------------------------------

/** Well-formed, trimmed, with something visible, and at most MAX_MESSAGE_LENGTH characters. */
const content = z
  .string(M.emptyMessage)
  .transform((text) => text.toWellFormed().trim())
  .pipe(z.string().max(MAX_MESSAGE_LENGTH, M.tooLong).refine(hasVisibleText, M.emptyMessage));

/** `join`: the socket's own user id, as the spec's client sends it (a string or `{ userId }`). */
export const joinData = z.union(
  [idField('userId'), z.object({ userId: idField('userId') })],
  'Join the chat with your own user id.',
);

/** `send_message`: `timestamp` is accepted and ignored (the server's clock decides). */
export const sendMessageData = z.object({
  sender: idField('sender'),
  receiver: idField('receiver'),
  content,
  /** The client's id for the message (a UUID): a resend with the same id is stored once. */
  messageId: z.uuid('This message could not be sent. Please send it again.').optional(),
  timestamp: z.string().max(64).optional(),
});
export type SendMessageData = z.input<typeof sendMessageData>;

/** `mark_as_read`: as the HTTP call, over the socket. */
export const markAsReadData = markReadRequest;

/** What the server pushes: a message, a receipt, a contact's presence. */
export type ReceiptData = {
  /** Whose messages the receipt is about, and who received them. */
  sender: string;
  receiver: string;
  /** Every message of the sender to the receiver up to this seq has this status now. */
  upToSeq: number;
  messageStatus: 'delivered' | 'read';
  at: string;
};
export type PresenceData = { userId: string; isOnline: boolean };

/** Acknowledgement data of `send_message`, `join` and `mark_as_read`. */
export type AckData =
  | { status: 'ok'; message?: MessageView; userId?: string; online?: string[]; upToSeq?: number }
  | { status: 'error'; message: string };

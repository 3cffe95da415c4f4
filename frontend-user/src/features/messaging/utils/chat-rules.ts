import type { MessageView } from '@linkcoin/domain/messaging/contracts.ts';
import { MESSAGING_MESSAGES } from '@linkcoin/domain/messaging/messages.ts';
import { hasVisibleText, MAX_MESSAGE_LENGTH } from '@linkcoin/domain/messaging/conversation.ts';

export { MAX_MESSAGE_LENGTH };

/** The chat's texts, word for word from docs/product-spec.md sections 2 and 4. */
export const CHAT_TEXTS = {
  messages: 'Messages',
  search: 'Search contacts...',
  noConnections: 'No contacts found',
  tryAnotherSearch: 'Try a different search',
  connectionsAppearHere: 'Your contacts will appear here',
  removeConfirm: 'Remove this contact?',
  cancel: 'Cancel',
  remove: 'Remove',
  noMessages: 'No messages yet.',
  typeMessage: 'Type a message...',
  noContent: MESSAGING_MESSAGES.noContent,
  noSelection: 'No conversation selected',
  newMessage: 'New Message',
  expiredTitle: 'Conversation Expired',
  expiredText: MESSAGING_MESSAGES.expired,
  upgrade: 'Upgrade to Continue',
  expiredPlaceholder: 'Chat expired - upgrade to continue',
  expiredSend: 'Expired',
  send: 'Send',
} as const;

/**
 * Beside No conversation selected while the list is empty (not spec texts): what brings a first
 * conversation, for the role that has none yet.
 */
export const EMPTY_LIST_HINTS = {
  creator: 'No conversations yet. Brands who add you to their list can write to you here.',
  brand: 'No conversations yet. Add a creator to your list to start one.',
} as const;

/** What a message shows: its content, or (No content) when it has none (docs/product-spec.md section 3). */
export function shownContent(content: string): string {
  return hasVisibleText(content) ? content : CHAT_TEXTS.noContent;
}

/**
 * The text to send, or null when there is nothing to send (blank after trimming, spec 4; only
 * invisible characters count as blank too, as the server judges).
 */
export function sendableText(draft: string): string | null {
  const text = draft.trim();
  return hasVisibleText(text) ? text : null;
}

export type Tick = 'sending' | 'sent' | 'delivered' | 'read';

/**
 * docs/product-spec.md section 4, message ticks (own messages only): one tick while unread, two once delivered
 * or read, tinted when read. A message not acknowledged yet shows a clock.
 */
export function tickOf(message: Pick<MessageView, 'messageStatus'> | null): Tick {
  if (message === null) return 'sending';
  switch (message.messageStatus) {
    case 'unread':
      return 'sent';
    case 'delivered':
      return 'delivered';
    case 'read':
      return 'read';
  }
}

/** docs/product-spec.md section 4: read-only from its expiry on (the server's word, or the clock passing it). */
export function isExpired(
  conversation: { expired: boolean; expiresAt: string | null } | null,
  now: number,
): boolean {
  if (!conversation) return false;
  if (conversation.expired) return true;
  return conversation.expiresAt !== null && Date.parse(conversation.expiresAt) <= now;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How long an open conversation has left, as its header says it: "6 days left", "5 hours left". */
export function timeLeftText(expiresAt: string | null, now: number): string | null {
  if (expiresAt === null) return null;
  const left = Date.parse(expiresAt) - now;
  if (Number.isNaN(left) || left <= 0) return null;
  if (left >= DAY_MS) {
    // Just after adding, a chat has "7 days left" (not 6 days and 23 hours).
    const days = Math.round(left / DAY_MS);
    return `${days} day${days === 1 ? '' : 's'} left`;
  }
  const hours = Math.floor(left / HOUR_MS);
  if (hours >= 1) return `${hours} hour${hours === 1 ? '' : 's'} left`;
  return 'Less than an hour left';
}

/** The renewal is offered in the header from the last day on (before the chat turns read-only). */
export function nearTheEnd(expiresAt: string | null, now: number): boolean {
  if (expiresAt === null) return false;
  const left = Date.parse(expiresAt) - now;
  return left > 0 && left <= DAY_MS;
}

import type { MessageView, ReceiptData } from '@linkcoin/domain/messaging/contracts.ts';
import type { InfiniteData } from '@tanstack/react-query';
import type { ConversationAnswer } from '@linkcoin/domain/messaging/contracts.ts';

/** The cached pages of a conversation, oldest page first. */
export type ConversationPages = InfiniteData<ConversationAnswer, unknown>;

type Status = MessageView['messageStatus'];

const RANK: Record<Status, number> = { unread: 0, delivered: 1, read: 2 };

/** The further of two statuses: a tick never goes back (read stays read). */
export function furtherStatus(a: Status, b: Status): Status {
  return RANK[b] > RANK[a] ? b : a;
}

/** Every message of the loaded pages, oldest first, each once. */
export function messagesOf(data: ConversationPages | undefined): MessageView[] {
  if (!data) return [];
  const byId = new Map<string, MessageView>();
  for (const page of data.pages)
    for (const message of page.conversation) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * The pages with a message added to the newest page, or, when it is there already (the ack and
 * a refetch may both bring it), merged with the copy there, keeping the further tick.
 */
export function withMessage<T extends ConversationPages>(
  data: T | undefined,
  message: MessageView,
): T | undefined {
  if (!data || data.pages.length === 0) return data;
  let found = false;
  const pages = data.pages.map((page) => ({
    ...page,
    conversation: page.conversation.map((known) => {
      if (known._id !== message._id) return known;
      found = true;
      return {
        ...message,
        messageStatus: furtherStatus(known.messageStatus, message.messageStatus),
      };
    }),
  }));
  if (!found) {
    const last = pages.length - 1;
    const newest = pages[last];
    if (newest) {
      pages[last] = {
        ...newest,
        conversation: [...newest.conversation, message].sort((a, b) => a.seq - b.seq),
      };
    }
  }
  return { ...data, pages };
}

/** The pages after a receipt: every message it covers takes its status (never going back). */
export function withReceipt<T extends ConversationPages>(
  data: T | undefined,
  receipt: ReceiptData,
): T | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      conversation: page.conversation.map((message) =>
        message.sender === receipt.sender &&
        message.receiver === receipt.receiver &&
        message.seq <= receipt.upToSeq
          ? {
              ...message,
              messageStatus: furtherStatus(message.messageStatus, receipt.messageStatus),
            }
          : message,
      ),
    })),
  };
}

/** Whether the newest page says the conversation is read-only. */
export function conversationExpiry(
  data: ConversationPages | undefined,
): { expiresAt: string | null; expired: boolean } | null {
  const newest = data?.pages[data.pages.length - 1];
  return newest ? { expiresAt: newest.expiresAt, expired: newest.expired } : null;
}

/**
 * A freshly fetched newest page with the live messages the cache already holds beyond it. The
 * history is a read model that may lag the socket by a moment: a message received live (or sent
 * and acknowledged) before the projection applied it must not vanish when a refetch answers
 * just before it lands.
 */
export function withLiveMessages(
  fetched: ConversationAnswer,
  cached: ConversationPages | undefined,
): ConversationAnswer {
  const newestSeq = fetched.conversation.at(-1)?.seq ?? 0;
  const known = new Set(fetched.conversation.map((message) => message._id));
  const live = messagesOf(cached).filter(
    (message) => message.seq > newestSeq && !known.has(message._id),
  );
  return live.length ? { ...fetched, conversation: [...fetched.conversation, ...live] } : fetched;
}

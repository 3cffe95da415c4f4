import { describe, expect, it } from 'vitest';
import type { ConversationAnswer, MessageView } from '@linkcoin/domain/messaging/contracts.ts';
import {
  conversationExpiry,
  furtherStatus,
  messagesOf,
  withMessage,
  withLiveMessages,
  withReceipt,
  type ConversationPages,
} from './conversation-cache';

const BRAND = 'brand-1';
const CREATOR = 'asha';

const message = (seq: number, extra: Partial<MessageView> = {}): MessageView => ({
  _id: `m-${seq}`,
  seq,
  sender: BRAND,
  receiver: CREATOR,
  content: `Message ${seq}`,
  timestamp: new Date(Date.UTC(2026, 10, 21, 9, seq)).toISOString(),
  status: 'sent',
  messageStatus: 'unread',
  ...extra,
});

const page = (
  conversation: MessageView[],
  extra: Partial<ConversationAnswer> = {},
): ConversationAnswer => ({
  success: true,
  conversation,
  expiresAt: '2026-11-27T10:00:00.000Z',
  expired: false,
  hasMore: false,
  ...extra,
});

const pages = (...list: ConversationAnswer[]): ConversationPages => ({
  pages: list,
  pageParams: list.map(() => null),
});

describe('furtherStatus', () => {
  it('never goes back: read stays read, delivered stays delivered', () => {
    expect(furtherStatus('unread', 'delivered')).toBe('delivered');
    expect(furtherStatus('delivered', 'read')).toBe('read');
    expect(furtherStatus('read', 'delivered')).toBe('read');
    expect(furtherStatus('delivered', 'unread')).toBe('delivered');
  });
});

describe('messagesOf', () => {
  it('answers every loaded message once, oldest first', () => {
    const data = pages(page([message(1), message(2)]), page([message(2), message(4), message(3)]));
    expect(messagesOf(data).map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(messagesOf(undefined)).toEqual([]);
  });
});

describe('withMessage (a live message, or the acknowledgement of a sent one)', () => {
  it('appends a new message to the newest page in seq order', () => {
    const data = pages(page([message(1)]), page([message(2), message(4)]));
    const next = withMessage(data, message(3));
    expect(next?.pages[1]?.conversation.map((m) => m.seq)).toEqual([2, 3, 4]);
    expect(next?.pages[0]?.conversation.map((m) => m.seq)).toEqual([1]);
    expect(messagesOf(next).map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  });

  it('merges a message already there, keeping the further tick', () => {
    const data = pages(page([message(1, { messageStatus: 'read' })]));
    const next = withMessage(data, message(1, { messageStatus: 'delivered', content: 'Same' }));
    expect(next?.pages[0]?.conversation).toEqual([
      message(1, { messageStatus: 'read', content: 'Same' }),
    ]);
  });

  it('leaves a conversation not loaded yet alone', () => {
    expect(withMessage(undefined, message(1))).toBeUndefined();
  });
});

describe('withReceipt (ticks change live)', () => {
  it("moves the sender's messages up to the receipt's seq, and no others", () => {
    const data = pages(
      page([message(1), message(2, { sender: CREATOR, receiver: BRAND }), message(3), message(4)]),
    );
    const read = withReceipt(data, {
      sender: BRAND,
      receiver: CREATOR,
      upToSeq: 3,
      messageStatus: 'read',
      at: '2026-11-21T10:00:00.000Z',
    });
    expect(messagesOf(read).map((m) => [m.seq, m.messageStatus])).toEqual([
      [1, 'read'],
      [2, 'unread'],
      [3, 'read'],
      [4, 'unread'],
    ]);
    // A late delivery receipt does not take the read tick back.
    const late = withReceipt(read, {
      sender: BRAND,
      receiver: CREATOR,
      upToSeq: 4,
      messageStatus: 'delivered',
      at: '2026-11-21T10:01:00.000Z',
    });
    expect(messagesOf(late).map((m) => m.messageStatus)).toEqual([
      'read',
      'unread',
      'read',
      'delivered',
    ]);
  });
});

describe('conversationExpiry', () => {
  it("reads the newest page's expiry", () => {
    const data = pages(
      page([], { expiresAt: '2026-11-20T00:00:00.000Z', expired: true }),
      page([], { expiresAt: '2026-12-04T00:00:00.000Z', expired: false }),
    );
    expect(conversationExpiry(data)).toEqual({
      expiresAt: '2026-12-04T00:00:00.000Z',
      expired: false,
    });
    expect(conversationExpiry(undefined)).toBeNull();
  });
});

describe('withLiveMessages', () => {
  it('keeps messages received live beyond a refetched page that has not caught up', () => {
    const cached = pages(page([message(1), message(2), message(3)], { expired: true }));
    const fetched = page([message(1), message(2)]);
    const merged = withLiveMessages(fetched, cached);
    expect(merged.conversation.map((m) => m._id)).toEqual(['m-1', 'm-2', 'm-3']);
    expect(merged.expired).toBe(false);
  });

  it('takes the fetched page as it is when it holds everything, or nothing is cached', () => {
    const fetched = page([message(1), message(2, { messageStatus: 'read' })]);
    expect(withLiveMessages(fetched, pages(page([message(1), message(2)])))).toBe(fetched);
    expect(withLiveMessages(fetched, undefined)).toBe(fetched);
  });
});

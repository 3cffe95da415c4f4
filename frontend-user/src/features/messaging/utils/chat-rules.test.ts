import { describe, expect, it } from 'vitest';
import {
  CHAT_TEXTS,
  isExpired,
  nearTheEnd,
  sendableText,
  shownContent,
  tickOf,
  timeLeftText,
} from './chat-rules';
import { newMessageId } from './message-id';

describe('the chat texts, word for word (docs/product-spec.md sections 2 and 4)', () => {
  it('are the spec texts', () => {
    expect(CHAT_TEXTS).toMatchObject({
      search: 'Search contacts...',
      removeConfirm: 'Remove this contact?',
      cancel: 'Cancel',
      remove: 'Remove',
      noMessages: 'No messages yet.',
      typeMessage: 'Type a message...',
      noContent: '(No content)',
      noSelection: 'No conversation selected',
      newMessage: 'New Message',
      expiredTitle: 'Conversation Expired',
      expiredText: "This chat is now read-only as it's older than 7 days.",
      upgrade: 'Upgrade to Continue',
      expiredPlaceholder: 'Chat expired - upgrade to continue',
      expiredSend: 'Expired',
      noConnections: 'No contacts found',
      tryAnotherSearch: 'Try a different search',
      connectionsAppearHere: 'Your contacts will appear here',
    });
  });
});

describe('shownContent', () => {
  it('shows (No content) for an empty or blank message, the text otherwise', () => {
    expect(shownContent('')).toBe('(No content)');
    expect(shownContent('  \n ')).toBe('(No content)');
    expect(shownContent(' hi ')).toBe(' hi ');
    expect(shownContent('\u200b\u3164')).toBe('(No content)');
  });
});

describe('sendableText (docs/product-spec.md section 4: non-blank after trimming)', () => {
  it('answers the trimmed text, or null when blank', () => {
    expect(sendableText('  Hello  ')).toBe('Hello');
    expect(sendableText('a\nb')).toBe('a\nb');
    expect(sendableText('')).toBeNull();
    expect(sendableText(' \t\n ')).toBeNull();
    // Only invisible characters is blank too, as the server judges.
    expect(sendableText('\u200b\u200d')).toBeNull();
  });
});

describe('tickOf (docs/product-spec.md section 4: one tick unread, two delivered or read, blue when read)', () => {
  it('maps the message status to its tick, a clock before the acknowledgement', () => {
    expect(tickOf(null)).toBe('sending');
    expect(tickOf({ messageStatus: 'unread' })).toBe('sent');
    expect(tickOf({ messageStatus: 'delivered' })).toBe('delivered');
    expect(tickOf({ messageStatus: 'read' })).toBe('read');
  });
});

describe('isExpired', () => {
  const expiresAt = '2026-11-30T10:00:00.000Z';
  const deadline = Date.parse(expiresAt);

  it("is read-only from the expiry on, by the browser's clock", () => {
    expect(isExpired({ expired: false, expiresAt }, deadline - 1)).toBe(false);
    expect(isExpired({ expired: false, expiresAt }, deadline)).toBe(true);
    expect(isExpired({ expired: false, expiresAt }, deadline + 1)).toBe(true);
  });

  it("follows the server's word, and an unknown conversation is open", () => {
    expect(isExpired({ expired: true, expiresAt }, deadline - 1000)).toBe(true);
    expect(isExpired({ expired: true, expiresAt: null }, 0)).toBe(true);
    expect(isExpired({ expired: false, expiresAt: null }, deadline)).toBe(false);
    expect(isExpired(null, deadline)).toBe(false);
  });
});

describe('newMessageId', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('uses randomUUID where the browser has it', () => {
    expect(newMessageId({ randomUUID: () => 'from-the-browser', getRandomValues: (a) => a })).toBe(
      'from-the-browser',
    );
  });

  it('builds a version-4 UUID from random bytes elsewhere', () => {
    const fill = <T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint8Array) array.fill(0xff);
      return array;
    };
    const id = newMessageId({ getRandomValues: fill });
    expect(id).toMatch(UUID_V4);
    expect(id).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newMessageId({ getRandomValues: (array) => array })).toMatch(UUID_V4);
  });
});

describe('time left', () => {
  const now = Date.parse('2026-11-20T10:00:00.000Z');
  const at = (hours: number) => new Date(now + hours * 3_600_000).toISOString();

  it('says the days, then the hours, then less than an hour', () => {
    expect(timeLeftText(at(6 * 24 + 5), now)).toBe('6 days left');
    expect(timeLeftText(at(24), now)).toBe('1 day left');
    expect(timeLeftText(at(5.5), now)).toBe('5 hours left');
    expect(timeLeftText(at(0.5), now)).toBe('Less than an hour left');
    expect(timeLeftText(at(-1), now)).toBeNull();
    expect(timeLeftText(null, now)).toBeNull();
  });

  it('offers the renewal from the last day on', () => {
    expect(nearTheEnd(at(25), now)).toBe(false);
    expect(nearTheEnd(at(23), now)).toBe(true);
    expect(nearTheEnd(at(-1), now)).toBe(false);
  });
});

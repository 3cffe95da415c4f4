import { describe, expect, it } from 'vitest';
import type { MessageView } from '@linkcoin/domain/messaging/contracts.ts';
import type { CollectionEntry } from '@linkcoin/domain/collections/contracts.ts';
import { filterConnections, withConnection, withMessage } from './connections-cache';

const ME = 'brand-1';

const entry = (id: string, ownerName: string, extra: Partial<CollectionEntry> = {}) =>
  ({
    user: {
      _id: id,
      ownerName,
      profilePicUrl: '',
      isOnline: false,
      companyName: null,
      handle: null,
      replyHours: null,
    },
    addedAt: '2026-11-20T10:00:00.000Z',
    lastMessage: null,
    lastMessageTimestamp: null,
    unreadCount: 0,
    expiresAt: '2026-11-27T10:00:00.000Z',
    expired: false,
    connectionId: `c-${id}`,
    role: 'payer',
    refunded: false,
    ...extra,
  }) satisfies CollectionEntry;

const message = (extra: Partial<MessageView>): MessageView => ({
  _id: 'm-1',
  seq: 1,
  sender: 'asha',
  receiver: ME,
  content: 'Hello',
  timestamp: '2026-11-21T09:00:00.000Z',
  status: 'sent',
  messageStatus: 'unread',
  ...extra,
});

const list = [entry('ravi', 'Ravi Vlogs'), entry('asha', 'Asha Cooks'), entry('meera', 'MEERA')];

describe('filterConnections (docs/product-spec.md section 2: case-insensitive on the owner name)', () => {
  it('keeps the contacts whose name holds the search, whatever the case', () => {
    expect(filterConnections(list, 'asha').map((e) => e.user._id)).toEqual(['asha']);
    expect(filterConnections(list, 'MEE').map((e) => e.user._id)).toEqual(['meera']);
    expect(filterConnections(list, ' vlogs ').map((e) => e.user._id)).toEqual(['ravi']);
    expect(filterConnections(list, 'nobody')).toEqual([]);
  });

  it('keeps everyone for an empty search', () => {
    expect(filterConnections(list, '  ')).toEqual(list);
  });
});

describe('withMessage (the list after a live message)', () => {
  it('moves the contact first with the last message, and counts one unread when not reading', () => {
    const next = withMessage(list, ME, message({}), { reading: false });
    expect(next?.map((e) => e.user._id)).toEqual(['asha', 'ravi', 'meera']);
    expect(next?.[0]).toMatchObject({
      lastMessage: 'Hello',
      lastMessageTimestamp: '2026-11-21T09:00:00.000Z',
      unreadCount: 1,
    });
  });

  it('counts nothing unread while the conversation is open, nor for own messages', () => {
    expect(withMessage(list, ME, message({}), { reading: true })?.[0]?.unreadCount).toBe(0);
    const own = message({ sender: ME, receiver: 'meera', content: 'Hi Meera' });
    const next = withMessage(list, ME, own, { reading: false });
    expect(next?.[0]).toMatchObject({ user: { _id: 'meera' }, lastMessage: 'Hi Meera' });
    expect(next?.[0]?.unreadCount).toBe(0);
  });

  it('counts a repeated message once', () => {
    const once = withMessage(list, ME, message({}), { reading: false });
    const twice = withMessage(once, ME, message({}), { reading: false });
    expect(twice?.[0]?.unreadCount).toBe(1);
  });

  it('lets an older message change nothing', () => {
    const newer = withMessage(list, ME, message({ content: 'Later' }), { reading: false });
    const older = message({
      _id: 'm-0',
      content: 'Earlier',
      timestamp: '2026-11-21T08:00:00.000Z',
    });
    const next = withMessage(newer, ME, older, { reading: false });
    expect(next?.[0]).toMatchObject({ lastMessage: 'Later', unreadCount: 1 });
  });

  it('leaves the list as it was for someone not on it, and nothing for no list', () => {
    const stranger = message({ sender: 'stranger' });
    expect(withMessage(list, ME, stranger, { reading: false })).toEqual(list);
    expect(withMessage(undefined, ME, stranger, { reading: false })).toBeUndefined();
  });
});

describe('withConnection', () => {
  it("changes one contact's entry in place", () => {
    const unread = list.map((e) => ({ ...e, unreadCount: 2 }));
    const next = withConnection(unread, 'asha', (e) => ({ ...e, unreadCount: 0 }));
    expect(next?.map((e) => e.unreadCount)).toEqual([2, 0, 2]);
    expect(withConnection(undefined, 'asha', (e) => e)).toBeUndefined();
  });
});

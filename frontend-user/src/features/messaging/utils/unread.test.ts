import { describe, expect, it } from 'vitest';
import type { CollectionEntry } from '@linkcoin/domain/collections/contracts.ts';
import { titleWithUnread } from '../../../lib/realtime/unread-title';
import { firstWords, latestConversation, unreadTotal } from './unread';

const entry = (id: string, unreadCount: number) =>
  ({ user: { _id: id }, unreadCount }) as unknown as CollectionEntry;

describe('unread messages', () => {
  it('adds up every conversation', () => {
    expect(unreadTotal([entry('a', 2), entry('b', 0), entry('c', 3)])).toBe(5);
    expect(unreadTotal(undefined)).toBe(0);
  });

  it('opens a conversation waiting to be read first, else the newest', () => {
    expect(latestConversation([entry('a', 0), entry('b', 1)])?.user._id).toBe('b');
    expect(latestConversation([entry('a', 0), entry('b', 0)])?.user._id).toBe('a');
    expect(latestConversation([])).toBeNull();
  });

  it('shows the first words of a message on one line', () => {
    expect(firstWords('Hello\n  there')).toBe('Hello there');
    expect(firstWords('word '.repeat(30), 20)).toBe('word word word word…');
  });

  it('puts the count in front of the title', () => {
    expect(titleWithUnread('Home · LinkCoin', 3)).toBe('(3) Home · LinkCoin');
    expect(titleWithUnread('Home · LinkCoin', 120)).toBe('(99+) Home · LinkCoin');
    expect(titleWithUnread('Home · LinkCoin', 0)).toBe('Home · LinkCoin');
  });
});

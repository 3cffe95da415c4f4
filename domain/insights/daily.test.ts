import { describe, expect, it } from 'vitest';
import {
  emptyDay,
  foldChange,
  foldCounts,
  MAX_SOURCES_PER_DAY,
  MAX_VIEWERS_PER_DAY,
  threadAfterMessage,
  type ThreadState,
} from './daily.ts';
import type { RecordedCounts } from './recording.ts';

const hash = (n: number) => `h${String(n).padStart(15, '0')}`;
const counts = (over: Partial<RecordedCounts>): RecordedCounts => ({
  day: '2026-11-20',
  creatorId: 'c1',
  impressions: 0,
  sources: {},
  views: [],
  ...over,
});

describe("folding a creator's day", () => {
  it('adds impressions and their sources, and counts each viewer once a day', () => {
    let row = emptyDay('c1', '2026-11-20');
    row = foldCounts(
      row,
      counts({
        impressions: 4,
        sources: { 'search:asha': 3 },
        views: [
          { viewer: hash(1), kind: 'brand', source: 'search:asha' },
          { viewer: hash(2), kind: 'visitor', source: null },
        ],
      }),
    );
    row = foldCounts(
      row,
      counts({
        impressions: 1,
        sources: { 'search:asha': 1, 'category:skincare': 1 },
        // The same brand again (a later flush): not a second viewer, not a second source view.
        views: [{ viewer: hash(1), kind: 'brand', source: 'search:asha' }],
      }),
    );
    expect(row.impressions).toBe(5);
    expect(row.viewers).toEqual({ brand: [hash(1)], visitor: [hash(2)] });
    expect(row.sources).toEqual({
      'search:asha': { impressions: 4, views: 1 },
      'category:skincare': { impressions: 1, views: 0 },
    });
  });

  it('notes who searched searched words (and who viewed from them), up to MIN_SEARCHERS, never twice', () => {
    let row = foldCounts(
      emptyDay('c1', '2026-11-20'),
      counts({
        impressions: 3,
        sources: { 'search:asha': 3, 'category:skincare': 3 },
        searchers: { 'search:asha': [hash(1), hash(2)] },
        views: [{ viewer: hash(3), kind: 'brand', source: 'search:asha' }],
      }),
    );
    expect(row.searchers).toEqual({ 'search:asha': [hash(1), hash(2), hash(3)] });
    row = foldCounts(
      row,
      counts({
        impressions: 1,
        sources: { 'search:asha': 1 },
        searchers: { 'search:asha': [hash(1)], 'search:not kept': [hash(4)] },
        views: [{ viewer: hash(5), kind: 'visitor', source: 'search:asha' }],
      }),
    );
    // Three are enough to tell; a source the day does not keep has no searchers either.
    expect(row.searchers).toEqual({ 'search:asha': [hash(1), hash(2), hash(3)] });
  });

  it('keeps at most MAX_SOURCES_PER_DAY sources, still adding to those it keeps', () => {
    const flood = Object.fromEntries(
      Array.from({ length: MAX_SOURCES_PER_DAY + 50 }, (_, i) => [`search:made up ${i}`, 1]),
    );
    let row = foldCounts(
      emptyDay('c1', '2026-11-20'),
      counts({ impressions: 250, sources: flood }),
    );
    row = foldCounts(
      row,
      counts({ impressions: 2, sources: { 'search:made up 0': 2, 'search:new one': 2 } }),
    );
    expect(Object.keys(row.sources)).toHaveLength(MAX_SOURCES_PER_DAY);
    expect(row.sources['search:made up 0']).toEqual({ impressions: 3, views: 0 });
    expect(row.sources['search:new one']).toBeUndefined();
    expect(row.impressions).toBe(252);
  });

  it('keeps counting distinct viewers past the kept list', () => {
    const many = Array.from({ length: MAX_VIEWERS_PER_DAY + 3 }, (_, i) => ({
      viewer: hash(i),
      kind: 'visitor' as const,
      source: null,
    }));
    const row = foldCounts(emptyDay('c1', '2026-11-20'), counts({ views: many }));
    expect(row.viewers.visitor).toHaveLength(MAX_VIEWERS_PER_DAY);
    expect(row.viewersOverflow.visitor).toBe(3);
  });

  it('counts list adds, renewals, conversations and replies', () => {
    let row = emptyDay('c1', '2026-11-20');
    row = foldChange(row, { kind: 'listAdd' });
    row = foldChange(row, { kind: 'renewal' });
    row = foldChange(row, { kind: 'conversation' });
    row = foldChange(row, { kind: 'reply', seconds: 90.4 });
    expect(row).toMatchObject({
      listAdds: 1,
      renewals: 1,
      conversations: 1,
      replied: 1,
      replySeconds: [90],
    });
  });
});

/** A message of the current connection (k1) unless said otherwise. */
const message = (senderId: string, at: string, connectionId = 'k1') => ({
  senderId,
  connectionId,
  at: `2026-11-${at}.000Z`,
});

describe('a conversation as insights follow it', () => {
  const thread: ThreadState = {
    id: 'b_c',
    creatorId: 'c',
    payerId: 'b',
    connectionId: 'k1',
    askedAt: null,
    repliedAt: null,
  };

  it("starts with the brand's first message and is answered by the creator's first after it", () => {
    const creatorFirst = threadAfterMessage(thread, message('c', '20T09:00:00'));
    expect(creatorFirst.change).toBeNull();
    const asked = threadAfterMessage(creatorFirst.thread, message('b', '20T10:00:00'));
    expect(asked.change).toEqual({
      at: '2026-11-20T10:00:00.000Z',
      change: { kind: 'conversation' },
    });
    const again = threadAfterMessage(asked.thread, message('b', '20T10:30:00'));
    expect(again.change).toBeNull();
    const answered = threadAfterMessage(again.thread, message('c', '20T12:00:00'));
    // Counted on the day the brand asked.
    expect(answered.change).toEqual({
      at: '2026-11-20T10:00:00.000Z',
      change: { kind: 'reply', seconds: 7200 },
    });
    expect(threadAfterMessage(answered.thread, message('c', '20T13:00:00')).change).toBeNull();
  });

  it('starts again with a new connection (added again after a removal)', () => {
    const answered = {
      ...thread,
      askedAt: '2026-11-01T10:00:00.000Z',
      repliedAt: '2026-11-01T11:00:00.000Z',
    };
    const next = threadAfterMessage(answered, message('b', '20T10:00:00', 'k2'));
    expect(next.thread).toMatchObject({ connectionId: 'k2', askedAt: '2026-11-20T10:00:00.000Z' });
    expect(next.change?.change).toEqual({ kind: 'conversation' });
  });
});

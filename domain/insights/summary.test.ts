import { describe, expect, it } from 'vitest';
import { emptyDay, type DayRow } from './daily.ts';
import { median, periodDays, summarise } from './summary.ts';
import { sourcesOfSearch } from './sources.ts';

const visibility = { level: 'basic' as const, percent: 40, next: null, missing: [] };
const now = new Date('2026-11-20T12:00:00.000Z');
const row = (day: string, over: Partial<DayRow>): DayRow => ({ ...emptyDay('c1', day), ...over });

describe("a creator's period", () => {
  it('has every day of the period, oldest first, ending today', () => {
    const days = periodDays(now, 7);
    expect(days).toEqual([
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
  });

  it('adds the days up, counts distinct viewers over the period, and leaves older days out', () => {
    const answer = summarise(
      [
        row('2026-11-13', { impressions: 100, listAdds: 9 }),
        row('2026-11-14', {
          impressions: 3,
          viewers: { brand: ['a', 'b'], visitor: ['v'] },
          listAdds: 1,
          conversations: 2,
          replied: 1,
          replySeconds: [600],
          sources: { 'search:asha': { impressions: 3, views: 1 } },
          searchers: { 'search:asha': ['s1', 's2'] },
        }),
        row('2026-11-20', {
          impressions: 2,
          viewers: { brand: ['a'], visitor: [] },
          viewersOverflow: { brand: 0, visitor: 2 },
          renewals: 1,
          conversations: 1,
          replied: 1,
          replySeconds: [1200],
          sources: {
            'search:asha': { impressions: 1, views: 0 },
            'category:skincare': { impressions: 1, views: 1 },
          },
          searchers: { 'search:asha': ['s2', 's3'] },
        }),
      ],
      now,
      7,
      visibility,
    );
    expect(answer.from).toBe('2026-11-14');
    expect(answer.to).toBe('2026-11-20');
    expect(answer.totals).toEqual({
      impressions: 5,
      views: { brands: 2, visitors: 3, total: 5 },
      listAdds: 1,
      conversations: 3,
      replied: 2,
      replyRate: 2 / 3,
      medianFirstReplySeconds: 900,
      renewals: 1,
    });
    expect(answer.daily).toHaveLength(7);
    expect(answer.daily[0]).toMatchObject({ day: '2026-11-14', brandViews: 2, visitorViews: 1 });
    expect(answer.daily[3]).toMatchObject({ impressions: 0, brandViews: 0, listAdds: 0 });
    expect(answer.sources).toEqual([
      { key: 'search:asha', kind: 'search', label: 'asha', impressions: 4, views: 1 },
      { key: 'category:skincare', kind: 'category', label: 'Skincare', impressions: 1, views: 1 },
    ]);
  });

  it('has no reply rate or median before any conversation', () => {
    const answer = summarise([], now, 30, visibility);
    expect(answer.totals.replyRate).toBeNull();
    expect(answer.totals.medianFirstReplySeconds).toBeNull();
    expect(answer.daily).toHaveLength(30);
  });

  it('keeps the top 10 sources', () => {
    const sources = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`search:w${i}`, { impressions: i, views: 0 }]),
    );
    const searchers = Object.fromEntries(Object.keys(sources).map((key) => [key, ['a', 'b', 'c']]));
    const answer = summarise([row('2026-11-20', { sources, searchers })], now, 7, visibility);
    expect(answer.sources.map((s) => s.key)).toEqual(
      Array.from({ length: 10 }, (_, i) => `search:w${11 - i}`),
    );
  });

  it('shows searched words once three different people searched them in the period', () => {
    const asha = { impressions: 9, views: 2 };
    const days = (first: string[], second: string[]) => [
      row('2026-11-19', { sources: { 'search:asha': asha }, searchers: { 'search:asha': first } }),
      row('2026-11-20', {
        sources: { 'search:asha': asha, 'topic:yoga': { impressions: 1, views: 0 } },
        searchers: { 'search:asha': second },
      }),
    ];
    const keys = (rows: DayRow[]) => summarise(rows, now, 7, visibility).sources.map((s) => s.key);
    // One brand searching the same words all week (however often) stays unnamed; a topic, from
    // the product's own list, shows from its first search.
    expect(keys(days(['b1'], ['b1']))).toEqual(['topic:yoga']);
    expect(keys(days(['b1', 'b2'], ['b2']))).toEqual(['topic:yoga']);
    expect(keys(days(['b1', 'b2'], ['b3']))).toEqual(['search:asha', 'topic:yoga']);
    // Rows kept before searchers were counted name no words.
    const old = { ...row('2026-11-20', { sources: { 'search:asha': asha } }) } as Partial<DayRow>;
    delete old.searchers;
    expect(keys([old as DayRow])).toEqual([]);
  });

  it('takes the median of odd and even counts', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe('what a search names as sources', () => {
  it('its folded words, each category and each topic', () => {
    expect(
      sourcesOfSearch({
        search: '  Asha!   COOKS# ',
        adCategories: ['skincare'],
        pageContentCategory: ['yoga', 'travel'],
      }),
    ).toEqual(['search:asha cooks', 'category:skincare', 'topic:yoga', 'topic:travel']);
    expect(sourcesOfSearch({ search: '', adCategories: [], pageContentCategory: [] })).toEqual([]);
  });
});

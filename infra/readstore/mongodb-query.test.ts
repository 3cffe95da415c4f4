import { describe, expect, it } from 'vitest';
import { toMongoFilter, toMongoSort, wordPrefixPattern } from './mongodb-query.ts';

const text = { $options: 'i' };

describe('Query → MongoDB filter', () => {
  it('matches everything without conditions', () => {
    expect(toMongoFilter({})).toEqual({});
    expect(toMongoFilter({ where: {} })).toEqual({});
    expect(toMongoFilter({ where: { points: {} } })).toEqual({});
  });

  it('compares scalars exactly and joins several conditions with $and', () => {
    expect(toMongoFilter({ where: { 'owner.city': 'Delhi' } })).toEqual({
      'owner.city': { $eq: 'Delhi' },
    });
    expect(toMongoFilter({ where: { 'owner.city': 'Delhi', archived: false } })).toEqual({
      $and: [{ 'owner.city': { $eq: 'Delhi' } }, { archived: { $eq: false } }],
    });
  });

  it('treats null as missing-or-null, like SQL IS NULL', () => {
    expect(toMongoFilter({ where: { deletedAt: null } })).toEqual({ deletedAt: null });
    expect(toMongoFilter({ where: { deletedAt: { $eq: null } } })).toEqual({ deletedAt: null });
    expect(toMongoFilter({ where: { deletedAt: { $ne: null } } })).toEqual({
      deletedAt: { $ne: null },
    });
  });

  it('keeps $ne matching documents without the field, as the SQLite adapter does', () => {
    expect(toMongoFilter({ where: { 'owner.city': { $ne: 'Delhi' } } })).toEqual({
      'owner.city': { $ne: 'Delhi' },
    });
  });

  it('translates ranges and lists, one clause per operator', () => {
    expect(toMongoFilter({ where: { points: { $gte: 10, $lt: 30 } } })).toEqual({
      $and: [{ points: { $gte: 10 } }, { points: { $lt: 30 } }],
    });
    expect(toMongoFilter({ where: { role: { $in: ['brand', 'influencer'] } } })).toEqual({
      role: { $in: ['brand', 'influencer'] },
    });
    expect(toMongoFilter({ where: { role: { $in: [] } } })).toEqual({ role: { $in: [] } });
    expect(toMongoFilter({ where: { at: { $gt: '2026-01-01', $lte: '2026-02-01' } } })).toEqual({
      $and: [{ at: { $gt: '2026-01-01' } }, { at: { $lte: '2026-02-01' } }],
    });
  });

  it('tests array elements for $contains and $containsAny, even together with $in', () => {
    expect(toMongoFilter({ where: { tags: { $contains: 'beauty' } } })).toEqual({
      tags: { $all: ['beauty'] },
    });
    expect(toMongoFilter({ where: { tags: { $containsAny: ['tech', 'food'] } } })).toEqual({
      tags: { $in: ['tech', 'food'] },
    });
    expect(
      toMongoFilter({ where: { tags: { $contains: 'beauty', $containsAny: ['a', 'b'] } } }),
    ).toEqual({ $and: [{ tags: { $all: ['beauty'] } }, { tags: { $in: ['a', 'b'] } }] });
  });

  it('reads $exists as "present and not null", like json_extract IS NOT NULL', () => {
    expect(toMongoFilter({ where: { 'owner.country': { $exists: true } } })).toEqual({
      'owner.country': { $ne: null },
    });
    expect(toMongoFilter({ where: { 'owner.country': { $exists: false } } })).toEqual({
      'owner.country': null,
    });
  });

  it('refuses unknown operators and field paths that are not plain paths', () => {
    expect(() => toMongoFilter({ where: { points: { $where: 'sleep(1000)' } as never } })).toThrow(
      'Unsupported query operator: $where',
    );
    expect(() => toMongoFilter({ where: { $where: 'x' } })).toThrow('Invalid field path');
    expect(() => toMongoFilter({ where: { 'a..b': 1 } })).toThrow('Invalid field path');
  });
});

describe('Query text → word-prefix regexes', () => {
  it('needs every word, each as a prefix in any text-search field', () => {
    expect(toMongoFilter({ text: 'SKINCARE rout' }, ['title', 'tags'])).toEqual({
      $and: [
        {
          $or: [
            { title: { $regex: wordPrefixPattern('SKINCARE'), ...text } },
            { tags: { $regex: wordPrefixPattern('SKINCARE'), ...text } },
          ],
        },
        {
          $or: [
            { title: { $regex: wordPrefixPattern('rout'), ...text } },
            { tags: { $regex: wordPrefixPattern('rout'), ...text } },
          ],
        },
      ],
    });
    expect(toMongoFilter({ text: 'delhi' }, ['name'])).toEqual({
      name: { $regex: wordPrefixPattern('delhi'), ...text },
    });
  });

  it('combines text with conditions, and ignores text without words', () => {
    expect(toMongoFilter({ where: { archived: false }, text: 'tec' }, ['title'])).toEqual({
      $and: [
        { archived: { $eq: false } },
        { title: { $regex: wordPrefixPattern('tec'), ...text } },
      ],
    });
    expect(toMongoFilter({ text: ' ,;- ' }, ['title'])).toEqual({});
    expect(toMongoFilter({ text: ' ,;- ' })).toEqual({});
  });

  it('refuses text search on a collection that declares no text fields', () => {
    expect(() => toMongoFilter({ text: 'yoga' })).toThrow('This collection has no text search');
    expect(() => toMongoFilter({ text: 'yoga' }, [])).toThrow('This collection has no text search');
  });

  it('matches a word prefix at the start or after a non-letter, never inside a word', () => {
    // JavaScript's `u` mode reads \p{L} / \p{N} as the server's PCRE does.
    const matches = (word: string, value: string) =>
      new RegExp(wordPrefixPattern(word), 'iu').test(value);
    expect(matches('skin', 'Summer skincare routine')).toBe(true);
    expect(matches('skin', 'Skincare for men')).toBe(true);
    expect(matches('kincare', 'Summer skincare routine')).toBe(false);
    expect(matches('delhi', 'Street food of Delhi')).toBe(true);
    expect(matches('food', 'street-food')).toBe(true);
    expect(matches('नमस', 'योग नमस्ते')).toBe(true);
    expect(matches('मस', 'नमस्ते')).toBe(false);
    expect(matches('über', 'Tipps: Über uns')).toBe(true);
    expect(matches('2026', 'Drop 2026')).toBe(true);
  });

  it('escapes regex syntax in a word', () => {
    expect(wordPrefixPattern('a.b*')).toBe('(?:^|[^\\p{L}\\p{N}])a\\.b\\*');
  });
});

describe('Query → MongoDB sort', () => {
  it('keeps the requested order and breaks ties by _id ascending', () => {
    expect(toMongoSort({})).toEqual([['_id', 1]]);
    expect(
      toMongoSort({
        sort: [
          ['points', -1],
          ['owner.city', 1],
        ],
      }),
    ).toEqual([
      ['points', -1],
      ['owner.city', 1],
      ['_id', 1],
    ]);
  });

  it('does not repeat a field, nor add _id when it is already sorted on', () => {
    expect(
      toMongoSort({
        sort: [
          ['_id', -1],
          ['points', 1],
          ['points', -1],
        ],
      }),
    ).toEqual([
      ['_id', -1],
      ['points', 1],
    ]);
  });

  it('refuses field paths that are not plain paths', () => {
    expect(() => toMongoSort({ sort: [['$natural', 1]] })).toThrow('Invalid field path');
  });
});

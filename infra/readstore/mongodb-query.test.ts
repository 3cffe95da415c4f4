import { describe, expect, it } from 'vitest';
import { textWords } from '@linkcoin/domain/shared/search-text.ts';
import { toMongoFilter, toMongoSort, tokenPrefixPattern, wordTokens } from './mongodb-query.ts';

const token = (index: number, word: string) => ({
  _w: { $regex: tokenPrefixPattern(index, word) },
});

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

describe('Query text → anchored prefixes of word tokens', () => {
  it('needs every word, each as a prefix of a token of any text-search field, folded', () => {
    expect(toMongoFilter({ text: 'SKINCARE rout' }, ['title', 'tags'])).toEqual({
      $and: [
        { $or: [token(0, 'skincare'), token(1, 'skincare')] },
        { $or: [token(0, 'rout'), token(1, 'rout')] },
      ],
    });
    expect(toMongoFilter({ text: 'Delhí' }, ['name'])).toEqual(token(0, 'delhi'));
  });

  it('restricts a condition to the fields it names, and excludes with $nor', () => {
    expect(
      toMongoFilter(
        {
          text: [
            { search: 'pri', fields: ['name', 'handles'] },
            { search: 'pri sh', fields: ['name'], exclude: true },
          ],
        },
        ['name', 'handles', 'description'],
      ),
    ).toEqual({
      $and: [
        { $or: [token(0, 'pri'), token(1, 'pri')] },
        { $nor: [{ $and: [token(0, 'pri'), token(0, 'sh')] }] },
      ],
    });
    expect(() => toMongoFilter({ text: { search: 'pri', fields: ['email'] } }, ['name'])).toThrow(
      'Not a text-search field: email',
    );
  });

  it('combines text with conditions, and ignores text without words', () => {
    expect(toMongoFilter({ where: { archived: false }, text: 'tec' }, ['title'])).toEqual({
      $and: [{ archived: { $eq: false } }, token(0, 'tec')],
    });
    expect(toMongoFilter({ text: ' ,;- ' }, ['title'])).toEqual({});
    expect(toMongoFilter({ text: ' ,;- ' })).toEqual({});
    expect(toMongoFilter({ text: [{ search: '--', exclude: true }] }, ['title'])).toEqual({});
  });

  it('refuses text search on a collection that declares no text fields', () => {
    expect(() => toMongoFilter({ text: 'yoga' })).toThrow('This collection has no text search');
    expect(() => toMongoFilter({ text: 'yoga' }, [])).toThrow('This collection has no text search');
  });

  it('tokenises each text field of a document into folded words, each once', () => {
    expect(
      wordTokens(
        {
          title: 'Zoë’s Street-Food: Delhi & DELHI',
          tags: ['café', 'naïve', 2026],
          owner: { city: 'Pune' },
        },
        ['title', 'tags', 'owner.city', 'missing'],
      ),
    ).toEqual([
      '0:zoe',
      '0:s',
      '0:street',
      '0:food',
      '0:delhi',
      '1:cafe',
      '1:naive',
      '1:2026',
      '2:pune',
    ]);
  });

  it('matches a word prefix at the start of a token, never inside a word', () => {
    const matches = (search: string, value: string) => {
      const tokens = wordTokens({ value }, ['value']);
      return textWords(search).every((word) =>
        tokens.some((t) => new RegExp(tokenPrefixPattern(0, word)).test(t)),
      );
    };
    expect(matches('skin', 'Summer skincare routine')).toBe(true);
    expect(matches('skin', 'Skincare for men')).toBe(true);
    expect(matches('kincare', 'Summer skincare routine')).toBe(false);
    expect(matches('delhi', 'Street food of Delhi')).toBe(true);
    expect(matches('food', 'street-food')).toBe(true);
    expect(matches('über', 'Tipps: Über uns')).toBe(true);
    expect(matches('uber', 'Tipps: Über uns')).toBe(true);
    expect(matches('2026', 'Drop 2026')).toBe(true);
  });

  it('escapes regex syntax in a word', () => {
    expect(tokenPrefixPattern(3, 'a.b*')).toBe('^3:a\\.b\\*');
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

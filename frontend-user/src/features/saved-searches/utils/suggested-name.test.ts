import { describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCH_NAME } from '@linkcoin/domain/directory/saved-search-limits.ts';
import { nameFromQuery, suggestedSearchName, uniqueName } from './suggested-name';

describe('the name the save dialog suggests', () => {
  it('is made of the search’s filters, by their labels', () => {
    expect(nameFromQuery('adCategories=snacks&averageLocationOfAudience=Indore')).toBe(
      'Snacks · Indore',
    );
    expect(
      nameFromQuery('adCategories=snacks,spices&socialMediaPlatforms=instagram&search=chai'),
    ).toBe('Snacks · Spices · Instagram');
  });

  it('falls back to the search words, then to “My search”', () => {
    expect(nameFromQuery('search=%20street%20%20food%20&minFollowers=10k')).toBe('street food');
    expect(nameFromQuery('minFollowers=10k&verifiedOnly=true')).toBe('My search');
    expect(nameFromQuery('')).toBe('My search');
  });

  it('fits the name’s limit, with room for a number', () => {
    const many =
      'averageLocationOfAudience=' + Array.from({ length: 20 }, (_, i) => `Town${i}`).join(',');
    const name = nameFromQuery(many);
    expect(name.length).toBeLessThanOrEqual(MAX_SAVED_SEARCH_NAME - 3);
    expect(name.startsWith('Town0 · Town1')).toBe(true);
    expect(name.endsWith('·')).toBe(false);
  });

  it('adds 2, 3… when the name is taken (in any case)', () => {
    expect(uniqueName('Snacks · Indore', [])).toBe('Snacks · Indore');
    expect(uniqueName('Snacks · Indore', ['snacks · INDORE'])).toBe('Snacks · Indore 2');
    expect(uniqueName('My search', ['My search', 'My search 2'])).toBe('My search 3');
    expect(suggestedSearchName('', ['My search'])).toBe('My search 2');
    const long = 'x'.repeat(MAX_SAVED_SEARCH_NAME);
    expect(uniqueName(long, [long])).toHaveLength(MAX_SAVED_SEARCH_NAME);
    expect(uniqueName(long, [long]).endsWith(' 2')).toBe(true);
  });
});

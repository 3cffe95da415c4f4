import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DirectoryEntry } from './entry.ts';
import {
  compareEntries,
  directoryQuery,
  filtersMatcher,
  matchesFilters,
  searchByScan,
  textTierOf,
  type DirectoryFilters,
} from './search.ts';
import { completeWizard, creator } from './testing.ts';

const parse = (query: Record<string, unknown>) => directoryQuery.parse(query);
const refusal = (query: Record<string, unknown>) => {
  const result = directoryQuery.safeParse(query);
  if (result.success) return null;
  return result.error.issues[0]!.message;
};

describe('the directory query string', () => {
  it('defaults to the first page of the directory, ranked, nothing filtered', () => {
    expect(parse({})).toEqual({
      page: 1,
      limit: null,
      search: '',
      adCategories: [],
      pageContentCategory: [],
      socialMediaPlatforms: [],
      averageAudienceType: [],
      averageLocationOfAudience: [],
      minFollowers: null,
      maxFollowers: null,
      sort: 'relevance',
      verifiedOnly: false,
      repliesFast: false,
      view: 'directory',
      match: false,
    });
  });

  it('reads comma-joined lists of option values or labels, in any case', () => {
    expect(
      parse({
        adCategories: 'skincare, Credit Cards ,SKINCARE',
        pageContentCategory: 'cooking',
        socialMediaPlatforms: 'Instagram,youtube',
        averageAudienceType: 'Young Adults (20-30)',
        averageLocationOfAudience: 'Navi  Mumbai,Pune,',
      }),
    ).toMatchObject({
      adCategories: ['skincare', 'credit-cards'],
      pageContentCategory: ['cooking'],
      socialMediaPlatforms: ['instagram', 'youtube'],
      averageAudienceType: ['young-adults-20-30'],
      averageLocationOfAudience: ['navi mumbai', 'pune'],
    });
  });

  it('reads follower bounds as numbers or as 12k / 1.2M', () => {
    expect(parse({ minFollowers: '12k', maxFollowers: '1.2M' })).toMatchObject({
      minFollowers: 12_000,
      maxFollowers: 1_200_000,
    });
    expect(parse({ minFollowers: '5000', maxFollowers: '' })).toMatchObject({
      minFollowers: 5000,
      maxFollowers: null,
    });
  });

  it('refuses unknown option values and bad numbers, naming the parameter', () => {
    expect(refusal({ adCategories: 'skincare,moon-rocks' })).toBe(
      '"moon-rocks" is not an ad category we know.',
    );
    expect(refusal({ socialMediaPlatforms: 'myspace' })).toBe(
      '"myspace" is not a platform we know.',
    );
    expect(refusal({ page: '0' })).toBe('Page must be a whole number from 1 to 100000.');
    expect(refusal({ page: '1.5' })).toBe('Page must be a whole number from 1 to 100000.');
    expect(refusal({ page: '-1' })).toBe('Page must be a whole number from 1 to 100000.');
    expect(refusal({ page: '0x10' })).toBe('Page must be a whole number from 1 to 100000.');
    expect(refusal({ limit: '51' })).toBe('Limit must be a whole number from 1 to 50.');
    expect(refusal({ limit: 'ten' })).toBe('Limit must be a whole number from 1 to 50.');
    expect(refusal({ minFollowers: '-5' })).toBe(
      'Min followers must be a number of followers such as 5000, 12k or 1.2M.',
    );
    expect(refusal({ maxFollowers: '1e6' })).toBe(
      'Max followers must be a number of followers such as 5000, 12k or 1.2M.',
    );
    expect(refusal({ minFollowers: '2M', maxFollowers: '10k' })).toBe(
      'The minimum followers must not be more than the maximum.',
    );
    expect(refusal({ sort: 'cheapest' })).toBe(
      'Sort must be one of relevance, followers, price, newest, reply, match.',
    );
    expect(refusal({ verifiedOnly: 'maybe' })).toBe('Verified only must be true or false.');
    expect(refusal({ view: 'grid' })).toBe('View must be one of directory, discovery.');
    expect(refusal({ search: 'x'.repeat(101) })).toBe(
      'A search can be at most 100 characters long.',
    );
    expect(refusal({ adCategories: ['skincare', 'makeup'] })).toBe(
      'Give the ad categories once (a list is written with commas).',
    );
    expect(refusal({ averageLocationOfAudience: 'x'.repeat(61) })).toBe(
      'Each audience location can be at most 60 characters long.',
    );
    expect(refusal({ adCategories: Array.from({ length: 31 }, (_, i) => `v${i}`).join(',') })).toBe(
      'Choose at most 30 values for ad categories.',
    );
  });

  it('is an object schema piped into its transform, so the router refuses unknown parameters', () => {
    expect(directoryQuery).toBeInstanceOf(z.ZodPipe);
    expect(directoryQuery.in).toBeInstanceOf(z.ZodObject);
  });

  it("reads sort=match as the brand's own order over relevance", () => {
    expect(parse({ sort: 'match' })).toMatchObject({ sort: 'relevance', match: true });
    expect(parse({ sort: 'price' })).toMatchObject({ sort: 'price', match: false });
  });
});

const none: DirectoryFilters = {
  search: '',
  adCategories: [],
  pageContentCategory: [],
  socialMediaPlatforms: [],
  averageAudienceType: [],
  averageLocationOfAudience: [],
  minFollowers: null,
  maxFollowers: null,
  verifiedOnly: false,
  repliesFast: false,
};

describe('the meaning of a search', () => {
  const asha = creator(completeWizard());
  const zoe = creator(
    completeWizard({
      ownerName: 'Zoë Dsouza',
      description: 'Café hopping and asha-style cooking',
      adCategories: ['coffee'],
      pageContentCategory: ['travel'],
      averageLocationOfAudience: ['Goa'],
      profileDetails: [{ platform: 'instagram', profileName: 'zoe.travels', followers: '1.2M' }],
      socialMediaPlatforms: ['instagram'],
    }),
  );
  const ravi = creator(
    completeWizard({
      ownerName: 'Ravi Kumar',
      description: 'Budget tech.',
      adCategories: ['smartphones'],
      pageContentCategory: ['gadget-reviews', 'cooking'],
      averageAudienceType: ['tech-enthusiasts'],
      averageLocationOfAudience: ['Delhi'],
      profileDetails: [{ platform: 'twitter', profileName: 'ravik', followers: 900 }],
      socialMediaPlatforms: ['twitter'],
    }),
  );
  const all = [asha, zoe, ravi];
  const ids = (entries: DirectoryEntry[]) =>
    entries.map((entry) => ({ [asha.id]: 'asha', [zoe.id]: 'zoe', [ravi.id]: 'ravi' })[entry.id]);
  const run = (
    filters: Partial<DirectoryFilters>,
    sort: 'relevance' | 'followers' | 'price' | 'newest' = 'relevance',
  ) => ids(searchByScan(all, { ...none, ...filters, sort, skip: 0, limit: 10 }).page);

  it('matches any value within a list, and all lists together', () => {
    expect(run({ adCategories: ['coffee', 'smartphones'] })).toEqual(['zoe', 'ravi']);
    expect(
      run({ adCategories: ['coffee', 'smartphones'], socialMediaPlatforms: ['twitter'] }),
    ).toEqual(['ravi']);
    expect(run({ socialMediaPlatforms: ['youtube'] })).toEqual(['asha']);
    expect(run({ pageContentCategory: ['cooking'], averageAudienceType: ['foodies'] })).toEqual([
      'asha',
    ]);
    expect(run({ averageLocationOfAudience: ['mumbai'] })).toEqual(['asha']);
    expect(run({ averageLocationOfAudience: ['navi mumbai', 'goa'] }).sort()).toEqual([
      'asha',
      'zoe',
    ]);
    expect(run({ minFollowers: 10_000, maxFollowers: 100_000 })).toEqual(['asha']);
    expect(run({ minFollowers: 1_200_000 })).toEqual(['zoe']);
    expect(run({ verifiedOnly: true })).toEqual([]);
  });

  it('finds word prefixes in names, handles, categories and descriptions, case and accents aside', () => {
    expect(run({ search: 'zoe' })).toEqual(['zoe']);
    expect(run({ search: 'ZOË dsou' })).toEqual(['zoe']);
    expect(run({ search: 'cafe' })).toEqual(['zoe']);
    expect(run({ search: 'travels' })).toEqual(['zoe']);
    expect(run({ search: 'ouza' })).toEqual([]);
    expect(textTierOf(zoe, 'zoe')).toBe(0);
    expect(textTierOf(ravi, 'cooking')).toBe(1);
    expect(textTierOf(zoe, 'cooking')).toBe(2);
    expect(textTierOf(ravi, 'zoe')).toBeNull();
  });

  it('tests many searches against one entry with one matcher, in any order, as each alone', () => {
    const searches = [
      { ...none, search: 'cooking' }, // Zoë's description: the last tier, folded last
      { ...none, search: 'zoe' },
      { ...none, search: 'ravi' },
      { ...none, search: 'cafe', minFollowers: 10_000_000 },
      none,
    ];
    const expected = [true, true, false, false, true];
    expect(searches.map((filters) => matchesFilters(zoe, filters))).toEqual(expected);
    const matches = filtersMatcher(zoe);
    expect(searches.map(matches)).toEqual(expected);
    expect([...searches].reverse().map(matches)).toEqual([...expected].reverse());
  });

  it('orders a search by where the words were found, then by rank', () => {
    // "asha": Asha's name (tier 0) before Zoë's description (tier 2).
    expect(run({ search: 'asha' })).toEqual(['asha', 'zoe']);
    // "cook": Ravi's category Cooking and Asha's category (tier 1), Zoë's description (tier 2).
    const cook = run({ search: 'cook' });
    expect(cook.at(-1)).toBe('zoe');
    expect(cook.slice(0, 2).sort()).toEqual(['asha', 'ravi']);
    // Other sorts ignore the tiers.
    expect(run({ search: 'cook' }, 'followers')).toEqual(['zoe', 'asha', 'ravi']);
  });

  it('sorts by followers, by lowest price (Negotiable last), by sign-up, and by rank', () => {
    expect(run({}, 'followers')).toEqual(['zoe', 'asha', 'ravi']);
    const cheap = { ...ravi, id: 'cheap', priceKey: 100, minPrice: 100 };
    expect(compareEntries('', 'price')(cheap, asha)).toBeLessThan(0);
    expect(compareEntries('', 'newest')({ ...asha, registeredAt: '2026-02-01' }, zoe)).toBeLessThan(
      0,
    );
    expect(compareEntries('', 'relevance')({ ...asha, rank: 9 }, { ...zoe, rank: 8 })).toBeLessThan(
      0,
    );
    // Equal keys fall back to the id, ascending, as both read stores do.
    expect(
      compareEntries('', 'relevance')({ ...asha, id: 'a', rank: 1 }, { ...zoe, id: 'b', rank: 1 }),
    ).toBeLessThan(0);
    expect(matchesFilters(asha, none)).toBe(true);
  });

  it('pages the ordered results and counts them all', () => {
    const result = searchByScan(all, { ...none, sort: 'followers', skip: 1, limit: 1 });
    expect(result.total).toBe(3);
    expect(ids(result.page)).toEqual(['asha']);
  });
});

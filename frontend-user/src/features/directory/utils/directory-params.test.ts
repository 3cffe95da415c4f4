import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  advancedFilterCount,
  filtersFromParams,
  filtersToParams,
  followersRangeProblem,
  forViewer,
  parseFollowersBound,
  SORT_LABELS,
  sortsFor,
  toApiQuery,
  withChanges,
  type DirectoryFilters,
} from './directory-params';

const read = (query: string) => filtersFromParams(new URLSearchParams(query));

describe('a directory search in the address bar', () => {
  const search: DirectoryFilters = {
    ...EMPTY_FILTERS,
    search: 'asha',
    adCategories: ['skincare'],
    socialMediaPlatforms: ['instagram', 'youtube'],
    averageAudienceType: ['students'],
    averageLocationOfAudience: ['Pune', 'Navi Mumbai'],
    minFollowers: '12k',
    maxFollowers: '1.2M',
    sort: 'followers',
    verifiedOnly: true,
    page: 3,
  };

  it('goes to the address and back unchanged (a shared link shows the same search)', () => {
    const params = filtersToParams(search);
    expect(params.toString()).toBe(
      'search=asha&adCategories=skincare&socialMediaPlatforms=instagram%2Cyoutube' +
        '&averageAudienceType=students&averageLocationOfAudience=Pune%2CNavi+Mumbai' +
        '&minFollowers=12k&maxFollowers=1.2M&sort=followers&verifiedOnly=true&page=3',
    );
    expect(filtersFromParams(params)).toEqual(search);
  });

  it('leaves no search as a bare address', () => {
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
    expect(read('')).toEqual(EMPTY_FILTERS);
  });

  it('asks the API with the spec parameters, comma-joined, page always given', () => {
    const query = toApiQuery({ ...search, page: 1 });
    expect(query.get('socialMediaPlatforms')).toBe('instagram,youtube');
    expect(query.get('averageLocationOfAudience')).toBe('Pune,Navi Mumbai');
    expect(query.get('page')).toBe('1');
    expect(query.get('verifiedOnly')).toBe('true');
  });

  it('drops what the server would refuse from a hand-edited address', () => {
    const filters = read(
      'adCategories=skincare,not-a-category&socialMediaPlatforms=Instagram,myspace' +
        '&minFollowers=lots&maxFollowers=-5&sort=random&page=0&verifiedOnly=maybe',
    );
    expect(filters.adCategories).toEqual(['skincare']);
    // A label is understood as its value.
    expect(filters.socialMediaPlatforms).toEqual(['instagram']);
    expect(filters.minFollowers).toBe('');
    expect(filters.maxFollowers).toBe('');
    expect(filters.sort).toBe('relevance');
    expect(filters.page).toBe(1);
    expect(filters.verifiedOnly).toBe(false);
  });

  it('cleans the locations and swaps a followers range given upside down', () => {
    const filters = read(
      'averageLocationOfAudience=%20Pune%20,pune,,Delhi&minFollowers=1M&maxFollowers=5000',
    );
    expect(filters.averageLocationOfAudience).toEqual(['Pune', 'Delhi']);
    expect(filters.minFollowers).toBe('5000');
    expect(filters.maxFollowers).toBe('1M');
  });

  it('starts a changed search on page 1', () => {
    expect(withChanges({ ...search, page: 4 }, { search: 'ravi' })).toMatchObject({
      search: 'ravi',
      page: 1,
    });
  });

  it('counts the advanced filters set behind More', () => {
    expect(advancedFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(advancedFilterCount(search)).toBe(2 + 1 + 2 + 1 + 1 + 1);
  });
});

describe('followers typed as people write them', () => {
  it.each([
    ['5000', 5000],
    ['5,000', 5000],
    ['12k', 12_000],
    ['1.2M', 1_200_000],
    [' 250 ', 250],
  ])('%s is %i', (text, count) => {
    expect(parseFollowersBound(text)).toBe(count);
  });

  it.each(['', 'lots', '-5', '1.2B', '12 k k', '99999999999999'])(
    '"%s" is not a number',
    (text) => {
      expect(parseFollowersBound(text)).toBeNull();
    },
  );

  it('explains a range that cannot be searched', () => {
    expect(followersRangeProblem('', '')).toBeNull();
    expect(followersRangeProblem('12k', '1M')).toBeNull();
    expect(followersRangeProblem('abc', '')).toBe(
      'Enter followers as a number such as 5000, 12k or 1.2M',
    );
    expect(followersRangeProblem('1M', '12k')).toBe(
      'The minimum must not be more than the maximum',
    );
  });
});

describe("a brand's Best match for you in the address bar", () => {
  it('reads and writes sort=match like the other orders', () => {
    const filters = read('sort=match&pageContentCategory=fashion&page=2');
    expect(filters.sort).toBe('match');
    expect(filtersToParams(filters).toString()).toBe(
      'pageContentCategory=fashion&sort=match&page=2',
    );
    expect(SORT_LABELS.match).toBe('Best match for you');
    expect(SORT_LABELS.relevance).toBe('Best match');
  });

  it('is offered to a signed-in brand only', () => {
    expect(sortsFor(true)).toContain('match');
    expect(sortsFor(false)).not.toContain('match');
  });

  it("reads a visitor's or a creator's hand-typed sort=match as the default order", () => {
    const typed = read('sort=match&search=asha');
    expect(forViewer(typed, false)).toEqual({ ...typed, sort: 'relevance' });
    expect(forViewer(typed, true)).toBe(typed);
    expect(toApiQuery(forViewer(typed, false)).get('sort')).toBeNull();
  });
});

import {
  followersCount,
  isFollowersShorthand,
  MAX_FOLLOWERS,
} from '@linkcoin/domain/profiles/followers.ts';
import {
  DIRECTORY_SORTS,
  LISTING_SORTS,
  MAX_FILTER_VALUES,
  MAX_LOCATION_LENGTH,
  MAX_PAGE,
  MAX_SEARCH_LENGTH,
  type DirectorySort,
  type ListingSort,
} from '@linkcoin/domain/directory/search-limits.ts';
import {
  AUDIENCE_TYPES,
  CONTENT_TOPICS,
  PLATFORMS,
  PRODUCT_CATEGORIES,
  type Option,
} from '@linkcoin/domain/profiles/options.ts';

/*
 * A directory search as it lives in the address bar (so it can be shared, and the back button
 * goes to the previous search). The parameters are the API's own (docs/product-spec.md section 7, plus sort and
 * verifiedOnly), so the address reads like the call it makes. Reading is forgiving: a value the
 * server would refuse (an unknown option, a bad number) is dropped rather than shown as an error.
 */

export {
  DIRECTORY_SORTS,
  LISTING_SORTS,
  MAX_FILTER_VALUES,
  MAX_PAGE,
  MAX_SEARCH_LENGTH,
  type DirectorySort,
  type ListingSort,
};

export const SORT_LABELS: Readonly<Record<ListingSort, string>> = {
  relevance: 'Best match',
  followers: 'Most followers',
  price: 'Lowest price',
  newest: 'Newest',
  reply: 'Fastest replies',
  match: 'Best match for you',
};

/**
 * The orders a viewer may choose: everyone's, and for a signed-in brand its own Best match for
 * you (issue 24, item 3: ordered by its own searches and list, which only it has).
 */
export const sortsFor = (isBrand: boolean): readonly ListingSort[] =>
  isBrand ? LISTING_SORTS : DIRECTORY_SORTS;

/**
 * The search this viewer can be shown: a `?sort=match` typed or shared to someone who is not a
 * signed-in brand is read as the default order (the server would refuse it), never an error.
 */
export function forViewer(filters: DirectoryFilters, isBrand: boolean): DirectoryFilters {
  return !isBrand && filters.sort === 'match' ? { ...filters, sort: 'relevance' } : filters;
}

/**
 * What an order means, under the Sort control: the default order explained (issue 19), so
 * "Best match" without a search is not a mystery.
 */
export function sortExplanation(filters: Pick<DirectoryFilters, 'sort' | 'search'>): string {
  switch (filters.sort) {
    case 'relevance':
      return filters.search.trim() === ''
        ? 'Creators with more followers and complete, verified profiles come first; new creators are boosted for their first 30 days.'
        : 'Names and handles that match come first, then categories, then descriptions.';
    case 'followers':
      return 'The largest audience on any platform first.';
    case 'price':
      return 'The lowest of the three prices first; Negotiable last.';
    case 'newest':
      return 'The most recent sign-ups first.';
    case 'reply':
      return 'Creators who usually answer a brand soonest first; those without enough conversations yet last.';
    case 'match':
      return 'Creators like the ones you search for and keep in your list first, each saying why.';
  }
}

/** The list filters, each sent comma-joined. */
export const LIST_FILTERS = [
  'adCategories',
  'pageContentCategory',
  'socialMediaPlatforms',
  'averageAudienceType',
  'averageLocationOfAudience',
] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

export type DirectoryFilters = Readonly<
  {
    search: string;
    /** As typed: 5000, 12k or 1.2M ('' when not set). */
    minFollowers: string;
    maxFollowers: string;
    sort: ListingSort;
    verifiedOnly: boolean;
    /** "Replies fast": usually replies within a day. */
    repliesFast: boolean;
    page: number;
  } & Readonly<Record<ListFilter, readonly string[]>>
>;

export const EMPTY_FILTERS: DirectoryFilters = {
  search: '',
  adCategories: [],
  pageContentCategory: [],
  socialMediaPlatforms: [],
  averageAudienceType: [],
  averageLocationOfAudience: [],
  minFollowers: '',
  maxFollowers: '',
  sort: 'relevance',
  verifiedOnly: false,
  repliesFast: false,
  page: 1,
};

/** A flag in the address: true, 1 or yes. */
const isOn = (value: string | null): boolean =>
  ['true', '1', 'yes'].includes(value?.toLowerCase() ?? '');

/** The server's limit on one audience location. */
export { MAX_LOCATION_LENGTH };

const OPTIONS: Readonly<
  Record<Exclude<ListFilter, 'averageLocationOfAudience'>, readonly Option[]>
> = {
  adCategories: PRODUCT_CATEGORIES,
  pageContentCategory: CONTENT_TOPICS,
  socialMediaPlatforms: PLATFORMS,
  averageAudienceType: AUDIENCE_TYPES,
};

const PLAIN_FOLLOWERS = /^\d{1,11}$/;

/**
 * A follower bound as typed (5000, 5,000, 12k, 1.2M), as a number; null when it is not one the
 * server takes.
 */
export function parseFollowersBound(text: string): number | null {
  const plain = text.trim().replaceAll(',', '');
  if (plain === '' || plain.length > 14) return null;
  if (!PLAIN_FOLLOWERS.test(plain) && !isFollowersShorthand(plain)) return null;
  const count = followersCount(plain);
  return count <= MAX_FOLLOWERS ? count : null;
}

const splitList = (value: string | null): string[] => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  ),
];

const knownValues = (options: readonly Option[], items: readonly string[]): string[] => {
  const byName = new Map<string, string>();
  for (const option of options) {
    byName.set(option.value.toLowerCase(), option.value);
    byName.set(option.label.toLowerCase(), option.value);
  }
  const values = items
    .map((item) => byName.get(item.toLowerCase()))
    .filter((value): value is string => value !== undefined);
  return [...new Set(values)].slice(0, MAX_FILTER_VALUES);
};

/** Audience locations as people type them: trimmed, without commas, each once (case aside). */
export function cleanLocations(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const item of items) {
    const place = item.replaceAll(',', ' ').replace(/\s+/g, ' ').trim();
    if (place === '' || place.length > MAX_LOCATION_LENGTH) continue;
    const key = place.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(place);
  }
  return kept.slice(0, MAX_FILTER_VALUES);
}

const followersParam = (value: string | null): string =>
  value !== null && parseFollowersBound(value) !== null ? value.trim().replaceAll(',', '') : '';

/** Reads a search from the address bar's query string. */
export function filtersFromParams(params: URLSearchParams): DirectoryFilters {
  const sort = params.get('sort')?.trim().toLowerCase() ?? '';
  const page = Number(params.get('page') ?? '1');
  let minFollowers = followersParam(params.get('minFollowers'));
  let maxFollowers = followersParam(params.get('maxFollowers'));
  const min = parseFollowersBound(minFollowers);
  const max = parseFollowersBound(maxFollowers);
  if (min !== null && max !== null && min > max) {
    [minFollowers, maxFollowers] = [maxFollowers, minFollowers];
  }
  return {
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    adCategories: knownValues(OPTIONS.adCategories, splitList(params.get('adCategories'))),
    pageContentCategory: knownValues(
      OPTIONS.pageContentCategory,
      splitList(params.get('pageContentCategory')),
    ),
    socialMediaPlatforms: knownValues(
      OPTIONS.socialMediaPlatforms,
      splitList(params.get('socialMediaPlatforms')),
    ),
    averageAudienceType: knownValues(
      OPTIONS.averageAudienceType,
      splitList(params.get('averageAudienceType')),
    ),
    averageLocationOfAudience: cleanLocations(splitList(params.get('averageLocationOfAudience'))),
    minFollowers,
    maxFollowers,
    sort: (LISTING_SORTS as readonly string[]).includes(sort) ? (sort as ListingSort) : 'relevance',
    verifiedOnly: isOn(params.get('verifiedOnly')),
    repliesFast: isOn(params.get('repliesFast')),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/**
 * The address bar's query string for a search: only what differs from no search, in a fixed
 * order, so the same search always has the same address.
 */
export function filtersToParams(filters: DirectoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search !== '') params.set('search', search);
  for (const name of LIST_FILTERS) {
    if (filters[name].length > 0) params.set(name, filters[name].join(','));
  }
  if (filters.minFollowers.trim() !== '') params.set('minFollowers', filters.minFollowers.trim());
  if (filters.maxFollowers.trim() !== '') params.set('maxFollowers', filters.maxFollowers.trim());
  if (filters.sort !== 'relevance') params.set('sort', filters.sort);
  if (filters.verifiedOnly) params.set('verifiedOnly', 'true');
  if (filters.repliesFast) params.set('repliesFast', 'true');
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The query of `GET /api/pageowners/users` for a search (always with its page). */
export function toApiQuery(filters: DirectoryFilters): URLSearchParams {
  const params = filtersToParams(filters);
  params.set('page', String(filters.page));
  return params;
}

/** A changed search starts again on page 1; only a page change keeps its page. */
export function withChanges(
  filters: DirectoryFilters,
  changes: Partial<Omit<DirectoryFilters, 'page'>>,
): DirectoryFilters {
  return { ...filters, ...changes, page: 1 };
}

/** How many advanced filters (behind More) are set, for the toggle's badge. */
export function advancedFilterCount(filters: DirectoryFilters): number {
  return (
    filters.socialMediaPlatforms.length +
    filters.averageAudienceType.length +
    filters.averageLocationOfAudience.length +
    filters.pageContentCategory.length +
    (filters.minFollowers !== '' ? 1 : 0) +
    (filters.maxFollowers !== '' ? 1 : 0) +
    (filters.verifiedOnly ? 1 : 0) +
    (filters.repliesFast ? 1 : 0)
  );
}

/** Whether any filter or search word narrows the list (the sort and page aside). */
export function isFiltered(filters: DirectoryFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.adCategories.length > 0 ||
    advancedFilterCount(filters) > 0
  );
}

/** Checks the followers range as typed; answers the message to show, or null when it is fine. */
export function followersRangeProblem(min: string, max: string): string | null {
  const low = min.trim() === '' ? null : parseFollowersBound(min);
  const high = max.trim() === '' ? null : parseFollowersBound(max);
  if (min.trim() !== '' && low === null)
    return 'Enter followers as a number such as 5000, 12k or 1.2M';
  if (max.trim() !== '' && high === null)
    return 'Enter followers as a number such as 5000, 12k or 1.2M';
  if (low !== null && high !== null && low > high)
    return 'The minimum must not be more than the maximum';
  return null;
}

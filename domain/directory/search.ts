/**
 * A directory search (docs/product-spec.md section 7, `GET /api/pageowners/users`): what the query string means,
 * and the reference meaning of a search over entries: which entries match, in which order. The
 * read stores answer through their indexes (services/directory/query.ts); this module is what
 * their answers are checked against (the HTTP tests), and what the bench's full scan runs.
 *
 * Within one list any value matches, and all the lists must match together. The search matches
 * word prefixes in the name, the handles, the category labels and the description, ignoring
 * case and accents. With a search, relevance orders by where the words were found (the name or
 * a handle first, then a category, then only the description), then by rank.
 */
import { z } from 'zod';
import { FieldWords, fieldWords } from '../shared/field-words.ts';
import { PROFILE_MESSAGES } from '../profiles/contracts.ts';
import { followersCount, isFollowersShorthand, MAX_FOLLOWERS } from '../profiles/followers.ts';
import {
  AUDIENCE_TYPES,
  CONTENT_TOPICS,
  PLATFORMS,
  PRODUCT_CATEGORIES,
  type Option,
} from '../profiles/options.ts';
import { matchesWordPrefixes, searchWords, textWords } from '../shared/search-text.ts';
import { locationKey, type DirectoryEntry } from './entry.ts';
import {
  DIRECTORY_VIEWS,
  LISTING_SORTS,
  MAX_FILTER_VALUES,
  MAX_LOCATION_LENGTH,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  type DirectorySort,
  type DirectoryView,
} from './search-limits.ts';

// The limits and choices of a search, without zod: the front end reads them without the schema.
export * from './search-limits.ts';

export type DirectoryFilters = Readonly<{
  search: string;
  adCategories: readonly string[];
  pageContentCategory: readonly string[];
  socialMediaPlatforms: readonly string[];
  averageAudienceType: readonly string[];
  /** Folded places (locationKey). */
  averageLocationOfAudience: readonly string[];
  minFollowers: number | null;
  maxFollowers: number | null;
  verifiedOnly: boolean;
  /** "Replies fast": usually replies within REPLIES_FAST_HOURS. */
  repliesFast: boolean;
}>;

export type DirectoryRequest = DirectoryFilters &
  Readonly<{
    page: number;
    limit: number | null;
    sort: DirectorySort;
    view: DirectoryView;
    /**
     * `sort=match` ("Best match for you"): the signed-in brand's own order (services/directory/query.ts,
     * matchPage); `sort` is then relevance, the order past the scored candidates.
     */
    match?: boolean;
  }>;

/** Where a search's words are looked for, strongest first: the relevance tiers. */
export const TEXT_TIERS = [
  ['ownerName', 'handles'],
  ['ownerName', 'handles', 'categoryLabels'],
  ['ownerName', 'handles', 'categoryLabels', 'description'],
] as const satisfies readonly (readonly (keyof DirectoryEntry)[])[];

/** Every text field, in the order the read model declares them. */
export const TEXT_FIELDS = TEXT_TIERS[TEXT_TIERS.length - 1]!;

/** The order of each sort after relevance (ties: the entry id, ascending). */
export const SORT_KEYS: Readonly<
  Record<DirectorySort, readonly (readonly [keyof DirectoryEntry, 1 | -1])[]>
> = {
  relevance: [['rank', -1]],
  followers: [
    ['followers', -1],
    ['rank', -1],
  ],
  price: [
    ['priceKey', 1],
    ['rank', -1],
  ],
  newest: [['registeredAt', -1]],
  reply: [
    ['replyKey', 1],
    ['rank', -1],
  ],
};

// The query string ------------------------------------------------------------------------

const DIGITS = /^\d{1,7}$/;

/** A single query value: a repeated parameter arrives as a list and is refused. */
const single = (what: string) =>
  z.string(`Give the ${fieldWords(what)} once (a list is written with commas).`);

const wholeNumber = (what: string, min: number, max: number, fallback: number) =>
  single(what)
    .optional()
    .transform((value, ctx): number => {
      if (value === undefined || value.trim() === '') return fallback;
      const text = value.trim();
      const number = DIGITS.test(text) ? Number.parseInt(text, 10) : Number.NaN;
      if (Number.isInteger(number) && number >= min && number <= max) return number;
      ctx.addIssue({
        code: 'custom',
        message: `${FieldWords(what)} must be a whole number from ${min} to ${max}.`,
      });
      return z.NEVER;
    });

const FOLLOWER_DIGITS = /^\d{1,11}$/;
const followersMessage = (what: string) =>
  `${FieldWords(what)} must be a number of followers such as 5000, 12k or 1.2M.`;

const followersBound = (what: string) =>
  single(what)
    .optional()
    .transform((value, ctx): number | null => {
      if (value === undefined || value.trim() === '') return null;
      const text = value.trim().replaceAll(',', '');
      if ((FOLLOWER_DIGITS.test(text) || isFollowersShorthand(text)) && text.length <= 14) {
        const count = followersCount(text);
        if (count <= MAX_FOLLOWERS) return count;
      }
      ctx.addIssue({ code: 'custom', message: followersMessage(what) });
      return z.NEVER;
    });

/** Option values by their value or their label, both without regard to case. */
const lookup = (options: readonly Option[]) => {
  const byName = new Map<string, string>();
  for (const option of options) {
    byName.set(option.value.toLowerCase(), option.value);
    byName.set(option.label.toLowerCase(), option.value);
  }
  return byName;
};

const commaList = (what: string, max = MAX_FILTER_VALUES) =>
  single(what)
    .max(2000, `${FieldWords(what)} is too long.`)
    .optional()
    .transform((value, ctx): string[] => {
      const items = [
        ...new Set(
          (value ?? '')
            .split(',')
            .map((item) => item.trim())
            .filter((item) => item !== ''),
        ),
      ];
      if (items.length > max) {
        ctx.addIssue({
          code: 'custom',
          message: `Choose at most ${max} values for ${fieldWords(what)}.`,
        });
        return z.NEVER;
      }
      return items;
    });

const optionList = (what: string, options: readonly Option[], kind: string) => {
  const known = lookup(options);
  return commaList(what).transform((items, ctx): string[] => {
    const values: string[] = [];
    for (const item of items) {
      const value = known.get(item.toLowerCase());
      if (value === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `"${item.slice(0, 60)}" is not ${kind} we know.`,
        });
        return z.NEVER;
      }
      if (!values.includes(value)) values.push(value);
    }
    return values;
  });
};

/**
 * What a search may hold: any text a person can type. Punctuation (quotes, `*`, brackets, `$`)
 * is text: like every character that is neither a letter nor a digit it separates words
 * (domain/shared/search-text.ts), so `"asha"` and `asha*` search for asha, and nothing of it
 * reaches a read store's query language. Control characters are refused.
 */
const SEARCH_TEXT = /^[^\p{Cc}]*$/u;
const SEARCH_TEXT_MESSAGE = 'Search with letters, digits, spaces and punctuation only.';

const flag = (what: string) =>
  single(what)
    .optional()
    .transform((value, ctx): boolean => {
      if (value === undefined || value === '') return false;
      const text = value.trim().toLowerCase();
      if (['true', '1', 'yes'].includes(text)) return true;
      if (['false', '0', 'no'].includes(text)) return false;
      ctx.addIssue({ code: 'custom', message: `${FieldWords(what)} must be true or false.` });
      return z.NEVER;
    });

const choice = <T extends string>(what: string, values: readonly T[], fallback: T) =>
  single(what)
    .optional()
    .transform((value, ctx): T => {
      if (value === undefined || value.trim() === '') return fallback;
      const text = value.trim().toLowerCase();
      if ((values as readonly string[]).includes(text)) return text as T;
      ctx.addIssue({
        code: 'custom',
        message: `${FieldWords(what)} must be one of ${values.join(', ')}.`,
      });
      return z.NEVER;
    });

/**
 * `GET /api/pageowners/users`: the spec's parameters (lists comma-joined, each value an option's
 * value or label), plus `sort`, `verifiedOnly`, `repliesFast` and `view`. Unknown values and bad numbers are
 * refused, naming the parameter. `limit` is null when not given (each view has its page size).
 */
export const directoryQuery = z
  .object({
    page: wholeNumber('page', 1, MAX_PAGE, 1),
    limit: wholeNumber('limit', 1, MAX_PAGE_SIZE, 0).transform((limit) =>
      limit === 0 ? null : limit,
    ),
    search: single('search')
      .max(MAX_SEARCH_LENGTH, `A search can be at most ${MAX_SEARCH_LENGTH} characters long.`)
      .regex(SEARCH_TEXT, SEARCH_TEXT_MESSAGE)
      .optional()
      .transform((value) => (value ?? '').trim()),
    adCategories: optionList('adCategories', PRODUCT_CATEGORIES, 'an ad category'),
    pageContentCategory: optionList('pageContentCategory', CONTENT_TOPICS, 'a content topic'),
    socialMediaPlatforms: optionList('socialMediaPlatforms', PLATFORMS, 'a platform'),
    averageAudienceType: optionList('averageAudienceType', AUDIENCE_TYPES, 'an audience type'),
    averageLocationOfAudience: commaList('averageLocationOfAudience').transform(
      (items, ctx): string[] => {
        if (items.some((item) => item.length > MAX_LOCATION_LENGTH)) {
          ctx.addIssue({
            code: 'custom',
            message: PROFILE_MESSAGES.locationTooLong,
          });
          return z.NEVER;
        }
        return [...new Set(items.map(locationKey).filter((key) => key !== ''))];
      },
    ),
    minFollowers: followersBound('minFollowers'),
    maxFollowers: followersBound('maxFollowers'),
    sort: choice('sort', LISTING_SORTS, 'relevance'),
    verifiedOnly: flag('verifiedOnly'),
    repliesFast: flag('repliesFast'),
    view: choice('view', DIRECTORY_VIEWS, 'directory'),
  })
  .refine(
    (query) =>
      query.minFollowers === null ||
      query.maxFollowers === null ||
      query.minFollowers <= query.maxFollowers,
    { error: 'The minimum followers must not be more than the maximum.' },
  )
  .transform(({ sort, ...query }) => ({
    ...query,
    sort: (sort === 'match' ? 'relevance' : sort) satisfies DirectorySort,
    match: sort === 'match',
  }));

export type DirectoryQueryInput = z.input<typeof directoryQuery>;

// The reference meaning ---------------------------------------------------------------------

const anyOf = (values: readonly string[], filter: readonly string[]) =>
  filter.length === 0 || filter.some((value) => values.includes(value));

const wordsIn = (entry: DirectoryEntry, fields: readonly (keyof DirectoryEntry)[]): string[] =>
  fields.flatMap((field) => {
    const value = entry[field];
    return (Array.isArray(value) ? value : [value])
      .filter((item): item is string => typeof item === 'string')
      .flatMap(textWords);
  });

/**
 * An entry's folded words in each relevance tier (TEXT_TIERS), each folded the first time a
 * search needs it and kept: a test of many searches against one entry folds its text once.
 */
export type EntryWords = (tier: number) => readonly string[];

export const entryWords = (entry: DirectoryEntry): EntryWords => {
  const tiers: (readonly string[] | undefined)[] = [];
  return (tier) => (tiers[tier] ??= wordsIn(entry, TEXT_TIERS[tier]!));
};

/** The words of the searches seen lately (a saved search is tested at every creator's change). */
const searchedWords = new Map<string, readonly string[]>();
const SEARCHES_KEPT = 10_000;
const wordsSearched = (search: string): readonly string[] => {
  let words = searchedWords.get(search);
  if (!words) {
    if (searchedWords.size >= SEARCHES_KEPT) searchedWords.clear();
    words = searchWords(search);
    searchedWords.set(search, words);
  }
  return words;
};

const tierOfWords = (words: EntryWords, search: string): number | null => {
  const searched = wordsSearched(search);
  if (searched.length === 0) return 0;
  for (let tier = 0; tier < TEXT_TIERS.length; tier++) {
    if (matchesWordPrefixes(words(tier), searched)) return tier;
  }
  return null;
};

/** The relevance tier a search finds an entry in (0 strongest), or null when it does not match. */
export const textTierOf = (entry: DirectoryEntry, search: string): number | null =>
  tierOfWords(entryWords(entry), search);

/**
 * Whether an entry passes a search's filters (text included), for one entry and many searches
 * (a creator's change tested against every saved search): its words are folded once for all.
 */
export const filtersMatcher = (entry: DirectoryEntry): ((filters: DirectoryFilters) => boolean) => {
  const words = entryWords(entry);
  return (filters) =>
    anyOf(entry.adCategories, filters.adCategories) &&
    anyOf(entry.pageContentCategory, filters.pageContentCategory) &&
    anyOf(entry.platforms, filters.socialMediaPlatforms) &&
    anyOf(entry.averageAudienceType, filters.averageAudienceType) &&
    anyOf(entry.locationKeys, filters.averageLocationOfAudience) &&
    (filters.minFollowers === null || entry.followers >= filters.minFollowers) &&
    (filters.maxFollowers === null || entry.followers <= filters.maxFollowers) &&
    (!filters.verifiedOnly || entry.verified) &&
    (!filters.repliesFast || entry.repliesFast) &&
    tierOfWords(words, filters.search) !== null;
};

/** Whether an entry passes every filter of a search (text included). */
export const matchesFilters = (entry: DirectoryEntry, filters: DirectoryFilters): boolean =>
  filtersMatcher(entry)(filters);

const compareValues = (a: unknown, b: unknown): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
};

/** Whether a search orders by relevance tiers (a relevance sort with words to search). */
export const ordersByTier = (search: string, sort: DirectorySort): boolean =>
  sort === 'relevance' && searchWords(search).length > 0;

/** The reference order of a search's results. */
export const compareEntries =
  (search: string, sort: DirectorySort) =>
  (a: DirectoryEntry, b: DirectoryEntry): number => {
    if (ordersByTier(search, sort)) {
      const tiers = (textTierOf(a, search) ?? 99) - (textTierOf(b, search) ?? 99);
      if (tiers !== 0) return tiers;
    }
    for (const [field, direction] of SORT_KEYS[sort]) {
      const order = compareValues(a[field], b[field]) * direction;
      if (order !== 0) return order;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };

/** A whole search answered by reading every entry: the reference, and the bench's baseline. */
export const searchByScan = (
  entries: Iterable<DirectoryEntry>,
  request: DirectoryFilters & Readonly<{ sort: DirectorySort; skip: number; limit: number }>,
): { total: number; page: DirectoryEntry[] } => {
  const matching: DirectoryEntry[] = [];
  for (const entry of entries) if (matchesFilters(entry, request)) matching.push(entry);
  matching.sort(compareEntries(request.search, request.sort));
  return {
    total: matching.length,
    page: matching.slice(request.skip, request.skip + request.limit),
  };
};

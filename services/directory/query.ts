/**
 * A directory search as read-store queries: each filter a condition on an indexed field, the
 * search a text condition, the order an index. With a search, relevance is answered tier by tier
 * (domain/directory/search.ts, TEXT_TIERS): each tier is one query ordered by rank, and a page
 * that spans two tiers reads the end of one and the start of the next.
 */
import type { DirectoryEntry } from '@linkcoin/domain/directory/entry.ts';
import {
  ordersByTier,
  SORT_KEYS,
  TEXT_TIERS,
  type DirectoryFilters,
  type DirectorySort,
} from '@linkcoin/domain/directory/search.ts';
import type {
  FieldCondition,
  Query,
  ReadCollection,
  TextCondition,
} from '@linkcoin/infra/readstore/port.ts';

/** The filters' conditions (everything but the text). */
export const whereOf = (filters: DirectoryFilters): Record<string, FieldCondition> => {
  const where: Record<string, FieldCondition> = {};
  const anyOf = (field: keyof DirectoryEntry, values: readonly string[]) => {
    if (values.length > 0) where[field] = { $containsAny: values };
  };
  anyOf('adCategories', filters.adCategories);
  anyOf('pageContentCategory', filters.pageContentCategory);
  anyOf('platforms', filters.socialMediaPlatforms);
  anyOf('averageAudienceType', filters.averageAudienceType);
  anyOf('locationKeys', filters.averageLocationOfAudience);
  if (filters.minFollowers !== null || filters.maxFollowers !== null) {
    where.followers = {
      ...(filters.minFollowers !== null ? { $gte: filters.minFollowers } : {}),
      ...(filters.maxFollowers !== null ? { $lte: filters.maxFollowers } : {}),
    };
  }
  if (filters.verifiedOnly) where.verified = true;
  if (filters.repliesFast) where.repliesFast = true;
  return where;
};

const sortOf = (sort: DirectorySort): Query['sort'] =>
  SORT_KEYS[sort].map(([field, direction]) => [field, direction] as const);

/**
 * The text of one tier: matched in its fields, not in the tier before's (those are that tier's).
 * `below`: how many entries the tiers before hold; when none, nothing is excluded (the exclusion
 * would cost a second text search, about 4 ms for a common prefix at 1,000,000 creators).
 */
const tierText = (search: string, tier: number, below: number): TextCondition[] => [
  { search, fields: TEXT_TIERS[tier]! },
  ...(tier > 0 && below > 0 ? [{ search, fields: TEXT_TIERS[tier - 1]!, exclude: true }] : []),
];

export type SearchPage = Readonly<{ total: number; entries: DirectoryEntry[] }>;

/**
 * Whether a sorted page is cheaper read in the order's index, checking the filters on each
 * entry, than by sorting every match: reading in order looks at about `needed * listed / total`
 * entries, sorting at `total`. A broad filter (most creators are on Instagram) reads in order; a
 * narrow one (cars for pet owners) starts from its index.
 */
export const readInOrder = (total: number, listed: number, needed: number): boolean =>
  total > 0 && needed * listed < total * total;

/**
 * How many creators are listed, counted at most once every few seconds (an index scan). It only
 * chooses a plan, never the answer, so a count a few seconds old (or another store's, in a test
 * process running several servers) does no harm.
 */
const LISTED_TTL_MS = 5000;
let listedMemo: { at: number; count: Promise<number> } | null = null;
const listedOf = (directory: ReadCollection<DirectoryEntry>): Promise<number> => {
  const now = Date.now();
  if (!listedMemo || now - listedMemo.at > LISTED_TTL_MS) {
    listedMemo = { at: now, count: directory.count() };
  }
  return listedMemo.count;
};

/** One page of a search, and how many entries match it in all. */
export const searchPage = async (
  directory: ReadCollection<DirectoryEntry>,
  filters: DirectoryFilters,
  sort: DirectorySort,
  skip: number,
  limit: number,
): Promise<SearchPage> => {
  const where = whereOf(filters);
  if (!ordersByTier(filters.search, sort)) {
    const text = filters.search ? { search: filters.search } : undefined;
    const query = { where, ...(text ? { text } : {}) };
    const [total, listed] = await Promise.all([directory.count(query), listedOf(directory)]);
    const entries = await directory.find({
      ...query,
      sort: sortOf(sort),
      skip,
      limit,
      readIn: readInOrder(total, listed, skip + limit) ? 'order' : 'conditions',
      matches: total,
    });
    return { total, entries };
  }
  // Cumulative counts without exclusions (cheaper): tier t holds within[t] - within[t - 1]. The
  // last is the total; the others are counted only until the page's first tier is found.
  const last = TEXT_TIERS.length - 1;
  const within = async (tier: number): Promise<number> =>
    directory.count({ where, text: { search: filters.search, fields: TEXT_TIERS[tier]! } });
  const total = await within(last);
  const listed = await listedOf(directory);
  const entries: DirectoryEntry[] = [];
  let before = 0; // within[tier - 1]
  for (let tier = 0; tier <= last && entries.length < limit && before < total; tier++) {
    const upTo = tier === last ? total : await within(tier);
    const size = upTo - before;
    const offset = skip + entries.length - before;
    const below = before;
    before = upTo;
    if (offset >= size) continue;
    entries.push(
      ...(await directory.find({
        where,
        text: tierText(filters.search, tier, below),
        sort: sortOf('relevance'),
        skip: offset,
        limit: limit - entries.length,
        // A broad tier (a common name prefix, a category's label) is read in rank order.
        readIn: readInOrder(size, listed, offset + limit - entries.length) ? 'order' : 'conditions',
        matches: size,
      })),
    );
  }
  return { total, entries };
};

/** The candidates Best match for you orders (the filters' best by rank): its bound, whatever the size. */
export const MATCH_CANDIDATES = 500;

/**
 * One page of a search in a brand's Best match for you order (`sort=match`): the filters' first
 * MATCH_CANDIDATES matches by rank, ordered by `order` (the brand's match score); past them, the
 * rest in rank order. Other sorts never come here, so they pay nothing for it. While the brand's
 * profile stands, the pages are stable and disjoint: the window is the same rank-ordered prefix
 * (ties broken by id) on every page, and what follows is read from the window's end. Paging
 * does not move the profile: a brand's search is learnt from at its first page only, and never
 * from `sort=match` itself (services/platform/analytics/recorder.ts).
 */
export const matchPage = async (
  directory: ReadCollection<DirectoryEntry>,
  filters: DirectoryFilters,
  order: (candidates: DirectoryEntry[]) => Promise<readonly string[]>,
  skip: number,
  limit: number,
  window: number = MATCH_CANDIDATES,
): Promise<SearchPage> => {
  const where = whereOf(filters);
  const query = { where, ...(filters.search ? { text: { search: filters.search } } : {}) };
  const rankOrder = sortOf('relevance');
  const [total, listed] = await Promise.all([directory.count(query), listedOf(directory)]);
  const candidates =
    skip < window
      ? await directory.find({
          ...query,
          sort: rankOrder,
          limit: window,
          readIn: readInOrder(total, listed, window) ? 'order' : 'conditions',
          matches: total,
        })
      : [];
  const byId = new Map(candidates.map((entry) => [entry.id, entry]));
  const entries = (await order(candidates)).slice(skip, skip + limit).map((id) => byId.get(id)!);
  const from = Math.max(skip, candidates.length);
  if (entries.length < limit && total > from) {
    entries.push(
      ...(await directory.find({
        ...query,
        sort: rankOrder,
        skip: from,
        limit: limit - entries.length,
        readIn: readInOrder(total, listed, from + limit) ? 'order' : 'conditions',
        matches: total,
      })),
    );
  }
  return { total, entries };
};

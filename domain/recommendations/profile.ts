/**
 * A brand's signal profile: the read model "Recommended for you" scores with
 * (services/directory/recommendations.ts keeps one per brand). Folded incrementally from the
 * brand's own events: its searches and picked interests (signals.ts) and the creators it added
 * to or removed from its list (the wallet's ConnectionOpened / ConnectionRemoved). Bounded: at
 * most MAX_VALUES_PER_KIND values of each kind are kept (the least searched go first).
 */
import type { BrandInterestsChosen, BrandSearchesRecorded } from './signals.ts';

/** How often each value was searched: value (or folded place) -> searches. */
export type Counts = Readonly<Record<string, number>>;

export type BrandProfile = Readonly<{
  id: string;
  categories: Counts;
  topics: Counts;
  platforms: Counts;
  locations: Counts;
  /** The searches folded in (each counted as often as it was made). */
  searches: number;
  /** The interests picked on a first visit (group labels), null when never asked. */
  interests: readonly string[] | null;
  /** The creators in the brand's list, the latest added last. */
  listed: readonly string[];
}>;

export const MAX_VALUES_PER_KIND = 50;
/** The creators of a list the profile keeps (the latest): exclusions and "like … in your list". */
export const MAX_LISTED = 500;

export const emptyBrandProfile = (brandId: string): BrandProfile => ({
  id: brandId,
  categories: {},
  topics: {},
  platforms: {},
  locations: {},
  searches: 0,
  interests: null,
  listed: [],
});

/** The counts with `values` added `count` times, the smallest trimmed past the bound. */
const add = (counts: Counts, values: readonly string[], count: number): Counts => {
  if (values.length === 0) return counts;
  const next: Record<string, number> = { ...counts };
  for (const value of new Set(values)) next[value] = (next[value] ?? 0) + count;
  const entries = Object.entries(next);
  if (entries.length <= MAX_VALUES_PER_KIND) return next;
  entries.sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.slice(0, MAX_VALUES_PER_KIND));
};

export const foldSearches = (
  profile: BrandProfile,
  data: BrandSearchesRecorded['data'],
): BrandProfile =>
  data.searches.reduce<BrandProfile>(
    (p, search) => ({
      ...p,
      categories: add(p.categories, search.adCategories, search.count),
      topics: add(p.topics, search.pageContentCategory, search.count),
      platforms: add(p.platforms, search.platforms, search.count),
      locations: add(p.locations, search.locations, search.count),
      searches: p.searches + search.count,
    }),
    profile,
  );

export const foldInterests = (
  profile: BrandProfile,
  data: BrandInterestsChosen['data'],
): BrandProfile => ({ ...profile, interests: [...data.interests] });

export const foldAdded = (profile: BrandProfile, creatorId: string): BrandProfile => ({
  ...profile,
  listed: [...profile.listed.filter((id) => id !== creatorId), creatorId].slice(-MAX_LISTED),
});

export const foldRemoved = (profile: BrandProfile, creatorId: string): BrandProfile =>
  profile.listed.includes(creatorId)
    ? { ...profile, listed: profile.listed.filter((id) => id !== creatorId) }
    : profile;

/** Whether the brand has told us anything by what it did (searches or its list). */
export const hasOwnSignals = (profile: BrandProfile): boolean =>
  profile.searches > 0 || profile.listed.length > 0;

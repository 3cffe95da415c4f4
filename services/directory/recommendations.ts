/**
 * "Recommended for you" (issue 24, item 3): each brand's signal profile, folded incrementally
 * from the brand's own events (domain/recommendations/profile.ts), and the query that scores
 * the directory's candidates for it at request time (domain/recommendations/score.ts).
 *
 * The profile is private to its brand: only GET /api/recommendations and the directory's
 * `sort=match` read it, each for the caller alone.
 */
import type { DirectoryEntry } from '@linkcoin/domain/directory/entry.ts';
import {
  emptyBrandProfile,
  foldAdded,
  foldInterests,
  foldRemoved,
  foldSearches,
  hasOwnSignals,
  type BrandProfile,
} from '@linkcoin/domain/recommendations/profile.ts';
import {
  recommend,
  type CreatorTraits,
  type Match,
  type ScoringContext,
} from '@linkcoin/domain/recommendations/score.ts';
import {
  categoriesOfInterest,
  type BrandInterestsChosen,
  type BrandSearchesRecorded,
} from '@linkcoin/domain/recommendations/signals.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { ConnectionOpened, ConnectionRemoved } from '@linkcoin/domain/wallet/wallet.ts';
import type {
  FieldCondition,
  ProjectionTransaction,
  ReadCollection,
} from '@linkcoin/infra/readstore/port.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

export const RECOMMENDATION_PROFILES = 'recommendation_profiles';

type RecommendationEvent =
  | RecordedEvent<BrandSearchesRecorded>
  | RecordedEvent<BrandInterestsChosen>
  | RecordedEvent<ConnectionOpened>
  | RecordedEvent<ConnectionRemoved>;

const EVENT_TYPES: readonly RecommendationEvent['type'][] = [
  'BrandSearchesRecorded',
  'BrandInterestsChosen',
  'ConnectionOpened',
  'ConnectionRemoved',
];

const change = async (
  tx: ProjectionTransaction,
  brandId: string,
  fold: (profile: BrandProfile) => BrandProfile,
) => {
  const profile = (await tx.get<BrandProfile>(RECOMMENDATION_PROFILES, brandId)) ?? null;
  const next = fold(profile ?? emptyBrandProfile(brandId));
  if (profile !== null && next === profile) return;
  await tx.put<BrandProfile>(RECOMMENDATION_PROFILES, brandId, next);
};

/**
 * One document per brand: the categories, topics, platforms and places it searched (counted),
 * the interests it picked, and the creators in its list. Rebuilt from the log like every read
 * model (`make rebuild recommendations`).
 */
export const recommendationsProjection: Projection = {
  name: 'recommendations',
  version: 1,
  collections: [{ name: RECOMMENDATION_PROFILES }],
  eventTypes: EVENT_TYPES,
  apply: async (recorded, tx) => {
    const event = recorded as RecommendationEvent;
    switch (event.type) {
      case 'BrandSearchesRecorded':
        return change(tx, event.data.brandId, (p) => foldSearches(p, event.data));
      case 'BrandInterestsChosen':
        return change(tx, event.data.brandId, (p) => foldInterests(p, event.data));
      case 'ConnectionOpened':
        return change(tx, event.data.userId, (p) => foldAdded(p, event.data.targetUserId));
      case 'ConnectionRemoved':
        return change(tx, event.data.userId, (p) => foldRemoved(p, event.data.targetUserId));
    }
  },
};

// The query -------------------------------------------------------------------------------

/** Candidates read per signal (each an indexed query in rank order): the scoring's bound. */
export const CANDIDATES_PER_SIGNAL = 200;
/** The values of each kind a candidate query asks for (the brand's most searched). */
const VALUES_PER_QUERY = 10;
/** The list creators whose likeness counts (the latest added). */
export const LISTED_FOR_LIKENESS = 50;

export const traitsOf = (entry: DirectoryEntry): CreatorTraits => ({
  id: entry.id,
  ownerName: entry.ownerName,
  adCategories: entry.adCategories,
  pageContentCategory: entry.pageContentCategory,
  platforms: entry.platforms,
  locationKeys: entry.locationKeys,
  pricing: { reel: entry.pricing.reel },
  rank: entry.rank,
  verified: entry.verified,
});

const topValues = (counts: Readonly<Record<string, number>>): string[] =>
  Object.entries(counts)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .slice(0, VALUES_PER_QUERY)
    .map(([value]) => value);

export type RecommendationMode = 'personal' | 'interests' | 'popular';

export type Recommendations = Readonly<{
  mode: RecommendationMode;
  /** No signal and no pick yet: the home section offers the interests chooser. */
  needsInterests: boolean;
  interests: readonly string[];
  matches: readonly (Match & { entry: DirectoryEntry })[];
}>;

/** The brand's profile (an empty one before any signal). */
export const profileOf = async (
  profiles: ReadCollection<BrandProfile>,
  brandId: string,
): Promise<BrandProfile> => (await profiles.get(brandId)) ?? emptyBrandProfile(brandId);

/** The scoring context: the profile and the traits of the latest creators of its list. */
export const scoringContextOf = async (
  directory: ReadCollection<DirectoryEntry>,
  profile: BrandProfile,
): Promise<ScoringContext> => {
  const latest = profile.listed.slice(-LISTED_FOR_LIKENESS);
  const entries = await Promise.all(latest.map((id) => directory.get(id)));
  return {
    profile,
    listedTraits: entries.filter((e): e is DirectoryEntry => e !== null).map(traitsOf),
  };
};

/**
 * The candidates of a brand's recommendations: verified creators in rank order that have one of
 * its most searched categories, topics or places, or one like its list's, or in a picked
 * interest; and the most popular verified creators. Each is one indexed query of at most
 * CANDIDATES_PER_SIGNAL entries, so the work is bounded whatever the directory's size.
 */
const candidatesOf = async (
  directory: ReadCollection<DirectoryEntry>,
  context: ScoringContext,
): Promise<DirectoryEntry[]> => {
  const { profile, listedTraits } = context;
  const likeList = (kind: 'adCategories' | 'pageContentCategory') =>
    [...new Set(listedTraits.flatMap((t) => t[kind]))].slice(0, VALUES_PER_QUERY);
  const interestCategories = (profile.interests ?? []).flatMap(categoriesOfInterest);
  const conditions = (
    [
      ['adCategories', topValues(profile.categories)],
      ['pageContentCategory', topValues(profile.topics)],
      ['locationKeys', topValues(profile.locations)],
      ['adCategories', likeList('adCategories')],
      ['pageContentCategory', likeList('pageContentCategory')],
      ['adCategories', interestCategories],
    ] as const
  )
    .filter(([, values]) => values.length > 0)
    .map(([field, values]): Record<string, FieldCondition> => ({
      [field]: { $containsAny: values },
    }));
  const reads = [...conditions, {}].map((where) =>
    directory.find({
      where: { ...where, verified: true },
      sort: [['rank', -1]],
      limit: CANDIDATES_PER_SIGNAL,
    }),
  );
  const byId = new Map<string, DirectoryEntry>();
  for (const entries of await Promise.all(reads)) {
    for (const entry of entries) byId.set(entry.id, entry);
  }
  return [...byId.values()];
};

/** A brand's recommendations now: scored at query time over bounded candidates. */
export const recommendationsFor = async (
  stores: Readonly<{
    directory: ReadCollection<DirectoryEntry>;
    profiles: ReadCollection<BrandProfile>;
  }>,
  brandId: string,
  limit: number,
): Promise<Recommendations> => {
  const profile = await profileOf(stores.profiles, brandId);
  const context = await scoringContextOf(stores.directory, profile);
  const candidates = await candidatesOf(stores.directory, context);
  const byId = new Map(candidates.map((entry) => [entry.id, entry]));
  const matches = recommend(context, candidates.map(traitsOf), limit).map((match) => ({
    ...match,
    entry: byId.get(match.id)!,
  }));
  const interests = profile.interests ?? [];
  const mode: RecommendationMode = hasOwnSignals(profile)
    ? 'personal'
    : interests.length > 0
      ? 'interests'
      : 'popular';
  return {
    mode,
    needsInterests: !hasOwnSignals(profile) && profile.interests === null,
    interests,
    matches,
  };
};

/**
 * "Recommended for you" and the directory's Best match for you order (issue 24, item 3): an explainable
 * match score of one creator for one brand, from the brand's own signals (profile.ts). Every
 * point comes from a named weight below and every matched signal becomes a reason the card
 * shows ("Matches your searches for Fashion · audience in Mumbai · Reel under ₹2,000"). Pure and
 * deterministic: equal scores are ordered by the directory's rank, then by the creator's id.
 */
import { labelOf } from '../profiles/options.ts';
import type { BrandProfile, Counts } from './profile.ts';
import { categoriesOfInterest } from './signals.ts';
import { reasonLine } from './reason-line.ts';

/** Points per search of a category, topic, audience place or platform the creator has. */
export const WEIGHT_SEARCHED_CATEGORY = 3;
export const WEIGHT_SEARCHED_TOPIC = 3;
export const WEIGHT_SEARCHED_LOCATION = 2;
export const WEIGHT_SEARCHED_PLATFORM = 1;
/** A search made more often counts up to this many times (one habit does not drown the rest). */
export const SEARCH_COUNT_CAP = 5;
/** Points when the creator is in an interest the brand picked on its first visit. */
export const WEIGHT_PICKED_INTEREST = 4;
/** Points per creator of the brand's list sharing a category or topic with this one. */
export const WEIGHT_LIKE_LISTED = 2;
/** At most this many list creators count towards one candidate's likeness. */
export const LIKE_LISTED_CAP = 3;
/** Points when the creator's Reel costs less than the brand's price band (its list's Reels). */
export const WEIGHT_PRICE_BAND = 2;
/** Points per point of the directory's rank (followers and visibility): popularity, a nudge. */
export const WEIGHT_POPULARITY = 0.25;
/** The price bands a brand's list is read into, in rupees. */
export const PRICE_BANDS = [500, 1000, 2000, 5000, 10_000, 25_000, 50_000, 100_000] as const;
/** At most this many values named in one reason. */
const NAMED_IN_REASON = 2;

/** What scoring reads of a creator (a directory entry has all of it). */
export type CreatorTraits = Readonly<{
  id: string;
  ownerName: string;
  adCategories: readonly string[];
  pageContentCategory: readonly string[];
  platforms: readonly string[];
  /** Folded audience places (the directory's locationKeys). */
  locationKeys: readonly string[];
  pricing: Readonly<{ reel: number | null }>;
  rank: number;
  verified: boolean;
}>;

export type MatchReason = Readonly<{
  kind: 'searched' | 'location' | 'platform' | 'interest' | 'listed' | 'price' | 'popular';
  text: string;
  points: number;
}>;

export type Match = Readonly<{ id: string; score: number; reasons: readonly MatchReason[] }>;

/** The profile with what scoring derives from the list's creators. */
export type ScoringContext = Readonly<{
  profile: BrandProfile;
  /** The directory's traits of the creators in the brand's list (the latest, bounded). */
  listedTraits: readonly CreatorTraits[];
}>;

/** "mumbai" -> "Mumbai", "navi mumbai" -> "Navi Mumbai": a folded place as a person reads it. */
export const placeName = (key: string): string =>
  key.replace(
    /(^|[\s,-])(\p{L})/gu,
    (_all, before: string, letter: string) => before + letter.toUpperCase(),
  );

const rupees = (amount: number): string => `₹${amount.toLocaleString('en-IN')}`;

/** The band under which the list's Reels all cost, or null (no priced Reel in the list). */
export const priceBandOf = (listed: readonly CreatorTraits[]): number | null => {
  const reels = listed.map((c) => c.pricing.reel).filter((p): p is number => p !== null);
  if (reels.length === 0) return null;
  const most = Math.max(...reels);
  return PRICE_BANDS.find((band) => band > most) ?? null;
};

const byPoints = (a: readonly [string, number], b: readonly [string, number]) =>
  b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/** The searched values the creator has, each with its capped count, most searched first. */
const matched = (searched: Counts, has: readonly string[]): [string, number][] =>
  has
    .filter((value) => (searched[value] ?? 0) > 0)
    .map((value): [string, number] => [value, Math.min(searched[value]!, SEARCH_COUNT_CAP)])
    .sort(byPoints);

const named = (values: readonly string[], name: (value: string) => string): string =>
  values.slice(0, NAMED_IN_REASON).map(name).join(' and ');

const sum = (pairs: readonly (readonly [string, number])[]): number =>
  pairs.reduce((total, [, n]) => total + n, 0);

/** One creator's score for one brand, with every reason that gave it points. */
export const scoreCreator = (context: ScoringContext, creator: CreatorTraits): Match => {
  const { profile, listedTraits } = context;
  const reasons: MatchReason[] = [];

  const categories = matched(profile.categories, creator.adCategories);
  const topics = matched(profile.topics, creator.pageContentCategory);
  const searchedPoints =
    sum(categories) * WEIGHT_SEARCHED_CATEGORY + sum(topics) * WEIGHT_SEARCHED_TOPIC;
  if (searchedPoints > 0) {
    const values = [...topics, ...categories].sort(byPoints).map(([value]) => value);
    reasons.push({
      kind: 'searched',
      text: `Matches your searches for ${named(values, labelOf)}`,
      points: searchedPoints,
    });
  }
  const places = matched(profile.locations, creator.locationKeys);
  if (places.length > 0) {
    reasons.push({
      kind: 'location',
      text: `audience in ${named(
        places.map(([key]) => key),
        placeName,
      )}`,
      points: sum(places) * WEIGHT_SEARCHED_LOCATION,
    });
  }
  const platforms = matched(profile.platforms, creator.platforms);
  if (platforms.length > 0) {
    reasons.push({
      kind: 'platform',
      text: `on ${named(
        platforms.map(([value]) => value),
        labelOf,
      )}`,
      points: sum(platforms) * WEIGHT_SEARCHED_PLATFORM,
    });
  }
  const interests = (profile.interests ?? []).filter((interest) =>
    categoriesOfInterest(interest).some((value) => creator.adCategories.includes(value)),
  );
  if (interests.length > 0) {
    reasons.push({
      kind: 'interest',
      text: `In ${named(interests, (i) => i)}, which you picked`,
      points: interests.length * WEIGHT_PICKED_INTEREST,
    });
  }
  const alike = listedTraits
    .filter(
      (listed) =>
        listed.id !== creator.id &&
        (listed.adCategories.some((v) => creator.adCategories.includes(v)) ||
          listed.pageContentCategory.some((v) => creator.pageContentCategory.includes(v))),
    )
    .slice(0, LIKE_LISTED_CAP);
  if (alike.length > 0) {
    reasons.push({
      kind: 'listed',
      text: `Like ${named(
        alike.map((c) => c.ownerName),
        (n) => n,
      )} in your list`,
      points: alike.length * WEIGHT_LIKE_LISTED,
    });
  }
  const band = priceBandOf(listedTraits);
  if (band !== null && creator.pricing.reel !== null && creator.pricing.reel < band) {
    reasons.push({ kind: 'price', text: `Reel under ${rupees(band)}`, points: WEIGHT_PRICE_BAND });
  }
  const popularity = Math.round(creator.rank * WEIGHT_POPULARITY * 1000) / 1000;
  if (reasons.length === 0) {
    reasons.push({
      kind: 'popular',
      text: creator.verified ? 'Popular verified creator' : 'Popular creator',
      points: popularity,
    });
    return { id: creator.id, score: popularity, reasons };
  }
  const score = reasons.reduce((total, reason) => total + reason.points, popularity);
  return { id: creator.id, score: Math.round(score * 1000) / 1000, reasons };
};

/** The reasons as the card shows them: "Matches your searches for Fashion · audience in Mumbai". */
export const reasonText = (reasons: readonly MatchReason[]): string =>
  reasonLine(reasons.map((reason) => reason.text));

/** Higher score first, then the directory's rank, then the id: a stable, total order. */
export const compareMatches =
  (rankOf: (id: string) => number) =>
  (a: Match, b: Match): number =>
    b.score - a.score || rankOf(b.id) - rankOf(a.id) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every candidate scored and ordered (the directory's Best match for you: nobody is left out). */
export const orderByMatch = (
  context: ScoringContext,
  candidates: readonly CreatorTraits[],
): Match[] => {
  const ranks = new Map(candidates.map((c) => [c.id, c.rank]));
  return candidates
    .map((candidate) => scoreCreator(context, candidate))
    .sort(compareMatches((id) => ranks.get(id) ?? 0));
};

/**
 * "Recommended for you": the best `limit` verified creators not in the brand's list (nor the
 * brand itself), each once, with their reasons.
 */
export const recommend = (
  context: ScoringContext,
  candidates: readonly CreatorTraits[],
  limit: number,
): Match[] => {
  const excluded = new Set([context.profile.id, ...context.profile.listed]);
  const seen = new Set<string>();
  const eligible = candidates.filter((c) => {
    if (!c.verified || excluded.has(c.id) || seen.has(c.id)) return false;
    seen.add(c.id);
    return true;
  });
  return orderByMatch(context, eligible).slice(0, limit);
};

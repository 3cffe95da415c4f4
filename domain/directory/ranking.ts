/**
 * The directory's default order (docs/product-spec.md section 1's promises): a creator's reach, weighed by the
 * visibility bar (basic 40 %, complete 100 %, verified 150 %) and by the boost of a new
 * creator's first 30 days. When searching, relevance comes first and this orders each tier.
 *
 * Reach grows with the logarithm of followers, so ten times the followers adds one point: a
 * verified creator with 10,000 followers (1.5 x 5.0 = 7.5) ranks above a basic profile with ten
 * million (0.4 x 8.0 = 3.2), and a complete one with a million (1.0 x 7.0 = 7.0) just below.
 * The rank is kept in the read model: it changes only with the profile and with the boost's end
 * (an event, NewCreatorBoostEnded), so the order is an index, not a computation per query.
 */
import { VISIBILITY_PERCENT, type VisibilityLevel } from './visibility.ts';

export const NEW_CREATOR_BOOST_DAYS = 30;
export const NEW_CREATOR_BOOST_MS = NEW_CREATOR_BOOST_DAYS * 24 * 60 * 60 * 1000;
/** How much a new creator's rank is raised during the first 30 days. */
export const NEW_CREATOR_BOOST = 1.5;

/** 1 + log10(1 + followers): 1 with no followers, 5 at ten thousand, 7 at a million. */
export const reachScore = (followers: number): number => 1 + Math.log10(1 + Math.max(0, followers));

/** When a creator who signed up at `registeredAt` stops being boosted. */
export const boostEndsAt = (registeredAt: string): string =>
  new Date(Date.parse(registeredAt) + NEW_CREATOR_BOOST_MS).toISOString();

export const rankOf = (creator: {
  visibility: VisibilityLevel;
  followers: number;
  boosted: boolean;
}): number => {
  const score =
    reachScore(creator.followers) *
    (VISIBILITY_PERCENT[creator.visibility] / 100) *
    (creator.boosted ? NEW_CREATOR_BOOST : 1);
  // Rounded, so both read stores (and the reference order) compare exactly the same numbers.
  return Math.round(score * 1e6) / 1e6;
};

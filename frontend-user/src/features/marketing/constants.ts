/**
 * The business numbers the marketing pages quote (docs/product-spec.md sections 1, 3 and 9). How LinkCoins work
 * is the wallet's (`features/wallet/linkcoin-rules.ts`, also in the purchase dialog); prices and
 * packages are the domain's (`@linkcoin/domain/wallet/pricing.ts`).
 */

export const FOUNDED_YEAR = 2025;

export type PlatformStat = { value: string; label: string };

/** The platform's headline numbers (docs/product-spec.md section 9). */
export const PLATFORM_STATS: readonly PlatformStat[] = [
  { value: '150+', label: 'Verified creators' },
  { value: '50+', label: 'Successful campaigns' },
  { value: '30+', label: 'Industry verticals' },
  { value: '98%', label: 'Satisfaction rate' },
];

/** Launch offer for brands. */
export const FREE_TRIAL_DAYS = 7;

/** Creators who join early get their profile boosted for this many days. */
export const PROFILE_BOOST_DAYS = 30;

export type VisibilityLevel = { label: string; percent: number };

/** How visible a creator is in search, by how complete their profile is. */
export const VISIBILITY_LEVELS: readonly VisibilityLevel[] = [
  { label: 'Basic profile', percent: 40 },
  { label: 'Complete profile', percent: 100 },
  { label: 'Verified profile', percent: 150 },
];

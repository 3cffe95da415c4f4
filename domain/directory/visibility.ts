/**
 * The visibility bar of docs/product-spec.md section 1: a basic profile is listed at 40 %, a complete one at
 * 100 %, a verified one at 150 %. Complete means every part of the wizard a brand looks at is
 * filled in; verified means complete with at least one account verified (Instagram by code,
 * YouTube by sign-in). Past posts (promotions) are welcome but not required.
 */
import type { ProfileState } from '../profiles/profile.ts';

export const VISIBILITY_LEVELS = ['basic', 'complete', 'verified'] as const;
export type VisibilityLevel = (typeof VISIBILITY_LEVELS)[number];

/** docs/product-spec.md section 1: how much each level weighs in the directory's default order. */
export const VISIBILITY_PERCENT: Readonly<Record<VisibilityLevel, number>> = {
  basic: 40,
  complete: 100,
  verified: 150,
};

export type VisibilityRequirement = Readonly<{
  key: string;
  /** What the wizard tells the creator to do. */
  label: string;
  met: (profile: ProfileState) => boolean;
}>;

const filled = (text: string) => text.trim().length > 0;

/** What a complete profile has. */
export const COMPLETE_PROFILE: readonly VisibilityRequirement[] = [
  {
    key: 'profilePicUrl',
    label: 'Add a profile picture',
    met: (p) => filled(p.profilePicUrl),
  },
  {
    key: 'description',
    label: 'Describe your page',
    met: (p) => filled(p.personal.description),
  },
  {
    key: 'socialMediaPlatforms',
    label: 'Choose the platforms you post on',
    met: (p) => p.platforms.length > 0,
  },
  {
    key: 'profileDetails',
    label: 'Add a social media account with its followers',
    met: (p) => p.accounts.length > 0,
  },
  {
    key: 'adCategories',
    label: 'Choose the ad categories you promote',
    met: (p) => p.adCategories.length > 0,
  },
  {
    key: 'pageContentCategory',
    label: 'Choose the topics of your content',
    met: (p) => p.pageContentCategory.length > 0,
  },
  {
    key: 'averageAudienceType',
    label: 'Describe your average audience',
    met: (p) => p.averageAudienceType.length > 0,
  },
  {
    key: 'averageLocationOfAudience',
    label: 'Add where your audience lives',
    met: (p) => p.averageLocationOfAudience.length > 0,
  },
  {
    key: 'pricing',
    label: 'Set your prices for a Story Post, a Feed Post and a Reel',
    met: (p) =>
      p.pricing.storyPost !== null && p.pricing.feedPost !== null && p.pricing.reel !== null,
  },
];

/** What a verified profile has on top of a complete one. */
export const VERIFIED_PROFILE: readonly VisibilityRequirement[] = [
  {
    key: 'verifiedAccount',
    label: 'Verify your Instagram or YouTube account',
    met: (p) => p.accounts.some((account) => account.verifiedBy !== null),
  },
];

export type Visibility = Readonly<{
  level: VisibilityLevel;
  percent: number;
  /** The next level up, or null at the top. */
  next: VisibilityLevel | null;
  /** What the creator still has to do to reach `next` (empty at the top). */
  missing: readonly Readonly<{ key: string; label: string }>[];
}>;

/**
 * The level on the visibility bar, given which requirements hold: the lowest level whose
 * requirements are not all met, and those requirements. One ladder for every reader: the
 * directory checks the profile's state, the wizard the saved profile the API answers.
 */
export const visibilityFrom = (
  isMet: (requirement: VisibilityRequirement) => boolean,
): Visibility => {
  const unmet = (requirements: readonly VisibilityRequirement[]) =>
    requirements
      .filter((requirement) => !isMet(requirement))
      .map(({ key, label }) => ({ key, label }));
  const forComplete = unmet(COMPLETE_PROFILE);
  if (forComplete.length > 0) {
    return {
      level: 'basic',
      percent: VISIBILITY_PERCENT.basic,
      next: 'complete',
      missing: forComplete,
    };
  }
  const forVerified = unmet(VERIFIED_PROFILE);
  if (forVerified.length > 0) {
    return {
      level: 'complete',
      percent: VISIBILITY_PERCENT.complete,
      next: 'verified',
      missing: forVerified,
    };
  }
  return { level: 'verified', percent: VISIBILITY_PERCENT.verified, next: null, missing: [] };
};

export const visibilityOf = (profile: ProfileState): Visibility =>
  visibilityFrom((requirement) => requirement.met(profile));

/** The level alone (`visibilityOf(profile).level`), without listing what is missing. */
export const visibilityLevelOf = (profile: ProfileState): VisibilityLevel =>
  !COMPLETE_PROFILE.every((requirement) => requirement.met(profile))
    ? 'basic'
    : VERIFIED_PROFILE.every((requirement) => requirement.met(profile))
      ? 'verified'
      : 'complete';

/** A standing as the API answers it: the next level with its percentage. */
export const visibilityAnswer = (standing: Visibility) => ({
  level: standing.level,
  percent: standing.percent,
  next: standing.next ? { level: standing.next, percent: VISIBILITY_PERCENT[standing.next] } : null,
  missing: standing.missing,
});

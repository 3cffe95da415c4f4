import type { ProfileView } from '@linkcoin/domain/profiles/contracts.ts';

/*
 * The visibility bar of spec section 1 as the wizard shows it to a creator: a basic profile is
 * listed at 40 %, a complete one at 100 %, a verified one at 150 %. The rule is the directory's
 * (domain/directory/visibility.ts, which ranks the directory by it); this reads it off the saved
 * profile the wizard holds, so the card follows every save at once.
 */

export const VISIBILITY_LEVELS = ['basic', 'complete', 'verified'] as const;
export type VisibilityLevel = (typeof VISIBILITY_LEVELS)[number];

export const VISIBILITY_PERCENT: Readonly<Record<VisibilityLevel, number>> = {
  basic: 40,
  complete: 100,
  verified: 150,
};

export const VISIBILITY_LABELS: Readonly<Record<VisibilityLevel, string>> = {
  basic: 'Basic profile',
  complete: 'Complete profile',
  verified: 'Verified profile',
};

type Requirement = Readonly<{ key: string; label: string; met: (profile: ProfileView) => boolean }>;

const filled = (text: string) => text.trim().length > 0;

/** What a complete profile has (the directory's COMPLETE_PROFILE, key for key). */
export const COMPLETE_PROFILE: readonly Requirement[] = [
  { key: 'profilePicUrl', label: 'Add a profile picture', met: (p) => filled(p.profilePicUrl) },
  { key: 'description', label: 'Describe your page', met: (p) => filled(p.description) },
  {
    key: 'socialMediaPlatforms',
    label: 'Choose the platforms you post on',
    met: (p) => p.socialMediaPlatforms.length > 0,
  },
  {
    key: 'profileDetails',
    label: 'Add a social media account with its followers',
    met: (p) => p.profileDetails.length > 0,
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
export const VERIFIED_PROFILE: readonly Requirement[] = [
  {
    key: 'verifiedAccount',
    label: 'Verify your Instagram or YouTube account',
    met: (p) => p.profileDetails.some((account) => account.verifiedBy !== null),
  },
];

export type Visibility = Readonly<{
  level: VisibilityLevel;
  percent: number;
  /** The next level up, or null at the top. */
  next: VisibilityLevel | null;
  /** What would raise the level to `next` (empty at the top). */
  missing: readonly Readonly<{ key: string; label: string }>[];
}>;

const unmet = (requirements: readonly Requirement[], profile: ProfileView) =>
  requirements.filter((r) => !r.met(profile)).map(({ key, label }) => ({ key, label }));

export function visibilityOfProfile(profile: ProfileView): Visibility {
  const forComplete = unmet(COMPLETE_PROFILE, profile);
  if (forComplete.length > 0) {
    return {
      level: 'basic',
      percent: VISIBILITY_PERCENT.basic,
      next: 'complete',
      missing: forComplete,
    };
  }
  const forVerified = unmet(VERIFIED_PROFILE, profile);
  if (forVerified.length > 0) {
    return {
      level: 'complete',
      percent: VISIBILITY_PERCENT.complete,
      next: 'verified',
      missing: forVerified,
    };
  }
  return { level: 'verified', percent: VISIBILITY_PERCENT.verified, next: null, missing: [] };
}

import {
  VISIBILITY_LEVELS,
  VISIBILITY_PERCENT,
  visibilityFrom,
  type Visibility,
  type VisibilityLevel,
} from '@linkcoin/domain/directory/visibility.ts';
import type { ProfileView } from '@linkcoin/domain/profiles/contracts.ts';

/*
 * The visibility bar of docs/product-spec.md section 1 as the wizard shows it to a creator: a basic profile is
 * listed at 40 %, a complete one at 100 %, a verified one at 150 %. The requirements, their
 * labels and the percentages are the directory's (domain/directory/visibility.ts, which ranks the
 * directory by them); the domain checks them on the profile's state, this on the saved profile
 * the wizard holds (the same fields as the API shows them), so the card follows every save at once.
 */

export { VISIBILITY_LEVELS, VISIBILITY_PERCENT, type Visibility, type VisibilityLevel };

export const VISIBILITY_LABELS: Readonly<Record<VisibilityLevel, string>> = {
  basic: 'Basic profile',
  complete: 'Complete profile',
  verified: 'Verified profile',
};

const filled = (text: string) => text.trim().length > 0;

/** Each requirement of the domain, checked on the profile as the API answers it. */
export const VIEW_CHECKS: Readonly<Record<string, (profile: ProfileView) => boolean>> = {
  profilePicUrl: (p) => filled(p.profilePicUrl),
  description: (p) => filled(p.description),
  socialMediaPlatforms: (p) => p.socialMediaPlatforms.length > 0,
  profileDetails: (p) => p.profileDetails.length > 0,
  adCategories: (p) => p.adCategories.length > 0,
  pageContentCategory: (p) => p.pageContentCategory.length > 0,
  averageAudienceType: (p) => p.averageAudienceType.length > 0,
  averageLocationOfAudience: (p) => p.averageLocationOfAudience.length > 0,
  pricing: (p) =>
    p.pricing.storyPost !== null && p.pricing.feedPost !== null && p.pricing.reel !== null,
  verifiedAccount: (p) => p.profileDetails.some((account) => account.verifiedBy !== null),
};

/** Where a saved profile stands on the visibility bar, and what would raise it. */
export const visibilityOfProfile = (profile: ProfileView): Visibility =>
  // A requirement this app does not know yet counts as unmet: never a level too high.
  visibilityFrom((requirement) => VIEW_CHECKS[requirement.key]?.(profile) ?? false);

import type { DirectoryItem } from '@linkcoin/domain/directory/contracts.ts';
import type { DirectoryEntry } from '@linkcoin/domain/directory/entry.ts';
import { publicMedia } from '@linkcoin/domain/profiles/public-media.ts';
import type { ImageUrlRule } from '@linkcoin/domain/uploads/urls.ts';

/**
 * A creator as the directory shows them: the public profile's fields (their media by the rule
 * the profile view uses, `publicMedia`) without any contact field, plus the card's figures.
 */
export const directoryItem = (entry: DirectoryEntry, isOurImage: ImageUrlRule): DirectoryItem => {
  const { profilePicUrl, profileDetails, pastPosts } = publicMedia(entry, isOurImage);
  return {
    _id: entry.id,
    ownerName: entry.ownerName,
    companyName: null,
    handle: entry.handle,
    role: 'influencer',
    description: entry.description,
    profilePicUrl,
    socialMediaPlatforms: entry.socialMediaPlatforms,
    profileDetails,
    adCategories: entry.adCategories,
    pageContentCategory: entry.pageContentCategory,
    averageAudienceType: entry.averageAudienceType,
    averageLocationOfAudience: entry.averageLocationOfAudience,
    pricing: entry.pricing,
    pastPosts,
    promotions: pastPosts.length,
    isOnline: entry.isOnline,
    createdAt: entry.registeredAt,
    updatedAt: entry.updatedAt,
    followers: entry.followers,
    followersLabel: entry.followersLabel,
    instagramFollowers: entry.instagramFollowers,
    instagramFollowersLabel: entry.instagramFollowersLabel,
    verified: entry.verified,
    verifiedPlatforms: entry.verifiedPlatforms,
    visibility: entry.visibility,
    isNew: entry.boosted,
    earlyAdopter: entry.earlyAdopter,
    replyHours: entry.replyHours,
    demo: entry.demo,
  };
};

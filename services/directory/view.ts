import type { DirectoryItem } from '@linkcoin/domain/directory/contracts.ts';
import type { DirectoryEntry } from '@linkcoin/domain/directory/entry.ts';
import { takesVideoLink } from '@linkcoin/domain/profiles/media.ts';
import { isSafeHttpUrl } from '@linkcoin/domain/shared/links.ts';
import type { ImageUrlRule } from '@linkcoin/domain/uploads/urls.ts';

/**
 * A creator as the directory shows them: the public profile's fields (as the profile view
 * shows them: pictures only from our upload storage, links only when safe, image posts only with
 * an image of ours) without any contact field, plus the card's figures.
 */
export const directoryItem = (entry: DirectoryEntry, isOurImage: ImageUrlRule): DirectoryItem => {
  const picture = (url: string) => (isOurImage(url) ? url : '');
  const link = (url: string) => (isSafeHttpUrl(url) ? url : '');
  const pastPosts = entry.pastPosts.filter((post) =>
    takesVideoLink(post.platform) ? isSafeHttpUrl(post.postLink) : isOurImage(post.postLink),
  );
  return {
    _id: entry.id,
    ownerName: entry.ownerName,
    companyName: null,
    handle: entry.handle,
    role: 'influencer',
    description: entry.description,
    profilePicUrl: picture(entry.profilePicUrl),
    socialMediaPlatforms: entry.socialMediaPlatforms,
    profileDetails: entry.profileDetails.map((account) => ({
      ...account,
      profilePicUrl: link(account.profilePicUrl),
      profileDashboardPic: picture(account.profileDashboardPic),
    })),
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
    demo: entry.demo,
  };
};

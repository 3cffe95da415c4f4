/**
 * What of a creator's media anyone may be shown, one rule for the profile view and the
 * directory: pictures only from our upload storage (`isOurImage`), links only when they are safe
 * http(s) addresses, and image posts only with an image of ours (a video post needs a safe link).
 * Media stored before the server checked them are not served when they fail today's rules; the
 * owner's next save then stores the profile without them.
 */
import { isSafeHttpUrl } from '../shared/links.ts';
import type { ImageUrlRule } from '../uploads/urls.ts';
import { takesVideoLink } from './media.ts';

type AccountMedia = Readonly<{ profilePicUrl: string; profileDashboardPic: string }>;
type PostMedia = Readonly<{ platform: string; postLink: string }>;

export const publicMedia = <A extends AccountMedia, P extends PostMedia>(
  media: Readonly<{
    profilePicUrl: string;
    profileDetails: readonly A[];
    pastPosts: readonly P[];
  }>,
  isOurImage: ImageUrlRule,
) => {
  const picture = (url: string) => (isOurImage(url) ? url : '');
  const link = (url: string) => (isSafeHttpUrl(url) ? url : '');
  return {
    profilePicUrl: picture(media.profilePicUrl),
    profileDetails: media.profileDetails.map((account) => ({
      ...account,
      profilePicUrl: link(account.profilePicUrl),
      profileDashboardPic: picture(account.profileDashboardPic),
    })),
    pastPosts: media.pastPosts.filter((post) =>
      takesVideoLink(post.platform) ? isSafeHttpUrl(post.postLink) : isOurImage(post.postLink),
    ),
  };
};

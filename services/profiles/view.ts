import type { ProfileView } from '@linkcoin/domain/profiles/contracts.ts';
import { takesVideoLink } from '@linkcoin/domain/profiles/media.ts';
import { isSafeHttpUrl } from '@linkcoin/domain/shared/links.ts';
import type { ImageUrlRule } from '@linkcoin/domain/uploads/urls.ts';
import type { ProfileDoc } from './projection.ts';
import { isAdmin, type Principal } from '../platform/http/endpoint.ts';

/** Whether a viewer sees a profile's e-mail, mobile, WhatsApp and balance: its owner, admins. */
export const showsContactTo = (viewer: Principal | null, profileId: string): boolean =>
  viewer !== null && (viewer.userId === profileId || isAdmin(viewer));

/**
 * Whether anyone may see a profile: not an admin's account (role, presence and the rest are the
 * desk's business); its owner and other admins still do (`showsContactTo`).
 */
export const isPublicProfile = (doc: Pick<ProfileDoc, 'roles'>): boolean =>
  !doc.roles.includes('admin');

/**
 * A profile as a viewer may see it: with the contact fields and the balance (`withContact`, see
 * `showsContactTo`) or without.
 *
 * Links and pictures stored before the server checked them are not served when they fail
 * today's rules: a picture that is not a file of our upload storage (`isOurImage`) is shown as
 * none, a link that is not a safe http(s) address as none, and an image post without an image of
 * ours is left out (it had nothing to show but an outside picture). The owner's next save then
 * stores the profile without them.
 */
export const profileView = (
  doc: ProfileDoc,
  withContact: boolean,
  isOurImage: ImageUrlRule,
): ProfileView => {
  const private_ = withContact;
  const picture = (url: string) => (isOurImage(url) ? url : '');
  const link = (url: string) => (isSafeHttpUrl(url) ? url : '');
  const pastPosts = doc.pastPosts.filter((post) =>
    takesVideoLink(post.platform) ? isSafeHttpUrl(post.postLink) : isOurImage(post.postLink),
  );
  return {
    _id: doc.id,
    ownerName: doc.ownerName,
    // Only brands have a company.
    companyName: doc.role === 'user' ? doc.companyName : null,
    handle: doc.handle,
    email: private_ ? doc.email : null,
    mobile: private_ ? doc.mobile : null,
    whatsapp: private_ ? doc.whatsapp : null,
    role: doc.role,
    description: doc.description,
    profilePicUrl: picture(doc.profilePicUrl),
    socialMediaPlatforms: doc.socialMediaPlatforms,
    profileDetails: doc.profileDetails.map((account) => ({
      ...account,
      profilePicUrl: link(account.profilePicUrl),
      profileDashboardPic: picture(account.profileDashboardPic),
    })),
    adCategories: doc.adCategories,
    pageContentCategory: doc.pageContentCategory,
    averageAudienceType: doc.averageAudienceType,
    averageLocationOfAudience: doc.averageLocationOfAudience,
    pricing: doc.pricing,
    pastPosts,
    promotions: pastPosts.length,
    // Presence arrives with the chat gateway; until then nobody is shown online.
    isOnline: false,
    linkCoins: private_ ? 0 : null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
};

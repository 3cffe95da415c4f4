import type { ProfileView } from '@linkcoin/domain/profiles/contracts.ts';
import type { ProfileDoc } from './projection.ts';
import { isAdmin, type Principal } from '../http/endpoint.ts';

/**
 * A profile as one viewer may see it: e-mail, mobile, WhatsApp and the balance only for the
 * owner and for admins.
 */
export const profileView = (doc: ProfileDoc, viewer: Principal | null): ProfileView => {
  const private_ = viewer !== null && (viewer.userId === doc.id || isAdmin(viewer));
  return {
    _id: doc.id,
    ownerName: doc.ownerName,
    email: private_ ? doc.email : null,
    mobile: private_ ? doc.mobile : null,
    whatsapp: private_ ? doc.whatsapp : null,
    role: doc.role,
    description: doc.description,
    profilePicUrl: doc.profilePicUrl,
    socialMediaPlatforms: doc.socialMediaPlatforms,
    profileDetails: doc.profileDetails,
    adCategories: doc.adCategories,
    pageContentCategory: doc.pageContentCategory,
    averageAudienceType: doc.averageAudienceType,
    averageLocationOfAudience: doc.averageLocationOfAudience,
    pricing: doc.pricing,
    pastPosts: doc.pastPosts,
    promotions: doc.pastPosts.length,
    // Presence arrives with the chat gateway; until then nobody is shown online.
    isOnline: false,
    linkCoins: private_ ? 0 : null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
};

import type { ProfileView } from '@linkcoin/domain/profiles/contracts.ts';
import { publicMedia } from '@linkcoin/domain/profiles/public-media.ts';
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
 * `showsContactTo`) or without. Its media follow `publicMedia` (the directory's rule too). The
 * balance is the wallet's and moves without the profile: this view holds `BALANCE_SLOT`, which
 * the handler fills at every read (`withBalance`).
 */
/** Where the owner's balance goes in the view's JSON text (a number no balance can be). */
export const BALANCE_SLOT = -1;

/** The view's JSON text with the balance in its slot (a view without the slot is left alone). */
export const withBalance = (json: string, balance: number): string =>
  json.replace(`"linkCoins":${BALANCE_SLOT},`, `"linkCoins":${balance},`);

/** The answer to a profile read (`GET pageowners/user/:userId`) around the view's JSON text. */
export const readAnswer = (viewJson: string): string => `{"success":true,"data":${viewJson}}`;

export const profileView = (
  doc: ProfileDoc,
  withContact: boolean,
  isOurImage: ImageUrlRule,
): ProfileView => {
  const private_ = withContact;
  const { profilePicUrl, profileDetails, pastPosts } = publicMedia(doc, isOurImage);
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
    profilePicUrl,
    socialMediaPlatforms: doc.socialMediaPlatforms,
    profileDetails,
    adCategories: doc.adCategories,
    pageContentCategory: doc.pageContentCategory,
    averageAudienceType: doc.averageAudienceType,
    averageLocationOfAudience: doc.averageLocationOfAudience,
    pricing: doc.pricing,
    pastPosts,
    promotions: pastPosts.length,
    // Presence is told only to a user's contacts, on the chat socket (`presence` events, see
    // services/messaging/presence.ts); a profile anyone may read shows nobody online.
    isOnline: false,
    earlyAdopter: doc.earlyAdopter,
    replyHours: doc.role === 'influencer' ? doc.replyHours : null,
    linkCoins: private_ ? BALANCE_SLOT : null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
};

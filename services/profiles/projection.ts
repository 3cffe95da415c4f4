import { cleanName } from '@linkcoin/domain/shared/names.ts';
import type { AccountEvent } from '@linkcoin/domain/accounts/account.ts';
import type { EarlyAdopterBadgeAwarded } from '@linkcoin/domain/directory/early-adopters.ts';
import type { ReplyTimeChanged } from '@linkcoin/domain/directory/listing.ts';
import type { Role } from '@linkcoin/domain/accounts/roles.ts';
import type { ProfileContent } from '@linkcoin/domain/profiles/contracts.ts';
import { legacyOwnerName, primaryHandle } from '@linkcoin/domain/profiles/names.ts';
import {
  PROFILE_EVENT_TYPES,
  socialAccountView,
  type ProfileEvent,
} from '@linkcoin/domain/profiles/profile.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

/** A user's profile as stored: the API hides the contact fields from other people. */
export type ProfileDoc = {
  id: string;
  /** The person's name: registered, or changed since (names.ts). */
  ownerName: string;
  /** A brand's company name. */
  companyName: string | null;
  /** A handle the old wizard stored as the name (names.ts). */
  legacyHandle: string | null;
  /** The handle shown beside the name. */
  handle: string | null;
  email: string;
  mobile: string;
  whatsapp: string;
  role: Role;
  roles: Role[];
} & ProfileContent & {
    /** Derived for listing and filtering: the largest follower count of any account. */
    maxFollowers: number;
    /** The spec's card shows Instagram followers: the largest Instagram account's count. */
    instagramFollowers: number;
    verified: boolean;
    /** One of the marketplace's first creators (EarlyAdopterBadgeAwarded). */
    earlyAdopter: boolean;
    /** The usual first reply in hours (ReplyTimeChanged), or null. */
    replyHours: number | null;
    /** The accounts' handles, searched with the name. */
    handles: string[];
    createdAt: string;
    updatedAt: string;
  };

export const PROFILES = 'profiles';

/**
 * Sets the derived fields of a profile just made by its caller (a new object nobody else holds):
 * set in place, so a save copies the document once, not twice. Each field keeps its place.
 */
const derive = (doc: ProfileDoc): ProfileDoc => {
  doc.maxFollowers = Math.max(0, ...doc.profileDetails.map((a) => a.followersCount));
  doc.instagramFollowers = Math.max(
    0,
    ...doc.profileDetails.filter((a) => a.platform === 'instagram').map((a) => a.followersCount),
  );
  doc.verified = doc.profileDetails.some((a) => a.verified);
  doc.handles = [
    ...doc.profileDetails.map((a) => a.profileName),
    ...(doc.legacyHandle ? [doc.legacyHandle] : []),
  ];
  doc.handle = primaryHandle(doc.profileDetails, doc.legacyHandle, doc.ownerName);
  return doc;
};

/** How one profile event changes the stored profile. */
export const evolveProfileDoc = (doc: ProfileDoc, event: ProfileEvent, at: string): ProfileDoc => {
  const next = (changes: Partial<ProfileDoc>) => derive({ ...doc, ...changes, updatedAt: at });
  switch (event.type) {
    case 'PersonalDetailsUpdated': {
      const legacy = legacyOwnerName(event.data.ownerName);
      return next({
        ownerName: legacy.ownerName ?? doc.ownerName,
        legacyHandle: legacy.legacyHandle ?? doc.legacyHandle,
        mobile: event.data.mobile,
        whatsapp: event.data.whatsapp,
        description: event.data.description,
      });
    }
    case 'OwnerNameChanged':
      return next({ ownerName: cleanName(event.data.ownerName) });
    case 'CompanyNameChanged':
      return next({ companyName: event.data.companyName });
    case 'ProfilePictureChanged':
      return next({ profilePicUrl: event.data.profilePicUrl });
    case 'PlatformsChosen':
      return next({ socialMediaPlatforms: event.data.platforms });
    case 'CategoriesChosen':
      return next(event.data);
    case 'AudienceDescribed':
      return next(event.data);
    case 'PricingSet':
      return next({ pricing: event.data });
    case 'SocialAccountAdded':
      return next({
        profileDetails: [...doc.profileDetails, socialAccountView(event.data.account)],
      });
    case 'SocialAccountUpdated':
      return next({
        profileDetails: doc.profileDetails.map((a) =>
          a.id === event.data.account.id
            ? {
                ...socialAccountView(event.data.account),
                verified: a.verified,
                verifiedBy: a.verifiedBy,
              }
            : a,
        ),
      });
    case 'SocialAccountRemoved':
      return next({
        profileDetails: doc.profileDetails.filter((a) => a.id !== event.data.accountId),
      });
    case 'SocialAccountVerified':
      return next({
        profileDetails: doc.profileDetails.map((a) =>
          a.id === event.data.accountId
            ? {
                ...a,
                verified: true,
                verifiedBy: event.data.method,
                ...(event.data.followers !== null
                  ? {
                      followers: event.data.followers,
                      followersCount:
                        typeof event.data.followers === 'number'
                          ? event.data.followers
                          : a.followersCount,
                    }
                  : {}),
              }
            : a,
        ),
      });
    case 'SocialAccountVerificationWithdrawn':
      return next({
        profileDetails: doc.profileDetails.map((a) =>
          a.id === event.data.accountId ? { ...a, verified: false, verifiedBy: null } : a,
        ),
      });
    case 'PastPostAdded':
      return next({ pastPosts: [...doc.pastPosts, event.data.post] });
    case 'PastPostUpdated':
      return next({
        pastPosts: doc.pastPosts.map((p) => (p.id === event.data.post.id ? event.data.post : p)),
      });
    case 'PastPostRemoved':
      return next({ pastPosts: doc.pastPosts.filter((p) => p.id !== event.data.postId) });
    case 'PastPostsOrdered': {
      const byId = new Map(doc.pastPosts.map((p) => [p.id, p]));
      return next({
        pastPosts: event.data.postIds.flatMap((id) => {
          const post = byId.get(id);
          return post ? [post] : [];
        }),
      });
    }
  }
};

const PROFILE_EVENTS = PROFILE_EVENT_TYPES;

export const profilesProjection: Projection = {
  name: 'profiles',
  // 2: names recorded before they were checked are stored clean (cleanName). 3: names and
  // handles apart (OwnerNameChanged, CompanyNameChanged, the legacy rule). 4: the
  // early-adopter badge and the usual reply time.
  version: 4,
  collections: [
    {
      name: PROFILES,
      indexes: [
        { fields: ['role', 'updatedAt'] },
        { fields: ['role', 'maxFollowers'] },
        { fields: ['role', 'instagramFollowers'] },
      ],
      textSearch: ['ownerName', 'handles'],
    },
  ],
  eventTypes: [
    'AccountRegistered',
    'RoleGranted',
    'RoleRevoked',
    ...PROFILE_EVENTS,
    'EarlyAdopterBadgeAwarded',
    'ReplyTimeChanged',
  ],
  apply: async (recorded, tx) => {
    if (recorded.type === 'ReplyTimeChanged') {
      const { userId, replyHours } = (recorded as RecordedEvent<ReplyTimeChanged>).data;
      const doc = await tx.get<ProfileDoc>(PROFILES, userId);
      if (doc) await tx.put<ProfileDoc>(PROFILES, userId, { ...doc, replyHours });
      return;
    }
    if (recorded.type === 'EarlyAdopterBadgeAwarded') {
      const { userId } = (recorded as RecordedEvent<EarlyAdopterBadgeAwarded>).data;
      const doc = await tx.get<ProfileDoc>(PROFILES, userId);
      if (doc && !doc.earlyAdopter)
        await tx.put<ProfileDoc>(PROFILES, userId, { ...doc, earlyAdopter: true });
      return;
    }
    if (
      recorded.type === 'AccountRegistered' ||
      recorded.type === 'RoleGranted' ||
      recorded.type === 'RoleRevoked'
    ) {
      const event = recorded as RecordedEvent<AccountEvent>;
      if (event.type === 'AccountRegistered') {
        const { data } = event;
        await tx.put<ProfileDoc>(
          PROFILES,
          data.userId,
          derive({
            id: data.userId,
            ownerName: cleanName(data.ownerName),
            companyName: data.companyName ?? null,
            legacyHandle: null,
            handle: null,
            email: data.email,
            mobile: data.mobile,
            whatsapp: '',
            role: data.role,
            roles: [data.role],
            description: '',
            profilePicUrl: '',
            socialMediaPlatforms: [],
            profileDetails: [],
            adCategories: [],
            pageContentCategory: [],
            averageAudienceType: [],
            averageLocationOfAudience: [],
            pricing: { storyPost: null, feedPost: null, reel: null },
            pastPosts: [],
            maxFollowers: 0,
            instagramFollowers: 0,
            verified: false,
            earlyAdopter: false,
            replyHours: null,
            handles: [],
            createdAt: data.registeredAt,
            updatedAt: data.registeredAt,
          }),
        );
      } else if (event.type === 'RoleGranted') {
        const doc = await tx.get<ProfileDoc>(PROFILES, event.data.userId);
        if (doc && !doc.roles.includes(event.data.role)) {
          await tx.put<ProfileDoc>(PROFILES, doc.id, {
            ...doc,
            roles: [...doc.roles, event.data.role],
          });
        }
      } else if (event.type === 'RoleRevoked') {
        const doc = await tx.get<ProfileDoc>(PROFILES, event.data.userId);
        if (doc?.roles.includes(event.data.role)) {
          await tx.put<ProfileDoc>(PROFILES, doc.id, {
            ...doc,
            roles: doc.roles.filter((role) => role !== event.data.role),
          });
        }
      }
      return;
    }
    const userId = recorded.streamId.slice('profile-'.length);
    const doc = await tx.get<ProfileDoc>(PROFILES, userId);
    if (!doc) return; // a profile stream always follows its account's registration
    await tx.put<ProfileDoc>(
      PROFILES,
      userId,
      evolveProfileDoc(doc, recorded as RecordedEvent<ProfileEvent>, recorded.metadata.timestamp),
    );
  },
};

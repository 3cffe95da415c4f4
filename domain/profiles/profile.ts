import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { cleanName } from '../shared/names.ts';
import type { Command, Event } from '../shared/messages.ts';
import type { ProfileUpdate, Pricing, SocialAccountView } from './contracts.ts';
import { PROFILE_MESSAGES } from './contracts.ts';
import { followersCount, type Followers } from './followers.ts';
import { companyNameOf, legacyOwnerName } from './names.ts';
import { normalizeHandle } from '../verification/handles.ts';
import { sameList } from '../shared/lists.ts';

export const profileStreamId = (userId: string): string => `profile-${userId}`;

export type VerificationMethod = 'instagram_otp' | 'youtube_oauth';

export type SocialAccount = Readonly<{
  id: string;
  platform: string;
  profileName: string;
  profileUrl: string;
  dashboardPic: string;
  followers: Followers;
  followersCount: number;
  verifiedBy: VerificationMethod | null;
}>;

/**
 * A social account as the API shows it (the spec's field names: `profilePicUrl` is the
 * account's link, `profileDashboardPic` its dashboard screenshot), and back: the one mapping
 * every read model that shows accounts uses (the profile, the directory's entry).
 */
export const socialAccountView = (
  account: Omit<SocialAccount, 'verifiedBy'> & Partial<Pick<SocialAccount, 'verifiedBy'>>,
): SocialAccountView => ({
  id: account.id,
  platform: account.platform,
  profileName: account.profileName,
  profilePicUrl: account.profileUrl,
  profileDashboardPic: account.dashboardPic,
  followers: account.followers,
  followersCount: account.followersCount,
  verified: (account.verifiedBy ?? null) !== null,
  verifiedBy: account.verifiedBy ?? null,
});

export const socialAccountOf = (view: SocialAccountView): SocialAccount => ({
  id: view.id,
  platform: view.platform,
  profileName: view.profileName,
  profileUrl: view.profilePicUrl,
  dashboardPic: view.profileDashboardPic,
  followers: view.followers,
  followersCount: view.followersCount,
  verifiedBy: view.verifiedBy,
});

export type PastPost = Readonly<{
  id: string;
  platform: string;
  category: string;
  postLink: string;
}>;

type PersonalDetails = {
  /**
   * Written as null from now on (names travel in OwnerNameChanged). Older events hold what the
   * old wizard's "Insta or YouTube Username" field held: see `legacyOwnerName` (names.ts).
   */
  ownerName: string | null;
  mobile: string;
  whatsapp: string;
  description: string;
};

export type PersonalDetailsUpdated = Event<'PersonalDetailsUpdated', PersonalDetails>;
/** The person's name, as the wizard's "Full name" changes it. */
export type OwnerNameChanged = Event<'OwnerNameChanged', { ownerName: string }>;
/** A brand's company name; null removes it. */
export type CompanyNameChanged = Event<'CompanyNameChanged', { companyName: string | null }>;
export type ProfilePictureChanged = Event<'ProfilePictureChanged', { profilePicUrl: string }>;
export type PlatformsChosen = Event<'PlatformsChosen', { platforms: string[] }>;
export type CategoriesChosen = Event<
  'CategoriesChosen',
  { adCategories: string[]; pageContentCategory: string[] }
>;
export type AudienceDescribed = Event<
  'AudienceDescribed',
  { averageAudienceType: string[]; averageLocationOfAudience: string[] }
>;
export type PricingSet = Event<'PricingSet', Pricing>;
export type SocialAccountAdded = Event<
  'SocialAccountAdded',
  { account: Omit<SocialAccount, 'verifiedBy'> }
>;
export type SocialAccountUpdated = Event<
  'SocialAccountUpdated',
  { account: Omit<SocialAccount, 'verifiedBy'> }
>;
export type SocialAccountRemoved = Event<'SocialAccountRemoved', { accountId: string }>;
export type SocialAccountVerified = Event<
  'SocialAccountVerified',
  {
    accountId: string;
    method: VerificationMethod;
    /** YouTube sets followers to the channel's subscriber count. */
    followers: Followers | null;
    verificationId: string;
    at: string;
  }
>;
/** The desk gave the account's verification to another creator (handle-claim.ts). */
export type SocialAccountVerificationWithdrawn = Event<
  'SocialAccountVerificationWithdrawn',
  { accountId: string; verificationId: string; reason: 'reassigned'; at: string }
>;
export type PastPostAdded = Event<'PastPostAdded', { post: PastPost }>;
export type PastPostUpdated = Event<'PastPostUpdated', { post: PastPost }>;
export type PastPostRemoved = Event<'PastPostRemoved', { postId: string }>;
export type PastPostsOrdered = Event<'PastPostsOrdered', { postIds: string[] }>;

export type ProfileEvent =
  | PersonalDetailsUpdated
  | OwnerNameChanged
  | CompanyNameChanged
  | ProfilePictureChanged
  | PlatformsChosen
  | CategoriesChosen
  | AudienceDescribed
  | PricingSet
  | SocialAccountAdded
  | SocialAccountUpdated
  | SocialAccountRemoved
  | SocialAccountVerified
  | SocialAccountVerificationWithdrawn
  | PastPostAdded
  | PastPostUpdated
  | PastPostRemoved
  | PastPostsOrdered;

/** Every profile event type: what the read models that follow a profile subscribe to. */
export const PROFILE_EVENT_TYPES: readonly ProfileEvent['type'][] = [
  'PersonalDetailsUpdated',
  'OwnerNameChanged',
  'CompanyNameChanged',
  'ProfilePictureChanged',
  'PlatformsChosen',
  'CategoriesChosen',
  'AudienceDescribed',
  'PricingSet',
  'SocialAccountAdded',
  'SocialAccountUpdated',
  'SocialAccountRemoved',
  'SocialAccountVerified',
  'SocialAccountVerificationWithdrawn',
  'PastPostAdded',
  'PastPostUpdated',
  'PastPostRemoved',
  'PastPostsOrdered',
];

export type UpdateProfile = Command<
  'UpdateProfile',
  {
    changes: ProfileUpdate;
    /** Fresh ids for new accounts and posts: deciders draw no random numbers. */
    newIds: readonly string[];
  }
>;
export type MarkAccountVerified = Command<
  'MarkAccountVerified',
  {
    platform: string;
    profileName: string;
    method: VerificationMethod;
    followers: Followers | null;
    verificationId: string;
  }
>;
export type WithdrawAccountVerification = Command<
  'WithdrawAccountVerification',
  { platform: string; profileName: string; verificationId: string }
>;
export type ProfileCommand = UpdateProfile | MarkAccountVerified | WithdrawAccountVerification;

/** The profile's personal part: the name and company as changed here, and the contact fields. */
export type PersonalState = Readonly<{
  /** The name changed here; null: the registered one (AccountRegistered) stands. */
  ownerName: string | null;
  /** A handle the old wizard stored as the name (names.ts), shown when no account gives one. */
  legacyHandle: string | null;
  /** Changed here; undefined: the one given at sign-up (AccountRegistered) stands. */
  companyName?: string | null;
  mobile: string;
  whatsapp: string;
  description: string;
}>;

export type ProfileState = Readonly<{
  personal: PersonalState;
  profilePicUrl: string;
  platforms: readonly string[];
  adCategories: readonly string[];
  pageContentCategory: readonly string[];
  averageAudienceType: readonly string[];
  averageLocationOfAudience: readonly string[];
  pricing: Pricing;
  accounts: readonly SocialAccount[];
  pastPosts: readonly PastPost[];
}>;

export const emptyProfile = (): ProfileState => ({
  personal: { ownerName: null, legacyHandle: null, mobile: '', whatsapp: '', description: '' },
  profilePicUrl: '',
  platforms: [],
  adCategories: [],
  pageContentCategory: [],
  averageAudienceType: [],
  averageLocationOfAudience: [],
  pricing: { storyPost: null, feedPost: null, reel: null },
  accounts: [],
  pastPosts: [],
});

/** Two accounts' fields as the wizard sends them (the verification aside). */
const sameAccount = (
  a: Omit<SocialAccount, 'verifiedBy'>,
  b: Omit<SocialAccount, 'verifiedBy'>,
): boolean =>
  a.id === b.id &&
  a.platform === b.platform &&
  a.profileName === b.profileName &&
  a.profileUrl === b.profileUrl &&
  a.dashboardPic === b.dashboardPic &&
  a.followers === b.followers &&
  a.followersCount === b.followersCount;

const samePost = (a: PastPost, b: PastPost): boolean =>
  a.id === b.id &&
  a.platform === b.platform &&
  a.category === b.category &&
  a.postLink === b.postLink;

const samePricing = (a: Pricing, b: Pricing): boolean =>
  a.storyPost === b.storyPost && a.feedPost === b.feedPost && a.reel === b.reel;
/** One account per platform and handle, the handle compared as verification compares it. */
const key = (platform: string, profileName: string) =>
  `${platform}\n${normalizeHandle(profileName)}`;

/** What the creator may not change on a verified account. */
const lockedFields = (
  account: Pick<SocialAccount, 'platform' | 'profileName' | 'profileUrl' | 'followers'>,
) => [account.platform, account.profileName, account.profileUrl, String(account.followers)];

const decideAccounts = (
  incoming: NonNullable<ProfileUpdate['profileDetails']>,
  state: ProfileState,
  takeId: () => string,
): ProfileEvent[] => {
  const events: ProfileEvent[] = [];
  const byId = new Map(state.accounts.map((a) => [a.id, a]));
  const byKey = new Map(state.accounts.map((a) => [key(a.platform, a.profileName), a]));
  const seenKeys = new Set<string>();
  const kept = new Set<string>();
  for (const item of incoming) {
    const itemKey = key(item.platform, item.profileName);
    if (seenKeys.has(itemKey))
      throw new DomainError('validation', PROFILE_MESSAGES.duplicateAccount);
    seenKeys.add(itemKey);
    const existing = (item.id ? byId.get(item.id) : undefined) ?? byKey.get(itemKey);
    const account = {
      id: existing?.id ?? takeId(),
      platform: item.platform,
      profileName: item.profileName,
      profileUrl: item.profilePicUrl,
      dashboardPic: item.profileDashboardPic,
      followers: item.followers,
      followersCount: followersCount(item.followers),
    };
    if (!existing) {
      events.push({ type: 'SocialAccountAdded', data: { account } });
      continue;
    }
    kept.add(existing.id);
    if (existing.verifiedBy && !sameList(lockedFields(existing), lockedFields(account))) {
      throw new DomainError('forbidden', PROFILE_MESSAGES.verifiedAccountLocked);
    }
    if (!sameAccount(existing, account)) {
      events.push({ type: 'SocialAccountUpdated', data: { account } });
    }
  }
  for (const account of state.accounts) {
    if (!kept.has(account.id))
      events.push({ type: 'SocialAccountRemoved', data: { accountId: account.id } });
  }
  return events;
};

const decidePosts = (
  incoming: NonNullable<ProfileUpdate['pastPosts']>,
  state: ProfileState,
  takeId: () => string,
): ProfileEvent[] => {
  const events: ProfileEvent[] = [];
  const byId = new Map(state.pastPosts.map((p) => [p.id, p]));
  const order: string[] = [];
  for (const item of incoming) {
    const existing = item.id ? byId.get(item.id) : undefined;
    const post: PastPost = {
      id: existing?.id ?? takeId(),
      platform: item.platform,
      category: item.category,
      postLink: item.postLink,
    };
    if (order.includes(post.id))
      throw new DomainError('validation', 'The same post is listed twice.');
    order.push(post.id);
    if (!existing) events.push({ type: 'PastPostAdded', data: { post } });
    else if (!samePost(existing, post)) events.push({ type: 'PastPostUpdated', data: { post } });
  }
  for (const post of state.pastPosts) {
    if (!order.includes(post.id))
      events.push({ type: 'PastPostRemoved', data: { postId: post.id } });
  }
  const kept = state.pastPosts.map((p) => p.id).filter((id) => order.includes(id));
  const added = order.filter((id) => !kept.includes(id));
  // Additions land at the end; an order message follows when the list asks for another one.
  if (!sameList([...kept, ...added], order))
    events.push({ type: 'PastPostsOrdered', data: { postIds: order } });
  return events;
};

export const profileDecider: Decider<ProfileState, ProfileCommand, ProfileEvent> = {
  initialState: emptyProfile,

  decide: (command, state) => {
    if (command.type === 'MarkAccountVerified') {
      const { platform, profileName, method, followers, verificationId } = command.data;
      const account = state.accounts.find(
        (a) => key(a.platform, a.profileName) === key(platform, profileName),
      );
      if (!account) throw new DomainError('not_found', 'Add this account to your profile first.');
      if (account.verifiedBy === method && (followers === null || account.followers === followers))
        return [];
      return {
        type: 'SocialAccountVerified',
        data: {
          accountId: account.id,
          method,
          followers,
          verificationId,
          at: command.metadata.now.toISOString(),
        },
      };
    }

    if (command.type === 'WithdrawAccountVerification') {
      const { platform, profileName, verificationId } = command.data;
      const account = state.accounts.find(
        (a) => key(a.platform, a.profileName) === key(platform, profileName),
      );
      // Removed since, or never verified here: nothing to withdraw.
      if (!account?.verifiedBy) return [];
      return {
        type: 'SocialAccountVerificationWithdrawn',
        data: {
          accountId: account.id,
          verificationId,
          reason: 'reassigned',
          at: command.metadata.now.toISOString(),
        },
      };
    }

    const { changes, newIds } = command.data;
    let next = 0;
    const takeId = () => {
      const id = newIds[next++];
      if (!id) throw new Error('UpdateProfile needs more fresh ids');
      return id;
    };
    const events: ProfileEvent[] = [];
    if (changes.ownerName !== undefined && changes.ownerName !== state.personal.ownerName) {
      events.push({ type: 'OwnerNameChanged', data: { ownerName: changes.ownerName } });
    }
    if (changes.companyName !== undefined) {
      const companyName = companyNameOf(changes.companyName);
      if (companyName !== (state.personal.companyName ?? null)) {
        events.push({ type: 'CompanyNameChanged', data: { companyName } });
      }
    }
    const personal: PersonalDetails = {
      ownerName: null,
      mobile: changes.mobile ?? state.personal.mobile,
      whatsapp: changes.whatsapp ?? state.personal.whatsapp,
      description: changes.description ?? state.personal.description,
    };
    const { mobile, whatsapp, description } = state.personal;
    if (
      personal.mobile !== mobile ||
      personal.whatsapp !== whatsapp ||
      personal.description !== description
    )
      events.push({ type: 'PersonalDetailsUpdated', data: personal });
    if (changes.profilePicUrl !== undefined && changes.profilePicUrl !== state.profilePicUrl) {
      events.push({
        type: 'ProfilePictureChanged',
        data: { profilePicUrl: changes.profilePicUrl },
      });
    }
    if (changes.socialMediaPlatforms && !sameList(changes.socialMediaPlatforms, state.platforms)) {
      events.push({ type: 'PlatformsChosen', data: { platforms: changes.socialMediaPlatforms } });
    }
    const categories = {
      adCategories: changes.adCategories ?? [...state.adCategories],
      pageContentCategory: changes.pageContentCategory ?? [...state.pageContentCategory],
    };
    if (
      !sameList(categories.adCategories, state.adCategories) ||
      !sameList(categories.pageContentCategory, state.pageContentCategory)
    ) {
      events.push({ type: 'CategoriesChosen', data: categories });
    }
    const audience = {
      averageAudienceType: changes.averageAudienceType ?? [...state.averageAudienceType],
      averageLocationOfAudience: changes.averageLocationOfAudience ?? [
        ...state.averageLocationOfAudience,
      ],
    };
    if (
      !sameList(audience.averageAudienceType, state.averageAudienceType) ||
      !sameList(audience.averageLocationOfAudience, state.averageLocationOfAudience)
    ) {
      events.push({ type: 'AudienceDescribed', data: audience });
    }
    if (changes.pricing) {
      const pricing: Pricing = {
        storyPost:
          changes.pricing.storyPost === undefined
            ? state.pricing.storyPost
            : changes.pricing.storyPost,
        feedPost:
          changes.pricing.feedPost === undefined
            ? state.pricing.feedPost
            : changes.pricing.feedPost,
        reel: changes.pricing.reel === undefined ? state.pricing.reel : changes.pricing.reel,
      };
      if (!samePricing(pricing, state.pricing)) events.push({ type: 'PricingSet', data: pricing });
    }
    if (changes.profileDetails)
      events.push(...decideAccounts(changes.profileDetails, state, takeId));
    if (changes.pastPosts) events.push(...decidePosts(changes.pastPosts, state, takeId));
    return events;
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'PersonalDetailsUpdated': {
        // Names recorded before they were checked are read clean (events stay as written).
        const { mobile, whatsapp, description } = event.data;
        const legacy = legacyOwnerName(event.data.ownerName);
        return {
          ...state,
          personal: {
            ...state.personal,
            ownerName: legacy.ownerName ?? state.personal.ownerName,
            legacyHandle: legacy.legacyHandle ?? state.personal.legacyHandle,
            mobile,
            whatsapp,
            description,
          },
        };
      }
      case 'OwnerNameChanged':
        return {
          ...state,
          personal: { ...state.personal, ownerName: cleanName(event.data.ownerName) },
        };
      case 'CompanyNameChanged':
        return { ...state, personal: { ...state.personal, companyName: event.data.companyName } };
      case 'ProfilePictureChanged':
        return { ...state, profilePicUrl: event.data.profilePicUrl };
      case 'PlatformsChosen':
        return { ...state, platforms: event.data.platforms };
      case 'CategoriesChosen':
        return { ...state, ...event.data };
      case 'AudienceDescribed':
        return { ...state, ...event.data };
      case 'PricingSet':
        return { ...state, pricing: event.data };
      case 'SocialAccountAdded':
        return {
          ...state,
          accounts: [...state.accounts, { ...event.data.account, verifiedBy: null }],
        };
      case 'SocialAccountUpdated':
        return {
          ...state,
          accounts: state.accounts.map((a) =>
            a.id === event.data.account.id
              ? { ...event.data.account, verifiedBy: a.verifiedBy }
              : a,
          ),
        };
      case 'SocialAccountRemoved':
        return { ...state, accounts: state.accounts.filter((a) => a.id !== event.data.accountId) };
      case 'SocialAccountVerified':
        return {
          ...state,
          accounts: state.accounts.map((a) =>
            a.id === event.data.accountId
              ? {
                  ...a,
                  verifiedBy: event.data.method,
                  ...(event.data.followers !== null
                    ? {
                        followers: event.data.followers,
                        followersCount: followersCount(event.data.followers),
                      }
                    : {}),
                }
              : a,
          ),
        };
      case 'SocialAccountVerificationWithdrawn':
        return {
          ...state,
          accounts: state.accounts.map((a) =>
            a.id === event.data.accountId ? { ...a, verifiedBy: null } : a,
          ),
        };
      case 'PastPostAdded':
        return { ...state, pastPosts: [...state.pastPosts, event.data.post] };
      case 'PastPostUpdated':
        return {
          ...state,
          pastPosts: state.pastPosts.map((p) =>
            p.id === event.data.post.id ? event.data.post : p,
          ),
        };
      case 'PastPostRemoved':
        return { ...state, pastPosts: state.pastPosts.filter((p) => p.id !== event.data.postId) };
      case 'PastPostsOrdered': {
        const byId = new Map(state.pastPosts.map((p) => [p.id, p]));
        return {
          ...state,
          pastPosts: event.data.postIds.flatMap((id) => {
            const post = byId.get(id);
            return post ? [post] : [];
          }),
        };
      }
    }
  },
};

/** How many fresh ids an update could need at most. */
export const idsNeeded = (changes: ProfileUpdate): number =>
  (changes.profileDetails?.length ?? 0) + (changes.pastPosts?.length ?? 0);

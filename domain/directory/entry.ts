/**
 * A creator's entry in the directory: what search, filters, ranking and the cards need, derived
 * from the creator's events (account, profile, listing, presence). The profile part evolves
 * through the profile's own decider (`profileDecider.evolve`), so the directory and the profile
 * agree on what an event means; everything else is derived from it. Contact fields (e-mail,
 * mobile, WhatsApp) are never kept here.
 */
import type { AccountRegistered } from '../accounts/account.ts';
import type { PresenceChanged } from '../messaging/presence.ts';
import { REPLIES_FAST_HOURS } from '../messaging/reply-times.ts';
import type { PastPostView, Pricing, SocialAccountView } from '../profiles/contracts.ts';
import { formatFollowers } from '../profiles/followers.ts';
import { primaryHandle } from '../profiles/names.ts';
import { labelOf } from '../profiles/options.ts';
import {
  emptyProfile,
  profileDecider,
  socialAccountOf,
  socialAccountView,
  type ProfileEvent,
  type ProfileState,
} from '../profiles/profile.ts';
import { cleanName } from '../shared/names.ts';
import { foldText, textWords } from '../shared/search-text.ts';
import { isDemoEmail } from '../demo/contracts.ts';
import type { EarlyAdopterBadgeAwarded } from './early-adopters.ts';
import type { NewCreatorBoostEnded, ReplyTimeChanged } from './listing.ts';
import { rankOf } from './ranking.ts';
import { visibilityLevelOf, type VisibilityLevel } from './visibility.ts';

/** Only creators (spec: role influencer) are listed. */
export const LISTED_ROLE = 'influencer';

/** A reply time nobody has: the sort key of a creator with none, after everyone who has one. */
export const NO_REPLY_KEY = 1_000_000;

/** The fields that follow from a creator's usual reply time. */
export const replyFields = (
  replyHours: number | null,
): Pick<DirectoryEntry, 'replyHours' | 'replyKey' | 'repliesFast'> => ({
  replyHours,
  replyKey: replyHours ?? NO_REPLY_KEY,
  repliesFast: replyHours !== null && replyHours <= REPLIES_FAST_HOURS,
});

/** A price no creator asks: the sort key of "Negotiable", so it sorts after every price. */
export const NEGOTIABLE_PRICE_KEY = 1_000_000_000_000;

export type DirectoryAccount = SocialAccountView & {
  /** As docs/product-spec.md section 5 shows it: 1.2M, 12K, or a k/M text as typed. */
  followersLabel: string;
};

/** What a card shows beside the profile: derived from its accounts, the same in the entry and the API's item. */
export type DirectoryFigures = {
  /** The largest follower count of any account: what the follower filter and sort use. */
  followers: number;
  /** As docs/product-spec.md section 5 shows it. */
  followersLabel: string;
  /** The largest Instagram account's count (the cards show Instagram followers). */
  instagramFollowers: number;
  instagramFollowersLabel: string;
  verified: boolean;
  verifiedPlatforms: string[];
  visibility: VisibilityLevel;
};

export type DirectoryEntry = {
  id: string;
  ownerName: string;
  description: string;
  profilePicUrl: string;
  /** The platforms chosen in the wizard. */
  socialMediaPlatforms: string[];
  /** What the platform filter matches: the chosen platforms and those of the accounts. */
  platforms: string[];
  profileDetails: DirectoryAccount[];
  /** The accounts' handles (and a handle the old wizard stored as the name), searched with it. */
  handles: string[];
  /** The handle shown beside the name (names.ts). */
  handle: string | null;
  /** A handle the old wizard stored as the name (names.ts), kept for the fold. */
  legacyHandle: string | null;
  adCategories: string[];
  pageContentCategory: string[];
  /** The labels of both category lists, for text search ("Skincare", "Personal Finance"). */
  categoryLabels: string[];
  averageAudienceType: string[];
  averageLocationOfAudience: string[];
  /** What the location filter matches (locationKeys). */
  locationKeys: string[];
  pricing: Pricing;
  /** The lowest of the three prices, null when all are Negotiable. */
  minPrice: number | null;
  /** The price sort key: minPrice, or NEGOTIABLE_PRICE_KEY. */
  priceKey: number;
  pastPosts: PastPostView[];
} & DirectoryFigures & {
    /** Sign-up time (the account's registration). */
    registeredAt: string;
    /** In the first 30 days, until NewCreatorBoostEnded. */
    boosted: boolean;
    /** One of the marketplace's first creators (EarlyAdopterBadgeAwarded). */
    earlyAdopter: boolean;
    /** "Usually replies within N hours" (domain/messaging/reply-times.ts), or null. */
    replyHours: number | null;
    /** The reply-time sort key: replyHours, or NO_REPLY_KEY after everyone who has one. */
    replyKey: number;
    /** The "Replies fast" filter: replyHours of REPLIES_FAST_HOURS or fewer. */
    repliesFast: boolean;
    /** The default order, highest first (domain/directory/ranking.ts). */
    rank: number;
    isOnline: boolean;
    /** A demo account (`make seed`): its e-mail address is in the demo domain. */
    demo: boolean;
    updatedAt: string;
  };

/**
 * What the location filter matches for free-text locations: each place folded ("Navi Mumbai,
 * Maharashtra" gives "navi mumbai, maharashtra"), its comma-separated parts ("navi mumbai",
 * "maharashtra") and its words ("navi", "mumbai"), so "Mumbai" finds it and "Navi Mumbai" too.
 */
export const locationKeysOf = (locations: readonly string[]): string[] => {
  const keys = new Set<string>();
  for (const location of locations) {
    const whole = locationKey(location);
    if (whole) keys.add(whole);
    for (const part of location.split(/[,/;|]/)) {
      const key = locationKey(part);
      if (key) keys.add(key);
    }
    for (const word of textWords(location)) keys.add(word);
  }
  return [...keys];
};

/** One location as the filter compares it: folded, spaces collapsed. */
export const locationKey = (location: string): string =>
  foldText(location).replace(/\s+/g, ' ').trim();

/** The profile part of an entry, as the profile's decider folds it (contact fields empty). */
export const profileStateOf = (entry: DirectoryEntry): ProfileState => ({
  personal: {
    ownerName: entry.ownerName,
    legacyHandle: entry.legacyHandle,
    mobile: '',
    whatsapp: '',
    description: entry.description,
  },
  profilePicUrl: entry.profilePicUrl,
  platforms: entry.socialMediaPlatforms,
  adCategories: entry.adCategories,
  pageContentCategory: entry.pageContentCategory,
  averageAudienceType: entry.averageAudienceType,
  averageLocationOfAudience: entry.averageLocationOfAudience,
  pricing: entry.pricing,
  accounts: entry.profileDetails.map(socialAccountOf),
  pastPosts: entry.pastPosts,
});

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

const prices = (pricing: Pricing): number[] =>
  [pricing.storyPost, pricing.feedPost, pricing.reel].filter(
    (price): price is number => price !== null,
  );

/** What `withProfile` may take from the entry before the event: text derived from lists. */
type Derived = Pick<
  DirectoryEntry,
  | 'adCategories'
  | 'pageContentCategory'
  | 'categoryLabels'
  | 'averageLocationOfAudience'
  | 'locationKeys'
>;

/**
 * The entry for a profile state: every derived field computed again, except the category labels
 * and location keys when `previous` (the entry the state was folded from, `profileStateOf`)
 * holds the very same lists: a save that changes the description does not fold every place again.
 */
export const withProfile = (
  entry: Pick<
    DirectoryEntry,
    | 'id'
    | 'ownerName'
    | 'registeredAt'
    | 'boosted'
    | 'earlyAdopter'
    | 'replyHours'
    | 'isOnline'
    | 'demo'
    | 'updatedAt'
  >,
  profile: ProfileState,
  previous?: Derived,
): DirectoryEntry => {
  const accounts: DirectoryAccount[] = profile.accounts.map((account) => ({
    ...socialAccountView(account),
    followersLabel: formatFollowers(account.followers),
  }));
  const followers = Math.max(0, ...accounts.map((account) => account.followersCount));
  const instagram = accounts
    .filter((account) => account.platform === 'instagram')
    .sort((a, b) => b.followersCount - a.followersCount)[0];
  const lowest = prices(profile.pricing);
  const minPrice = lowest.length > 0 ? Math.min(...lowest) : null;
  const visibility = visibilityLevelOf(profile);
  const verifiedPlatforms = unique(
    accounts.filter((account) => account.verified).map((account) => account.platform),
  );
  const ownerName = profile.personal.ownerName ?? entry.ownerName;
  const legacyHandle = profile.personal.legacyHandle;
  return {
    id: entry.id,
    ownerName,
    description: profile.personal.description,
    profilePicUrl: profile.profilePicUrl,
    socialMediaPlatforms: [...profile.platforms],
    platforms: unique([...profile.platforms, ...accounts.map((account) => account.platform)]),
    profileDetails: accounts,
    handles: unique([
      ...accounts.map((account) => account.profileName),
      ...(legacyHandle ? [legacyHandle] : []),
    ]),
    handle: primaryHandle(accounts, legacyHandle, ownerName),
    legacyHandle,
    adCategories: [...profile.adCategories],
    pageContentCategory: [...profile.pageContentCategory],
    categoryLabels:
      previous &&
      previous.adCategories === profile.adCategories &&
      previous.pageContentCategory === profile.pageContentCategory
        ? previous.categoryLabels
        : unique(
            [...profile.adCategories, ...profile.pageContentCategory].map((value) =>
              labelOf(value),
            ),
          ),
    averageAudienceType: [...profile.averageAudienceType],
    averageLocationOfAudience: [...profile.averageLocationOfAudience],
    locationKeys:
      previous && previous.averageLocationOfAudience === profile.averageLocationOfAudience
        ? previous.locationKeys
        : locationKeysOf(profile.averageLocationOfAudience),
    pricing: profile.pricing,
    minPrice,
    priceKey: minPrice ?? NEGOTIABLE_PRICE_KEY,
    pastPosts: [...profile.pastPosts],
    followers,
    followersLabel: formatFollowers(followers),
    instagramFollowers: instagram?.followersCount ?? 0,
    instagramFollowersLabel: formatFollowers(instagram?.followers ?? 0),
    verified: verifiedPlatforms.length > 0,
    verifiedPlatforms,
    visibility,
    registeredAt: entry.registeredAt,
    boosted: entry.boosted,
    earlyAdopter: entry.earlyAdopter,
    ...replyFields(entry.replyHours),
    rank: rankOf({ visibility, followers, boosted: entry.boosted }),
    isOnline: entry.isOnline,
    demo: entry.demo,
    updatedAt: entry.updatedAt,
  };
};

/** A creator's entry from their registration; null for anyone who is not a creator. */
export const registeredEntry = (data: AccountRegistered['data']): DirectoryEntry | null =>
  data.role !== LISTED_ROLE
    ? null
    : withProfile(
        {
          id: data.userId,
          ownerName: cleanName(data.ownerName),
          registeredAt: data.registeredAt,
          boosted: true,
          earlyAdopter: false,
          replyHours: null,
          isOnline: false,
          demo: isDemoEmail(data.email),
          updatedAt: data.registeredAt,
        },
        {
          ...emptyProfile(),
          personal: { ...emptyProfile().personal, ownerName: cleanName(data.ownerName) },
        },
      );

/** The events that change an entry after registration. */
export type DirectoryEvent =
  | ProfileEvent
  | PresenceChanged
  | NewCreatorBoostEnded
  | ReplyTimeChanged
  | EarlyAdopterBadgeAwarded;

/** What `withProfile` keeps of an entry (not a copy of the whole entry), updated at `at`. */
const keptOf = (entry: DirectoryEntry, at: string): Parameters<typeof withProfile>[0] => ({
  id: entry.id,
  ownerName: entry.ownerName,
  registeredAt: entry.registeredAt,
  boosted: entry.boosted,
  earlyAdopter: entry.earlyAdopter,
  replyHours: entry.replyHours,
  isOnline: entry.isOnline,
  demo: entry.demo,
  updatedAt: at,
});

/** How one event changes a creator's entry (`at`: when it was recorded). */
export const evolveEntry = (
  entry: DirectoryEntry,
  event: DirectoryEvent,
  at: string,
): DirectoryEntry => {
  switch (event.type) {
    case 'PresenceChanged':
      return { ...entry, isOnline: event.data.online };
    case 'NewCreatorBoostEnded':
      return withProfile({ ...entry, boosted: false, updatedAt: at }, profileStateOf(entry), entry);
    case 'ReplyTimeChanged':
      return { ...entry, ...replyFields(event.data.replyHours), updatedAt: at };
    case 'EarlyAdopterBadgeAwarded':
      return { ...entry, earlyAdopter: true, updatedAt: at };
    default:
      return withProfile(
        keptOf(entry, at),
        profileDecider.evolve(profileStateOf(entry), event),
        entry,
      );
  }
};

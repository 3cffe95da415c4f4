/**
 * A creator as the saved-search alerts follow them (services/messaging/saved-search-alerts.ts):
 * only what a saved search's match reads (`matchesSavedSearch`: the name, handles, categories,
 * description, platforms, audience, locations, followers, verification, reply time), folded by
 * the profile's own decider, so a candidate means what the directory's entry means. Pictures,
 * links, prices, past posts and contact fields are not kept: no search reads them, and the
 * events that change only them (`changesSearchMatch`) are not even read.
 *
 * The directory's full entry (`withProfile`) is made from a candidate only when a match is to be
 * tested, which needs a verified creator (`mayMatch`) and a saved search.
 */
import type { AccountRegistered } from '../accounts/account.ts';
import type { ReplyTimeChanged } from './listing.ts';
import {
  profileDecider,
  type ProfileEvent,
  type ProfileState,
  type SocialAccount,
  type VerificationMethod,
} from '../profiles/profile.ts';
import { cleanName } from '../shared/names.ts';
import { LISTED_ROLE, withProfile, type DirectoryEntry } from './entry.ts';
import { sameList } from '../shared/lists.ts';

type CandidateAccount = Readonly<{
  id: string;
  platform: string;
  profileName: string;
  followers: SocialAccount['followers'];
  followersCount: number;
  verifiedBy: VerificationMethod | null;
}>;

export type SearchCandidate = Readonly<{
  id: string;
  /** The person's name (registered, or changed since). */
  ownerName: string;
  legacyHandle: string | null;
  description: string;
  /** The platforms chosen in the wizard. */
  platforms: readonly string[];
  adCategories: readonly string[];
  pageContentCategory: readonly string[];
  averageAudienceType: readonly string[];
  averageLocationOfAudience: readonly string[];
  accounts: readonly CandidateAccount[];
  replyHours: number | null;
}>;

/**
 * Which profile events can change what a saved search finds: a record, so a new profile event
 * is a compile error here until someone decides.
 */
const MATCH_CHANGING: Readonly<Record<ProfileEvent['type'], boolean>> = {
  PersonalDetailsUpdated: true, // the description; a name the old wizard wrote
  OwnerNameChanged: true,
  CompanyNameChanged: false, // a brand's; not in a creator's entry
  ProfilePictureChanged: false,
  PlatformsChosen: true,
  CategoriesChosen: true,
  AudienceDescribed: true,
  PricingSet: false, // no search filters by price
  SocialAccountAdded: true,
  SocialAccountUpdated: true,
  SocialAccountRemoved: true,
  SocialAccountVerified: true,
  SocialAccountVerificationWithdrawn: true,
  PastPostAdded: false,
  PastPostUpdated: false,
  PastPostRemoved: false,
  PastPostsOrdered: false,
};

/** The profile event types that can change a saved search's matches. */
export const SEARCH_PROFILE_EVENT_TYPES: readonly ProfileEvent['type'][] = (
  Object.keys(MATCH_CHANGING) as ProfileEvent['type'][]
).filter((type) => MATCH_CHANGING[type]);

/** The events a candidate follows after its registration. */
export type CandidateEvent = ProfileEvent | ReplyTimeChanged;

/** A creator's candidate from their registration; null for anyone who is not a creator. */
export const registeredCandidate = (data: AccountRegistered['data']): SearchCandidate | null =>
  data.role !== LISTED_ROLE
    ? null
    : {
        id: data.userId,
        ownerName: cleanName(data.ownerName),
        legacyHandle: null,
        description: '',
        platforms: [],
        adCategories: [],
        pageContentCategory: [],
        averageAudienceType: [],
        averageLocationOfAudience: [],
        accounts: [],
        replyHours: null,
      };

const NO_PRICING = { storyPost: null, feedPost: null, reel: null } as const;

/** The candidate as the profile's decider folds it (what it does not keep left empty). */
const profileOf = (candidate: SearchCandidate): ProfileState => ({
  personal: {
    ownerName: candidate.ownerName,
    legacyHandle: candidate.legacyHandle,
    mobile: '',
    whatsapp: '',
    description: candidate.description,
  },
  profilePicUrl: '',
  platforms: candidate.platforms,
  adCategories: candidate.adCategories,
  pageContentCategory: candidate.pageContentCategory,
  averageAudienceType: candidate.averageAudienceType,
  averageLocationOfAudience: candidate.averageLocationOfAudience,
  pricing: NO_PRICING,
  accounts: candidate.accounts.map((account) => ({ ...account, profileUrl: '', dashboardPic: '' })),
  pastPosts: [],
});

const accountOf = (account: SocialAccount): CandidateAccount => ({
  id: account.id,
  platform: account.platform,
  profileName: account.profileName,
  followers: account.followers,
  followersCount: account.followersCount,
  verifiedBy: account.verifiedBy,
});

/** How one event changes a candidate (the profile's own fold; contact fields never kept). */
export const evolveCandidate = (
  candidate: SearchCandidate,
  event: CandidateEvent,
): SearchCandidate => {
  if (event.type === 'ReplyTimeChanged') {
    return { ...candidate, replyHours: event.data.replyHours };
  }
  if (!MATCH_CHANGING[event.type]) return candidate;
  const before = profileOf(candidate);
  const profile = profileDecider.evolve(before, event);
  return {
    id: candidate.id,
    ownerName: profile.personal.ownerName ?? candidate.ownerName,
    legacyHandle: profile.personal.legacyHandle,
    description: profile.personal.description,
    platforms: profile.platforms,
    adCategories: profile.adCategories,
    pageContentCategory: profile.pageContentCategory,
    averageAudienceType: profile.averageAudienceType,
    averageLocationOfAudience: profile.averageLocationOfAudience,
    // The accounts as they were, when the event left them alone (a description, a name).
    accounts:
      profile.accounts === before.accounts ? candidate.accounts : profile.accounts.map(accountOf),
    replyHours: candidate.replyHours,
  };
};

const sameAccount = (a: CandidateAccount, b: CandidateAccount): boolean =>
  a.id === b.id &&
  a.platform === b.platform &&
  a.profileName === b.profileName &&
  a.followers === b.followers &&
  a.followersCount === b.followersCount &&
  a.verifiedBy === b.verifiedBy;

/** Whether two candidates are the same (nothing to store, no match to test). */
export const sameCandidate = (a: SearchCandidate, b: SearchCandidate): boolean =>
  a === b ||
  (a.id === b.id &&
    a.ownerName === b.ownerName &&
    a.legacyHandle === b.legacyHandle &&
    a.description === b.description &&
    a.replyHours === b.replyHours &&
    sameList(a.platforms, b.platforms) &&
    sameList(a.adCategories, b.adCategories) &&
    sameList(a.pageContentCategory, b.pageContentCategory) &&
    sameList(a.averageAudienceType, b.averageAudienceType) &&
    sameList(a.averageLocationOfAudience, b.averageLocationOfAudience) &&
    a.accounts.length === b.accounts.length &&
    a.accounts.every((account, i) => sameAccount(account, b.accounts[i]!)));

/**
 * Whether a saved search could match this creator at all: only verified creators match
 * (`matchesSavedSearch`), and an entry is verified when one of its accounts is.
 */
export const mayMatch = (candidate: SearchCandidate): boolean =>
  candidate.accounts.some((account) => account.verifiedBy !== null);

/**
 * The directory's entry for a candidate, for `matchesSavedSearch` and a match's notice: every
 * field a search reads is the directory's own (`withProfile`); the others are placeholders.
 */
export const candidateEntry = (candidate: SearchCandidate): DirectoryEntry =>
  withProfile(
    {
      id: candidate.id,
      ownerName: candidate.ownerName,
      registeredAt: '',
      boosted: false,
      earlyAdopter: false,
      replyHours: candidate.replyHours,
      isOnline: false,
      demo: false,
      updatedAt: '',
    },
    profileOf(candidate),
  );

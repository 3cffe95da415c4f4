import {
  MAX_CATEGORIES,
  type PastPostView,
  type ProfileUpdateRequest,
  type ProfileView,
  type SocialAccountView,
} from '@linkcoin/domain/profiles/contracts.ts';
import { followersCount } from '@linkcoin/domain/profiles/followers.ts';
import { takesVideoLink, youTubeVideoId } from '@linkcoin/domain/profiles/media.ts';
import { normaliseLink } from './links';

/**
 * The wizard's form state (docs/product-spec.md section 3, "Page owner profile"): what the creator is editing,
 * kept as typed (prices and followers as text) until it is turned into the request payload.
 * Every account and post has a client `key` for React, and the server `id` once it was saved, so
 * the next save keeps its identity.
 */
export type AccountDraft = {
  key: string;
  id: string | null;
  platform: string;
  profileName: string;
  /** The profile's link (stored by the spec in a field called profilePicUrl). */
  profileLink: string;
  profileDashboardPic: string;
  followers: string;
  verified: boolean;
};

export type PostDraft = {
  key: string;
  id: string | null;
  platform: string;
  category: string;
  /** The link (video platforms) or the uploaded image's URL (image platforms). */
  postLink: string;
};

export type PriceField = 'storyPost' | 'feedPost' | 'reel';
export type PriceDraft = Record<PriceField, string>;

export type ProfileForm = {
  /** The person's name: never a handle (handles are the accounts' profile names). */
  ownerName: string;
  /** A brand's company name (brands only). */
  companyName: string;
  isBrand: boolean;
  email: string;
  mobile: string;
  whatsapp: string;
  description: string;
  profilePicUrl: string;
  socialMediaPlatforms: string[];
  adCategories: string[];
  pageContentCategory: string[];
  averageAudienceType: string[];
  averageLocationOfAudience: string[];
  pricing: PriceDraft;
  accounts: AccountDraft[];
  posts: PostDraft[];
};

export type PersonalField =
  'ownerName' | 'companyName' | 'mobile' | 'description' | 'profilePicUrl';
export type ListField =
  'socialMediaPlatforms' | 'adCategories' | 'pageContentCategory' | 'averageAudienceType';
export type AccountPatch = Partial<
  Pick<AccountDraft, 'platform' | 'profileName' | 'profileLink' | 'followers'>
>;
export type PostPatch = Partial<Pick<PostDraft, 'platform' | 'category' | 'postLink'>>;

const priceText = (price: number | null): string => (price === null ? '' : String(price));

const accountFromView = (account: SocialAccountView): AccountDraft => ({
  key: account.id,
  id: account.id,
  platform: account.platform,
  profileName: account.profileName,
  profileLink: account.profilePicUrl,
  profileDashboardPic: account.profileDashboardPic,
  followers: String(account.followers),
  verified: account.verified,
});

const postFromView = (post: PastPostView): PostDraft => ({
  key: post.id,
  id: post.id,
  platform: post.platform,
  category: post.category,
  postLink: post.postLink,
});

/** The form as the profile loaded from `GET /api/pageowners/user/{userId}` fills it. */
export function formFromProfile(profile: ProfileView): ProfileForm {
  return {
    ownerName: profile.ownerName,
    companyName: profile.companyName ?? '',
    isBrand: profile.role === 'user',
    email: profile.email ?? '',
    mobile: profile.mobile ?? '',
    whatsapp: profile.whatsapp ?? '',
    description: profile.description,
    profilePicUrl: profile.profilePicUrl,
    socialMediaPlatforms: [...profile.socialMediaPlatforms],
    adCategories: limitCategories(profile.adCategories),
    pageContentCategory: limitCategories(profile.pageContentCategory),
    averageAudienceType: [...profile.averageAudienceType],
    averageLocationOfAudience: [...profile.averageLocationOfAudience],
    pricing: {
      storyPost: priceText(profile.pricing.storyPost),
      feedPost: priceText(profile.pricing.feedPost),
      reel: priceText(profile.pricing.reel),
    },
    accounts: profile.profileDetails.map(accountFromView),
    posts: profile.pastPosts.map(postFromView),
  };
}

/** docs/product-spec.md section 5: at most 20 categories of each kind; an extra selection is cut to 20. */
export function limitCategories(values: readonly string[]): string[] {
  return [...new Set(values)].slice(0, MAX_CATEGORIES);
}

/** docs/product-spec.md section 5: locations are trimmed, empty ones ignored (and a repeat adds nothing). */
export function addLocation(locations: readonly string[], text: string): string[] {
  const location = text.trim();
  if (location === '' || locations.some((l) => l.toLowerCase() === location.toLowerCase())) {
    return [...locations];
  }
  return [...locations, location];
}

/** Followers as the server takes them: plain digits as a number, "12.5k" as it was typed. */
export function followersPayload(text: string): number | string {
  const value = text.trim();
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * A price as typed: plain digits go as a number, anything else as the text itself, so the
 * contract refuses it with its message instead of `Number()` reading "0x10" as 16.
 */
function pricePayload(text: string): number | string {
  const value = text.trim();
  return /^\d{1,15}$/.test(value) ? Number.parseInt(value, 10) : value;
}

/**
 * A post's media: an uploaded image for image platforms, a link for video platforms; a YouTube
 * link only counts when an 11-character video id can be read from it (docs/product-spec.md section 5).
 */
export function hasMedia(post: Pick<PostDraft, 'platform' | 'postLink'>): boolean {
  const link = post.postLink.trim();
  if (link === '') return false;
  if (post.platform === 'youtube') return youTubeVideoId(normaliseLink(link)) !== null;
  return true;
}

export function isCompletePost(post: PostDraft): boolean {
  return post.platform !== '' && post.category !== '' && hasMedia(post);
}

/** The posts a save sends: only complete ones; drafts stay in the browser until finished. */
export function postsToSend(posts: readonly PostDraft[]): PostDraft[] {
  return posts.filter(isCompletePost);
}

/** The whole wizard as `PUT /api/pageowners/updateUser/{userId}` takes it, with the ids back. */
export function buildPayload(form: ProfileForm): ProfileUpdateRequest {
  return {
    ownerName: form.ownerName.trim(),
    ...(form.isBrand ? { companyName: form.companyName.trim() } : {}),
    mobile: form.mobile.trim(),
    whatsapp: form.whatsapp.trim(),
    description: form.description,
    profilePicUrl: form.profilePicUrl,
    socialMediaPlatforms: [...form.socialMediaPlatforms],
    adCategories: limitCategories(form.adCategories),
    pageContentCategory: limitCategories(form.pageContentCategory),
    averageAudienceType: [...form.averageAudienceType],
    averageLocationOfAudience: [...form.averageLocationOfAudience],
    pricing: {
      storyPost: pricePayload(form.pricing.storyPost),
      feedPost: pricePayload(form.pricing.feedPost),
      reel: pricePayload(form.pricing.reel),
    },
    profileDetails: form.accounts.map((account) => ({
      ...(account.id ? { id: account.id } : {}),
      platform: account.platform,
      profileName: account.profileName.trim(),
      profilePicUrl: normaliseLink(account.profileLink),
      profileDashboardPic: normaliseLink(account.profileDashboardPic),
      followers: followersPayload(account.followers),
    })),
    pastPosts: postsToSend(form.posts).map((post) => ({
      ...(post.id ? { id: post.id } : {}),
      platform: post.platform,
      category: post.category,
      postLink: normaliseLink(post.postLink),
    })),
  };
}

const accountKey = (platform: string, profileName: string) =>
  `${platform}\n${profileName.trim().toLowerCase()}`;

function findSaved(
  account: AccountDraft,
  saved: readonly SocialAccountView[],
): SocialAccountView | undefined {
  return (
    (account.id ? saved.find((s) => s.id === account.id) : undefined) ??
    saved.find(
      (s) =>
        accountKey(s.platform, s.profileName) === accountKey(account.platform, account.profileName),
    )
  );
}

/**
 * Takes what the server holds for each account (id, verified flag, and the values it stored),
 * so the next save sends verified accounts exactly as they are locked.
 */
function withSavedAccounts(
  accounts: readonly AccountDraft[],
  saved: readonly SocialAccountView[],
): AccountDraft[] {
  return accounts.map((account) => {
    const stored = findSaved(account, saved);
    if (!stored) return account;
    return { ...accountFromView(stored), key: account.key };
  });
}

export type FormAction =
  | { type: 'set'; field: PersonalField; value: string }
  | { type: 'setList'; field: ListField; values: string[] }
  | { type: 'addLocation'; text: string }
  | { type: 'removeLocation'; location: string }
  | { type: 'setPrice'; field: PriceField; value: string }
  | { type: 'addAccount'; key: string }
  | { type: 'updateAccount'; key: string; patch: AccountPatch }
  | { type: 'removeAccount'; key: string }
  | { type: 'addPost'; key: string; platform: string }
  | { type: 'updatePost'; key: string; patch: PostPatch }
  | { type: 'removePost'; key: string }
  /** A save answered: `sentPostKeys` are the posts it sent, in order. */
  | { type: 'saved'; sentPostKeys: string[]; profile: ProfileView }
  /** The profile was read again after a verification. */
  | { type: 'accountsRefreshed'; accounts: SocialAccountView[] };

export function formReducer(form: ProfileForm, action: FormAction): ProfileForm {
  switch (action.type) {
    case 'set':
      return { ...form, [action.field]: action.value };
    case 'setList': {
      const categories = action.field === 'adCategories' || action.field === 'pageContentCategory';
      const values = categories ? limitCategories(action.values) : [...new Set(action.values)];
      return { ...form, [action.field]: values };
    }
    case 'addLocation':
      return {
        ...form,
        averageLocationOfAudience: addLocation(form.averageLocationOfAudience, action.text),
      };
    case 'removeLocation':
      return {
        ...form,
        averageLocationOfAudience: form.averageLocationOfAudience.filter(
          (location) => location !== action.location,
        ),
      };
    case 'setPrice':
      return { ...form, pricing: { ...form.pricing, [action.field]: action.value } };
    case 'addAccount':
      return {
        ...form,
        accounts: [
          ...form.accounts,
          {
            key: action.key,
            id: null,
            platform: '',
            profileName: '',
            profileLink: '',
            profileDashboardPic: '',
            followers: '',
            verified: false,
          },
        ],
      };
    case 'updateAccount':
      return {
        ...form,
        accounts: form.accounts.map((account) =>
          // A verified account's platform, name, link and followers are locked (docs/product-spec.md section 4).
          account.key === action.key && !account.verified
            ? { ...account, ...action.patch }
            : account,
        ),
      };
    case 'removeAccount':
      return { ...form, accounts: form.accounts.filter((a) => a.key !== action.key) };
    case 'addPost':
      return {
        ...form,
        posts: [
          { key: action.key, id: null, platform: action.platform, category: '', postLink: '' },
          ...form.posts,
        ],
      };
    case 'updatePost':
      return {
        ...form,
        posts: form.posts.map((post) => {
          if (post.key !== action.key) return post;
          const next = { ...post, ...action.patch };
          // An image does not become a video link (or the reverse) when the platform changes.
          if (
            action.patch.platform !== undefined &&
            action.patch.postLink === undefined &&
            takesVideoLink(action.patch.platform) !== takesVideoLink(post.platform)
          ) {
            next.postLink = '';
          }
          return next;
        }),
      };
    case 'removePost':
      return { ...form, posts: form.posts.filter((post) => post.key !== action.key) };
    case 'saved': {
      const savedPosts = new Map(
        action.sentPostKeys.map((key, index) => [key, action.profile.pastPosts[index]]),
      );
      return {
        ...form,
        accounts: withSavedAccounts(form.accounts, action.profile.profileDetails),
        posts: form.posts.map((post) => {
          const saved = savedPosts.get(post.key);
          return saved ? { ...post, id: saved.id, postLink: saved.postLink } : post;
        }),
      };
    }
    case 'accountsRefreshed':
      return { ...form, accounts: withSavedAccounts(form.accounts, action.accounts) };
  }
}

const priceOf = (text: string): number | null => {
  const price = pricePayload(text);
  return typeof price === 'number' ? price : null;
};

/**
 * The profile as it would be published, for the wizard's Preview: the last saved profile with the
 * form's current values on top (only finished posts).
 */
export function previewProfile(base: ProfileView, form: ProfileForm): ProfileView {
  const pastPosts = postsToSend(form.posts).map((post) => ({
    id: post.id ?? post.key,
    platform: post.platform,
    category: post.category,
    postLink: normaliseLink(post.postLink),
  }));
  return {
    ...base,
    ownerName: form.ownerName.trim() || base.ownerName,
    email: form.email || base.email,
    mobile: form.mobile.trim() || null,
    whatsapp: form.whatsapp.trim() || null,
    description: form.description,
    profilePicUrl: form.profilePicUrl,
    socialMediaPlatforms: [...form.socialMediaPlatforms],
    adCategories: limitCategories(form.adCategories),
    pageContentCategory: limitCategories(form.pageContentCategory),
    averageAudienceType: [...form.averageAudienceType],
    averageLocationOfAudience: [...form.averageLocationOfAudience],
    pricing: {
      storyPost: priceOf(form.pricing.storyPost),
      feedPost: priceOf(form.pricing.feedPost),
      reel: priceOf(form.pricing.reel),
    },
    profileDetails: form.accounts
      .filter((account) => account.platform !== '' && account.profileName.trim() !== '')
      .map((account) => {
        const followers = followersPayload(account.followers);
        return {
          id: account.id ?? account.key,
          platform: account.platform,
          profileName: account.profileName.trim(),
          profilePicUrl: normaliseLink(account.profileLink),
          profileDashboardPic: account.profileDashboardPic,
          followers,
          followersCount: followersCount(followers),
          verified: account.verified,
          verifiedBy: null,
        };
      }),
    pastPosts,
    promotions: pastPosts.length,
  };
}

/**
 * The page owner profile (docs/product-spec.md section 3) as the wizard sends it to
 * `PUT /api/pageowners/updateUser/{userId}` and as `GET /api/pageowners/user/{userId}` answers it.
 */
import { z } from 'zod';
import { MAX_NAME_LENGTH } from '../accounts/contracts.ts';
import type { Role } from '../accounts/roles.ts';
import {
  isFollowersShorthand,
  followersCount,
  MAX_FOLLOWERS,
  type Followers,
} from './followers.ts';
import { takesVideoLink } from './media.ts';
import { MAX_COMPANY_NAME_LENGTH } from './names.ts';
import { isSafeHttpUrl, MAX_URL_LENGTH } from '../shared/links.ts';
import { nameText, optionalNameText } from '../shared/names.ts';
import { phoneField } from '../shared/phone.ts';
import { plausibleImageUrl, type ImageUrlRule } from '../uploads/urls.ts';
import {
  AUDIENCE_TYPES,
  CONTENT_TOPICS,
  MAX_LOCATION_LENGTH,
  PLATFORMS,
  PRODUCT_CATEGORIES,
  type Option,
} from './options.ts';

export const MAX_CATEGORIES = 20;
export const MAX_ACCOUNTS = 20;
export const MAX_PAST_POSTS = 50;
export const MAX_LOCATIONS = 20;
export const MAX_PRICE = 100_000_000;

export const PROFILE_MESSAGES = {
  accountDetailsMissing: 'Please fill all required account details before proceeding',
  pastPostsMissing: 'Please fill all required fields for past posts before submitting',
  updateFailed: 'Failed to update profile',
  verifiedAccountLocked:
    'This account is verified: its platform, profile name, profile link and followers cannot be changed.',
  duplicateAccount: 'The same social account is listed twice.',
  noAccounts: 'No social media accounts to verify',
  enterName: 'Enter your name',
  nameTooLong: `Your name can be at most ${MAX_NAME_LENGTH} characters long.`,
  companyNameText: 'Enter your company name as text.',
  companyNameTooLong: `The company name can be at most ${MAX_COMPANY_NAME_LENGTH} characters long.`,
  enterHandle: 'Enter the username of each social account',
  handleTooLong: `A username can be at most ${MAX_NAME_LENGTH} characters long.`,
  followers: 'Enter followers as a number, or a count such as 12.5k or 1.2M.',
  followersWhole: 'Enter followers as a whole number.',
  followersNegative: 'Followers cannot be negative.',
  followersTooLarge: 'That follower count is too large.',
  descriptionTooLong: 'The description can be at most 2,000 characters long.',
  locationTooLong: `Each audience location can be at most ${MAX_LOCATION_LENGTH} characters long.`,
  tooManyLocations: `You can list at most ${MAX_LOCATIONS} audience locations.`,
  tooManyAccounts: `You can list at most ${MAX_ACCOUNTS} social accounts.`,
  tooManyPosts: `You can add at most ${MAX_PAST_POSTS} posts.`,
} as const;

/** `what` names the choice in a sentence: "a platform", "an ad category". */
const optionField = (options: readonly Option[], what: string) => {
  const known = new Set(options.map((option) => option.value));
  const message = `Choose ${what} from the list.`;
  return z.string(message).refine((value) => known.has(value), { error: message });
};

/** `what` names the list in a sentence: "ad categories". */
const uniqueList = (item: z.ZodType<string>, max: number, what: string) =>
  z
    .array(item, `Choose ${what} from the list.`)
    .max(max, `You can choose at most ${max} ${what}.`)
    .transform((values) => [...new Set(values)]);

export const platformField = optionField(PLATFORMS, 'a platform');
const categoryValues = [...PRODUCT_CATEGORIES, ...CONTENT_TOPICS];

/**
 * What a refused link or picture is told, naming it in words ("The profile link"). Pages (an
 * account's profile, a video) are links to anywhere on the web; pictures are only files
 * uploaded here (domain/uploads/urls.ts).
 */
export const LINK_MESSAGES = {
  tooLong: (what: string) => `${what} can be at most ${MAX_URL_LENGTH} characters long.`,
  notAWebAddress: (what: string) => `${what} must be a web address starting with https://`,
  notUploadedHere: (what: string) =>
    `${what} must be uploaded here; images from other sites are not accepted.`,
  notAVideoLink: (what: string) => `${what} must be a link to the video, starting with https://`,
} as const;

const urlText = (what: string) =>
  z
    .string(`${what} must be a web address.`)
    .trim()
    .max(MAX_URL_LENGTH, LINK_MESSAGES.tooLong(what));

/** A link to a page (an account's profile): an absolute http(s) address, or nothing. */
const pageLinkField = (what: string) =>
  urlText(what).refine((value) => value === '' || isSafeHttpUrl(value), {
    error: LINK_MESSAGES.notAWebAddress(what),
  });

/** A picture: a file of our upload storage (`isOurImage`), or nothing. */
const imageField = (what: string, isOurImage: ImageUrlRule) =>
  urlText(what).refine((value) => value === '' || isOurImage(value), {
    error: LINK_MESSAGES.notUploadedHere(what),
  });

const FOLLOWERS_MESSAGE = PROFILE_MESSAGES.followers;
/** Digits, with commas between groups as people write them (12,500 or 1,25,000). */
const FOLLOWER_DIGITS = /^\d{1,11}(?:,\d{1,11})*$/;

/** A follower count as a JSON whole number, digits (with commas), or a k/M count ("12.5k"). */
export const followersField = z
  .union([z.number(), z.string()], FOLLOWERS_MESSAGE)
  .transform((value, ctx): Followers => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (typeof value === 'number') {
      if (!Number.isInteger(value)) return refuse(PROFILE_MESSAGES.followersWhole);
      if (value < 0) return refuse(PROFILE_MESSAGES.followersNegative);
      if (value > MAX_FOLLOWERS) return refuse(PROFILE_MESSAGES.followersTooLarge);
      return value;
    }
    const text = value.trim();
    const shorthand = text.length <= 20 && isFollowersShorthand(text);
    if (!shorthand && !FOLLOWER_DIGITS.test(text)) return refuse(FOLLOWERS_MESSAGE);
    if (followersCount(text) > MAX_FOLLOWERS) return refuse(PROFILE_MESSAGES.followersTooLarge);
    return shorthand ? text : Number(text.replaceAll(',', ''));
  });

/** Prices are whole rupees: at most nine digits reach MAX_PRICE. */
const PRICE_DIGITS = /^\d{1,9}$/;

/**
 * A price in whole rupees, or null (empty: "Negotiable"). A JSON number must be a whole number
 * from 0 to MAX_PRICE; text must be plain decimal digits (surrounding spaces aside): no sign,
 * no decimals, no exponent, no hexadecimal (`Number()` read "0x10" as 16 and "1e3" as 1000).
 * 1500.5 and "1500.5" are refused alike rather than rounded.
 */
const PRICE_LABELS: Readonly<Record<keyof Pricing, string>> = {
  storyPost: 'The Story Post price',
  feedPost: 'The Feed Post price',
  reel: 'The Reel price',
};
export const priceMessage = (field: keyof Pricing): string =>
  `${PRICE_LABELS[field]} must be a whole number of rupees, in digits only (at most ${MAX_PRICE.toLocaleString('en-IN')}).`;

const priceField = (field: keyof Pricing) =>
  z
    .union([z.number(), z.string(), z.null()], priceMessage(field))
    .transform((value, ctx): number | null => {
      if (value === null) return null;
      if (typeof value === 'string') {
        const text = value.trim();
        if (text === '') return null;
        if (PRICE_DIGITS.test(text)) {
          const price = Number.parseInt(text, 10);
          if (price <= MAX_PRICE) return price;
        }
      } else if (Number.isSafeInteger(value) && value >= 0 && value <= MAX_PRICE) {
        return value;
      }
      ctx.addIssue({ code: 'custom', message: priceMessage(field) });
      return z.NEVER;
    });

const socialAccountInputFor = (isOurImage: ImageUrlRule) =>
  z.object({
    id: z.string().max(64).optional(),
    platform: platformField,
    profileName: z
      .string(PROFILE_MESSAGES.enterHandle)
      .trim()
      .min(1, PROFILE_MESSAGES.enterHandle)
      .max(MAX_NAME_LENGTH, PROFILE_MESSAGES.handleTooLong),
    /** The profile's link (the spec stores it in a field called profilePicUrl): a page. */
    profilePicUrl: pageLinkField('The profile link').optional().default(''),
    /** A picture of the account's dashboard (insights): an upload. */
    profileDashboardPic: imageField('The dashboard picture', isOurImage).optional().default(''),
    followers: followersField,
  });
export const socialAccountInput = socialAccountInputFor(plausibleImageUrl);
export type SocialAccountInput = z.output<typeof socialAccountInput>;

/**
 * A past post (spec: past post flow): image platforms store the URL of an image uploaded here,
 * video platforms (YouTube, TikTok) a link to the video.
 */
const pastPostInputFor = (isOurImage: ImageUrlRule) =>
  z
    .object({
      id: z.string().max(64).optional(),
      category: optionField(categoryValues, 'a category for each post'),
      platform: platformField,
      postLink: urlText("The post's link").refine((value) => value !== '', {
        error: PROFILE_MESSAGES.pastPostsMissing,
      }),
    })
    .superRefine((post, ctx) => {
      const video = takesVideoLink(post.platform);
      if (video ? isSafeHttpUrl(post.postLink) : isOurImage(post.postLink)) return;
      ctx.addIssue({
        code: 'custom',
        path: ['postLink'],
        message: video
          ? LINK_MESSAGES.notAVideoLink("The post's link")
          : LINK_MESSAGES.notUploadedHere("The post's image"),
      });
    });
export const pastPostInput = pastPostInputFor(plausibleImageUrl);
export type PastPostInput = z.output<typeof pastPostInput>;

/**
 * The wizard's save. Every section is optional: what is absent stays as it is; an empty list
 * clears. `isOurImage` says which picture URLs are files of our upload storage: the server passes
 * its storage's rule (uploadedImagesOnly), the front ends use `profileUpdateRequest`, which
 * checks the shape only.
 */
export const profileUpdateRequestFor = (isOurImage: ImageUrlRule) =>
  z.object({
    ownerName: nameText(
      { required: PROFILE_MESSAGES.enterName, tooLong: PROFILE_MESSAGES.nameTooLong },
      MAX_NAME_LENGTH,
    ).optional(),
    /** A brand's company name; empty removes it. */
    companyName: optionalNameText(
      { notText: PROFILE_MESSAGES.companyNameText, tooLong: PROFILE_MESSAGES.companyNameTooLong },
      MAX_COMPANY_NAME_LENGTH,
    ).optional(),
    mobile: phoneField('Phone numbers').optional(),
    whatsapp: phoneField('WhatsApp numbers').optional(),
    description: z
      .string(PROFILE_MESSAGES.descriptionTooLong)
      .max(2000, PROFILE_MESSAGES.descriptionTooLong)
      .optional(),
    profilePicUrl: imageField('The profile picture', isOurImage).optional(),
    socialMediaPlatforms: uniqueList(platformField, PLATFORMS.length, 'platforms').optional(),
    adCategories: uniqueList(
      optionField(PRODUCT_CATEGORIES, 'an ad category'),
      MAX_CATEGORIES,
      'ad categories',
    ).optional(),
    pageContentCategory: uniqueList(
      optionField(CONTENT_TOPICS, 'a content category'),
      MAX_CATEGORIES,
      'content categories',
    ).optional(),
    averageAudienceType: uniqueList(
      optionField(AUDIENCE_TYPES, 'an audience type'),
      AUDIENCE_TYPES.length,
      'audience types',
    ).optional(),
    averageLocationOfAudience: z
      .array(
        z.string().max(MAX_LOCATION_LENGTH, PROFILE_MESSAGES.locationTooLong),
        PROFILE_MESSAGES.locationTooLong,
      )
      .max(100)
      .transform((locations) => [
        ...new Set(locations.map((l) => l.trim()).filter((l) => l !== '')),
      ])
      .pipe(z.array(z.string()).max(MAX_LOCATIONS, PROFILE_MESSAGES.tooManyLocations))
      .optional(),
    pricing: z
      .object({
        storyPost: priceField('storyPost').optional(),
        feedPost: priceField('feedPost').optional(),
        reel: priceField('reel').optional(),
      })
      // Exactly the spec's three prices: anything else (an operator object) is refused, not dropped.
      .strict()
      .optional(),
    profileDetails: z
      .array(socialAccountInputFor(isOurImage))
      .max(MAX_ACCOUNTS, PROFILE_MESSAGES.tooManyAccounts)
      .optional(),
    pastPosts: z
      .array(pastPostInputFor(isOurImage))
      .max(MAX_PAST_POSTS, PROFILE_MESSAGES.tooManyPosts)
      .optional(),
  });

/** The wizard's save as the front ends check it: the shape of picture URLs only. */
export const profileUpdateRequest = profileUpdateRequestFor(plausibleImageUrl);
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;
export type ProfileUpdate = z.output<typeof profileUpdateRequest>;

export type Pricing = { storyPost: number | null; feedPost: number | null; reel: number | null };

export type SocialAccountView = {
  id: string;
  platform: string;
  profileName: string;
  profilePicUrl: string;
  profileDashboardPic: string;
  followers: Followers;
  followersCount: number;
  verified: boolean;
  verifiedBy: 'instagram_otp' | 'youtube_oauth' | null;
};

export type PastPostView = { id: string; category: string; platform: string; postLink: string };

/**
 * What a profile shows of its owner's work, as the wizard saves it: the same fields in the API's
 * answer and in the stored profile (services/profiles/projection.ts).
 */
export type ProfileContent = {
  description: string;
  profilePicUrl: string;
  socialMediaPlatforms: string[];
  profileDetails: SocialAccountView[];
  adCategories: string[];
  pageContentCategory: string[];
  averageAudienceType: string[];
  averageLocationOfAudience: string[];
  pricing: Pricing;
  pastPosts: PastPostView[];
};

/** The profile as the API answers it (docs/product-spec.md section 3, "Page owner profile"). */
export type ProfileView = {
  _id: string;
  /** The person's name (names.ts), never a handle. */
  ownerName: string;
  /** A brand's company name, when given. */
  companyName: string | null;
  /** The handle shown beside the name, when there is one. */
  handle: string | null;
  /** Contact fields: only for the owner and admins; null for everyone else. */
  email: string | null;
  mobile: string | null;
  whatsapp: string | null;
  role: Role;
} & ProfileContent & {
    /** Promotions count: the number of past posts. */
    promotions: number;
    isOnline: boolean;
    /** One of the marketplace's first creators: the early-adopter badge (issue 24). */
    earlyAdopter: boolean;
    /** A creator's usual first reply in hours ("Usually replies within N hours"), or null. */
    replyHours: number | null;
    /** The owner's balance; null for everyone else. */
    linkCoins: number | null;
    createdAt: string;
    updatedAt: string;
  };

/**
 * The page owner profile (spec section 3) as the wizard sends it to
 * `PUT /api/pageowners/updateUser/{userId}` and as `GET /api/pageowners/user/{userId}` answers it.
 */
import { z } from 'zod';
import { MAX_NAME_LENGTH } from '../accounts/contracts.ts';
import type { Role } from '../accounts/roles.ts';
import { isFollowersShorthand, type Followers } from './followers.ts';
import { isMediaLink } from './media.ts';
import { phoneField } from '../shared/phone.ts';
import {
  AUDIENCE_TYPES,
  CONTENT_TOPICS,
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
} as const;

const optionField = (options: readonly Option[], what: string) => {
  const known = new Set(options.map((option) => option.value));
  return z.string(`${what}: expected a value from the list`).refine((value) => known.has(value), {
    error: (issue) => `${what}: "${String(issue.input)}" is not in the list`,
  });
};

const uniqueList = (item: z.ZodType<string>, max: number, what: string) =>
  z
    .array(item, `${what}: expected a list`)
    .max(max, `${what}: at most ${max} may be chosen`)
    .transform((values) => [...new Set(values)]);

export const platformField = optionField(PLATFORMS, 'platform');
const categoryValues = [...PRODUCT_CATEGORIES, ...CONTENT_TOPICS];

const linkField = (what: string) =>
  z
    .string(`${what}: expected a link`)
    .trim()
    .max(500, `${what}: at most 500 characters`)
    .refine((value) => value === '' || isMediaLink(value), {
      error: `${what}: expected an https:// link`,
    });

export const followersField = z.union(
  [
    z
      .number()
      .int('followers: a whole number')
      .min(0, 'followers: cannot be negative')
      .max(10_000_000_000, 'followers: too large'),
    z
      .string()
      .trim()
      .refine((text) => isFollowersShorthand(text) || /^\d[\d,]*$/.test(text), {
        error: 'followers: a number, or a count such as 12.5k or 1.2M',
      })
      .transform((text): Followers =>
        isFollowersShorthand(text) ? text : Number(text.replaceAll(',', '')),
      ),
  ],
  'followers: a number, or a count such as 12.5k or 1.2M',
);

const priceField = z
  .union([z.number(), z.string().trim(), z.null()])
  .transform((value, ctx): number | null => {
    if (value === null || value === '') return null;
    const number = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(number) || number < 0 || number > MAX_PRICE) {
      ctx.addIssue({ code: 'custom', message: `pricing: a price from 0 to ${MAX_PRICE} rupees` });
      return z.NEVER;
    }
    return Math.round(number);
  });

export const socialAccountInput = z.object({
  id: z.string().max(64).optional(),
  platform: platformField,
  profileName: z
    .string('profileName: required')
    .trim()
    .min(1, 'profileName: required')
    .max(MAX_NAME_LENGTH, `profileName: at most ${MAX_NAME_LENGTH} characters`),
  /** The profile's link (the spec stores it in a field called profilePicUrl). */
  profilePicUrl: linkField('profile link').optional().default(''),
  profileDashboardPic: linkField('dashboard image').optional().default(''),
  followers: followersField,
});
export type SocialAccountInput = z.output<typeof socialAccountInput>;

export const pastPostInput = z.object({
  id: z.string().max(64).optional(),
  category: optionField(categoryValues, 'category'),
  platform: platformField,
  postLink: linkField('postLink').refine((value) => value !== '', {
    error: PROFILE_MESSAGES.pastPostsMissing,
  }),
});
export type PastPostInput = z.output<typeof pastPostInput>;

/** Every section is optional: what is absent stays as it is; an empty list clears. */
export const profileUpdateRequest = z.object({
  ownerName: z
    .string()
    .trim()
    .min(1, 'ownerName: required')
    .max(MAX_NAME_LENGTH, `ownerName: at most ${MAX_NAME_LENGTH} characters`)
    .optional(),
  mobile: phoneField('mobile').optional(),
  whatsapp: phoneField('whatsapp').optional(),
  description: z.string().max(2000, 'description: at most 2000 characters').optional(),
  profilePicUrl: linkField('profilePicUrl').optional(),
  socialMediaPlatforms: uniqueList(
    platformField,
    PLATFORMS.length,
    'socialMediaPlatforms',
  ).optional(),
  adCategories: uniqueList(
    optionField(PRODUCT_CATEGORIES, 'adCategories'),
    MAX_CATEGORIES,
    'adCategories',
  ).optional(),
  pageContentCategory: uniqueList(
    optionField(CONTENT_TOPICS, 'pageContentCategory'),
    MAX_CATEGORIES,
    'pageContentCategory',
  ).optional(),
  averageAudienceType: uniqueList(
    optionField(AUDIENCE_TYPES, 'averageAudienceType'),
    AUDIENCE_TYPES.length,
    'averageAudienceType',
  ).optional(),
  averageLocationOfAudience: z
    .array(z.string().max(60, 'averageLocationOfAudience: at most 60 characters each'))
    .max(100)
    .transform((locations) => [...new Set(locations.map((l) => l.trim()).filter((l) => l !== ''))])
    .pipe(
      z
        .array(z.string())
        .max(MAX_LOCATIONS, `averageLocationOfAudience: at most ${MAX_LOCATIONS} places`),
    )
    .optional(),
  pricing: z
    .object({
      storyPost: priceField.optional(),
      feedPost: priceField.optional(),
      reel: priceField.optional(),
    })
    .optional(),
  profileDetails: z
    .array(socialAccountInput)
    .max(MAX_ACCOUNTS, `profileDetails: at most ${MAX_ACCOUNTS} accounts`)
    .optional(),
  pastPosts: z
    .array(pastPostInput)
    .max(MAX_PAST_POSTS, `pastPosts: at most ${MAX_PAST_POSTS} posts`)
    .optional(),
});
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

/** The profile as the API answers it (spec section 3, "Page owner profile"). */
export type ProfileView = {
  _id: string;
  ownerName: string;
  /** Contact fields: only for the owner and admins; null for everyone else. */
  email: string | null;
  mobile: string | null;
  whatsapp: string | null;
  role: Role;
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
  /** Promotions count: the number of past posts. */
  promotions: number;
  isOnline: boolean;
  /** The owner's balance; null for everyone else. */
  linkCoins: number | null;
  createdAt: string;
  updatedAt: string;
};

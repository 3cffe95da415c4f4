/**
 * The directory's answers (shared by the server and the user app) and the demo-seeding request.
 * The request of `GET /api/pageowners/users` is `directoryQuery` in search.ts.
 */
import { z } from 'zod';
import { profileUpdateRequest, type ProfileView } from '../profiles/contracts.ts';
import { nameText } from '../shared/names.ts';
import { DEMO_EMAIL_DOMAIN, isDemoEmail } from './demo.ts';
import type { DirectoryAccount } from './entry.ts';
import type { DiscoveryPager } from './pager.ts';
import type { DirectoryView } from './search.ts';
import type { VisibilityLevel } from './visibility.ts';

/**
 * One creator in the directory: the public profile (ProfileView's fields, so the detail modal
 * shows an item as it shows a profile) without any contact field or balance, plus what the cards
 * and filters show.
 */
export type DirectoryItem = Omit<
  ProfileView,
  'email' | 'mobile' | 'whatsapp' | 'linkCoins' | 'profileDetails' | 'role'
> & {
  role: 'influencer';
  profileDetails: DirectoryAccount[];
  /** The largest follower count of any account, and how spec section 5 shows it. */
  followers: number;
  followersLabel: string;
  /** The largest Instagram account (the card's "Instagram follower count"). */
  instagramFollowers: number;
  instagramFollowersLabel: string;
  verified: boolean;
  verifiedPlatforms: string[];
  visibility: VisibilityLevel;
  /** In the first 30 days after sign-up (boosted in the default order). */
  isNew: boolean;
  /** A demo account made by `make seed`. */
  demo: boolean;
};

export type DirectoryAnswer = {
  success: true;
  data: DirectoryItem[];
  /** The spec's page count; in the discovery view, the pages this viewer may open. */
  totalPages: number;
  page: number;
  limit: number;
  /** Matching creators (in the discovery view, all of them, opened or not). */
  total: number;
  view: DirectoryView;
  /** The pager of both views: pages of 10, what is open and what LinkCoins unlock. */
  pager: DiscoveryPager;
};

/** `GET /api/pageowners/visibility/:userId`: where a creator stands on the visibility bar. */
export type VisibilityAnswer = {
  success: true;
  userId: string;
  level: VisibilityLevel;
  /** 40, 100 or 150 (spec section 1). */
  percent: number;
  next: Readonly<{ level: VisibilityLevel; percent: number }> | null;
  /** What would raise the level, in the wizard's words. */
  missing: readonly Readonly<{ key: string; label: string }>[];
  boost: Readonly<{ active: boolean; days: number; endsAt: string }>;
};

// Demo data (`make seed`) ---------------------------------------------------------------------

const demoEmail = z
  .email('Enter a valid email address.')
  .max(254)
  .refine(isDemoEmail, { error: `Demo accounts use the ${DEMO_EMAIL_DOMAIN} domain.` });

export const MAX_DEMO_ACCOUNTS_PER_REQUEST = 50;

export const demoAccountInput = z.strictObject({
  email: demoEmail,
  ownerName: nameText(
    { required: 'Enter a name.', tooLong: 'A name can be at most 80 characters long.' },
    80,
  ),
  role: z.enum(['influencer', 'user']),
  signedUpDaysAgo: z.number().int().min(0).max(3650),
  profile: profileUpdateRequest,
  avatar: z.strictObject({
    initials: z
      .string()
      .regex(/^[\p{L}\p{N}]{1,3}$/u, 'The initials must be one to three letters.'),
    hue: z.number().int().min(0).max(359),
  }),
  youtube: z
    .strictObject({
      handle: z.string().trim().min(1).max(80),
      channelTitle: z.string().trim().min(1).max(100),
      subscribers: z.number().int().min(0).max(10_000_000_000),
    })
    .nullable(),
  coins: z.number().int().min(0).max(10_000),
});

/** `POST /api/admin/demo-accounts`: a batch of demo accounts to make (made once each). */
export const demoAccountsRequest = z.strictObject({
  /** The password every demo account signs in with (shown by `make seed`). */
  password: z.string().min(8).max(128),
  accounts: z.array(demoAccountInput).min(1).max(MAX_DEMO_ACCOUNTS_PER_REQUEST),
});
export type DemoAccountsRequest = z.input<typeof demoAccountsRequest>;

export type DemoAccountOutcome = Readonly<{
  email: string;
  userId: string;
  role: 'influencer' | 'user';
  /** False when the account was there already (nothing new was made for it). */
  created: boolean;
  verified: boolean;
  coins: number;
}>;

export type DemoAccountsAnswer = {
  success: true;
  accounts: DemoAccountOutcome[];
};

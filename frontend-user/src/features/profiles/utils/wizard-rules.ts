import type { Role } from '@linkcoin/domain/accounts/roles.ts';
import { PROFILE_MESSAGES, type ProfileView } from '@linkcoin/domain/profiles/contracts.ts';
import { isFollowersShorthand } from '@linkcoin/domain/profiles/followers.ts';
import { takesVideoLink } from '@linkcoin/domain/profiles/media.ts';
import { labelOf } from '@linkcoin/domain/profiles/options.ts';
import {
  hasMedia,
  isCompletePost,
  type AccountDraft,
  type PostDraft,
  type PriceDraft,
} from './profile-form';

/** The wizard's steps (docs/product-spec.md section 2), in order. */
export type WizardStep = 'personal' | 'accounts' | 'verification' | 'posts';

export const STEP_LABELS: Readonly<Record<WizardStep, string>> = {
  personal: 'Personal Details',
  accounts: 'Add Social Media Accounts',
  verification: 'Verification',
  posts: 'Upload Posts',
};

/** docs/product-spec.md section 6: a brand (role user) sees only Personal Details; other roles see four steps. */
export function stepsFor(role: Role): WizardStep[] {
  return role === 'user' ? ['personal'] : ['personal', 'accounts', 'verification', 'posts'];
}

/**
 * Whether a step is done, judged on the saved profile (the stepper marks it): a name; accounts
 * and all three prices; a verified account; a post.
 */
export function stepDone(step: WizardStep, saved: ProfileView): boolean {
  switch (step) {
    case 'personal':
      return saved.ownerName.trim() !== '';
    case 'accounts':
      return (
        saved.profileDetails.length > 0 &&
        Object.values(saved.pricing).every((price) => price !== null)
      );
    case 'verification':
      return saved.profileDetails.some((account) => account.verified);
    case 'posts':
      return saved.pastPosts.length > 0;
  }
}

/** A follower count as people type it: 12500, 12,500, 12.5k or 1.2M (never negative). */
export function isFollowersText(text: string): boolean {
  const value = text.trim();
  return value !== '' && (/^\d[\d,]*$/.test(value) || isFollowersShorthand(value));
}

/** What an account still lacks before step 2 can be left. */
export function accountProblems(account: AccountDraft) {
  return {
    platform: account.platform === '',
    profileName: account.profileName.trim() === '',
    followers: !isFollowersText(account.followers),
  };
}

export function isCompleteAccount(account: AccountDraft): boolean {
  return !Object.values(accountProblems(account)).some(Boolean);
}

/**
 * docs/product-spec.md section 5: leaving step 2 requires every account to have platform, profileName and
 * followers >= 0, and all three prices non-empty. Answers the alert to show, or null.
 */
export function accountsStepProblem(form: {
  accounts: readonly AccountDraft[];
  pricing: PriceDraft;
}): string | null {
  const pricesFilled = Object.values(form.pricing).every((price) => price.trim() !== '');
  const accountsFilled = form.accounts.every(isCompleteAccount);
  return pricesFilled && accountsFilled ? null : PROFILE_MESSAGES.accountDetailsMissing;
}

/** The first post that is not finished yet, as the rows number it (from 1), and what it lacks. */
export type UnfinishedPost = Readonly<{
  number: number;
  key: string;
  platform: string;
  missing: readonly ('platform' | 'category' | 'image' | 'link' | 'youtubeLink')[];
}>;

export function firstUnfinishedPost(posts: readonly PostDraft[]): UnfinishedPost | null {
  const index = posts.findIndex((post) => !isCompletePost(post));
  const post = posts[index];
  if (!post) return null;
  const missing: UnfinishedPost['missing'][number][] = [];
  if (post.platform === '') missing.push('platform');
  if (post.category === '') missing.push('category');
  if (!hasMedia(post)) {
    if (post.platform === 'youtube' && post.postLink.trim() !== '') missing.push('youtubeLink');
    else missing.push(post.platform !== '' && takesVideoLink(post.platform) ? 'link' : 'image');
  }
  return { number: index + 1, key: post.key, platform: post.platform, missing };
}

const TO_DO: Readonly<Record<UnfinishedPost['missing'][number], string>> = {
  platform: 'choose a platform',
  category: 'choose a category',
  image: 'upload an image',
  link: 'paste the link of the video',
  youtubeLink: 'paste the link of a YouTube video',
};

/**
 * Why a save is held back: a post cannot be saved half-finished, and a save never drops it
 * silently, so the person finishes it or removes it first.
 */
export function unfinishedPostText(post: UnfinishedPost): string {
  const name = post.platform
    ? `Post ${post.number} (${labelOf(post.platform)})`
    : `Post ${post.number}`;
  const steps = post.missing.map((what) => TO_DO[what]);
  const todo =
    steps.length > 1 ? `${steps.slice(0, -1).join(', ')} and ${steps.at(-1)!}` : (steps[0] ?? '');
  return `${name} is not finished: ${todo}, or remove it. Unfinished posts are not saved.`;
}

/** A fair shuffle (Fisher-Yates); the random source is passed in so tests can pin it. */
export function shuffle<T>(values: readonly T[], random: () => number): T[] {
  const result = [...values];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/** The quick-add chips: the first `count` values of a (shuffled) order not chosen yet. */
export function quickAddChoices(
  order: readonly string[],
  chosen: readonly string[],
  count: number,
): string[] {
  const taken = new Set(chosen);
  return order.filter((value) => !taken.has(value)).slice(0, count);
}

/** Quick-add is disabled once a capped list is full (docs/product-spec.md section 5: 20 categories). */
export function quickAddDisabled(chosen: readonly string[], max: number | undefined): boolean {
  return max !== undefined && chosen.length >= max;
}

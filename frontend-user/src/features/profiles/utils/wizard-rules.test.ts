import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@linkcoin/domain/profiles/contracts.ts';
import type { AccountDraft, PostDraft, PriceDraft } from './profile-form';
import {
  accountsStepProblem,
  firstUnfinishedPost,
  isFollowersText,
  quickAddChoices,
  quickAddDisabled,
  shuffle,
  stepDone,
  stepsFor,
  unfinishedPostText,
} from './wizard-rules';
import { profileView } from './test-profile';

const account = (overrides: Partial<AccountDraft> = {}): AccountDraft => ({
  key: 'k',
  id: null,
  platform: 'instagram',
  profileName: 'asha.cooks',
  profileLink: '',
  profileDashboardPic: '',
  followers: '12.5k',
  verified: false,
  ...overrides,
});
const prices: PriceDraft = { storyPost: '1500', feedPost: '3000', reel: '0' };
const post = (overrides: Partial<PostDraft> = {}): PostDraft => ({
  key: 'p',
  id: null,
  platform: 'instagram',
  category: 'cooking',
  postLink: '/uploads/0a1b2c.jpg',
  ...overrides,
});

describe('the wizard steps', () => {
  it('are Personal Details only for a brand, four steps for everyone else', () => {
    expect(stepsFor('user')).toEqual(['personal']);
    expect(stepsFor('influencer')).toEqual(['personal', 'accounts', 'verification', 'posts']);
    expect(stepsFor('admin')).toHaveLength(4);
  });
});

describe('leaving step 2', () => {
  it('is allowed with complete accounts and all three prices (no accounts is fine)', () => {
    expect(accountsStepProblem({ accounts: [account()], pricing: prices })).toBeNull();
    expect(accountsStepProblem({ accounts: [], pricing: prices })).toBeNull();
  });

  it.each([
    ['no platform', { platform: '' }],
    ['a blank profile name', { profileName: '   ' }],
    ['no followers', { followers: '' }],
    ['negative followers', { followers: '-5' }],
    ['followers that are not a count', { followers: 'lots' }],
  ])('is refused for an account with %s', (_what, overrides) => {
    expect(
      accountsStepProblem({ accounts: [account(), account(overrides)], pricing: prices }),
    ).toBe(PROFILE_MESSAGES.accountDetailsMissing);
  });

  it.each(['storyPost', 'feedPost', 'reel'] as const)(
    'is refused without the %s price',
    (field) => {
      expect(accountsStepProblem({ accounts: [], pricing: { ...prices, [field]: ' ' } })).toBe(
        'Please fill all required account details before proceeding',
      );
    },
  );

  it('takes 0 followers and the k / M shorthand', () => {
    for (const text of ['0', '48213', '12,500', '12.5k', '1.2M', ' 3K ']) {
      expect(isFollowersText(text)).toBe(true);
    }
  });
});

describe('submitting the last step', () => {
  it('needs category, platform and an image or link on every post', () => {
    expect(firstUnfinishedPost([])).toBeNull();
    expect(
      firstUnfinishedPost([
        post(),
        post({ platform: 'youtube', postLink: 'https://youtu.be/dQw4w9WgXcQ' }),
      ]),
    ).toBeNull();
    for (const broken of [
      post({ category: '' }),
      post({ platform: '' }),
      post({ postLink: '' }),
      post({ postLink: '   ' }),
    ]) {
      expect(firstUnfinishedPost([post(), broken])).toMatchObject({ number: 2 });
    }
  });

  it('accepts a YouTube link only when an 11-character video id can be read from it', () => {
    const youtube = (postLink: string) => post({ platform: 'youtube', postLink });
    expect(
      firstUnfinishedPost([youtube('https://www.youtube.com/watch?v=dQw4w9WgXcQ')]),
    ).toBeNull();
    expect(firstUnfinishedPost([youtube('www.youtube.com/watch?v=dQw4w9WgXcQ')])).toBeNull();
    expect(firstUnfinishedPost([youtube('https://www.youtube.com/@AshaCooksTV')])).not.toBeNull();
  });
});

describe('an unfinished post', () => {
  it('is named by its row number and platform, with what it still lacks', () => {
    expect(firstUnfinishedPost([post(), post({ key: 'q' })])).toBeNull();
    const unfinished = firstUnfinishedPost([
      post({ key: 'a' }),
      post({ key: 'b', category: '', postLink: '' }),
      post({ key: 'c', category: '' }),
    ]);
    expect(unfinished).toEqual({
      number: 2,
      key: 'b',
      platform: 'instagram',
      missing: ['category', 'image'],
    });
    expect(unfinishedPostText(unfinished!)).toBe(
      'Post 2 (Instagram) is not finished: choose a category and upload an image, or remove it. ' +
        'Unfinished posts are not saved.',
    );
  });

  it('asks for the link of a video post, and for a real video on YouTube', () => {
    const tiktok = firstUnfinishedPost([post({ platform: 'tiktok', postLink: '' })]);
    expect(unfinishedPostText(tiktok!)).toBe(
      'Post 1 (TikTok) is not finished: paste the link of the video, or remove it. ' +
        'Unfinished posts are not saved.',
    );
    const channel = firstUnfinishedPost([
      post({ platform: 'youtube', postLink: 'https://www.youtube.com/@AshaCooksTV' }),
    ]);
    expect(channel?.missing).toEqual(['youtubeLink']);
    const bare = firstUnfinishedPost([post({ platform: '', category: '', postLink: '' })]);
    expect(unfinishedPostText(bare!)).toBe(
      'Post 1 is not finished: choose a platform, choose a category and upload an image, or ' +
        'remove it. Unfinished posts are not saved.',
    );
  });
});

describe('quick-add chips', () => {
  it('offer the first values of the random order that are not chosen yet', () => {
    const order = ['youtube', 'tiktok', 'instagram', 'facebook', 'twitter', 'linkedin'];
    expect(quickAddChoices(order, [], 4)).toEqual(['youtube', 'tiktok', 'instagram', 'facebook']);
    expect(quickAddChoices(order, ['tiktok', 'facebook'], 4)).toEqual([
      'youtube',
      'instagram',
      'twitter',
      'linkedin',
    ]);
    expect(quickAddChoices(order, order, 4)).toEqual([]);
  });

  it('are disabled once a capped list holds 20', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `c${i}`);
    expect(quickAddDisabled(twenty.slice(0, 19), 20)).toBe(false);
    expect(quickAddDisabled(twenty, 20)).toBe(true);
    expect(quickAddDisabled(twenty, undefined)).toBe(false);
  });

  it('come from a shuffle that keeps every value once', () => {
    const values = ['a', 'b', 'c', 'd', 'e'];
    const sequence = [0.9, 0.1, 0.5, 0.3];
    let call = 0;
    const shuffled = shuffle(values, () => sequence[call++ % sequence.length]!);
    expect([...shuffled].sort()).toEqual(values);
    expect(shuffle(values, () => 0.999)).toEqual(values);
    expect(values).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('steps done', () => {
  it('judges each step on the saved profile', () => {
    const saved = profileView();
    expect(stepDone('personal', saved)).toBe(true);
    expect(stepDone('accounts', saved)).toBe(false); // the feed post price is Negotiable
    expect(
      stepDone('accounts', { ...saved, pricing: { storyPost: 1, feedPost: 2, reel: 3 } }),
    ).toBe(true);
    expect(stepDone('verification', saved)).toBe(true);
    expect(
      stepDone('verification', {
        ...saved,
        profileDetails: saved.profileDetails.map((a) => ({ ...a, verified: false })),
      }),
    ).toBe(false);
    expect(stepDone('posts', saved)).toBe(true);
    expect(stepDone('posts', { ...saved, pastPosts: [] })).toBe(false);
  });
});

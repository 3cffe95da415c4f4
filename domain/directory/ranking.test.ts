import { describe, expect, it } from 'vitest';
import { emptyProfile, type ProfileState } from '../profiles/profile.ts';
import { boostEndsAt, NEW_CREATOR_BOOST, rankOf, reachScore } from './ranking.ts';
import { visibilityLevelOf, visibilityOf } from './visibility.ts';

const complete = (): ProfileState => ({
  ...emptyProfile(),
  personal: {
    ownerName: 'Asha',
    legacyHandle: null,
    mobile: '',
    whatsapp: '',
    description: 'Home chef.',
  },
  profilePicUrl: '/uploads/a.png',
  platforms: ['instagram'],
  adCategories: ['spices'],
  pageContentCategory: ['cooking'],
  averageAudienceType: ['foodies'],
  averageLocationOfAudience: ['Pune'],
  pricing: { storyPost: 500, feedPost: 900, reel: 1500 },
  accounts: [
    {
      id: 'a1',
      platform: 'instagram',
      profileName: 'asha.cooks',
      profileUrl: '',
      dashboardPic: '',
      followers: '12.5k',
      followersCount: 12_500,
      verifiedBy: null,
    },
  ],
});

describe('the visibility bar (docs/product-spec.md section 1)', () => {
  it('is basic until every part a brand looks at is filled in, and says what is missing', () => {
    expect(visibilityOf(emptyProfile())).toMatchObject({
      level: 'basic',
      percent: 40,
      next: 'complete',
    });
    expect(visibilityOf(emptyProfile()).missing.map((m) => m.key)).toEqual([
      'profilePicUrl',
      'description',
      'socialMediaPlatforms',
      'profileDetails',
      'adCategories',
      'pageContentCategory',
      'averageAudienceType',
      'averageLocationOfAudience',
      'pricing',
    ]);
    const noReel = { ...complete(), pricing: { storyPost: 500, feedPost: 900, reel: null } };
    expect(visibilityOf(noReel)).toMatchObject({
      level: 'basic',
      missing: [
        { key: 'pricing', label: 'Set your prices for a Story Post, a Feed Post and a Reel' },
      ],
    });
    const blank = { ...complete(), personal: { ...complete().personal, description: '   ' } };
    expect(visibilityOf(blank).missing.map((m) => m.key)).toEqual(['description']);
  });

  it('is complete at 100 %, and verified at 150 % once an account is verified', () => {
    expect(visibilityOf(complete())).toEqual({
      level: 'complete',
      percent: 100,
      next: 'verified',
      missing: [{ key: 'verifiedAccount', label: 'Verify your Instagram or YouTube account' }],
    });
    const verified = {
      ...complete(),
      accounts: complete().accounts.map((a) => ({ ...a, verifiedBy: 'instagram_otp' as const })),
    };
    expect(visibilityOf(verified)).toEqual({
      level: 'verified',
      percent: 150,
      next: null,
      missing: [],
    });
    // Verified but incomplete stays basic: the bar is a ladder.
    expect(visibilityOf({ ...verified, adCategories: [] }).level).toBe('basic');
    // The level alone (what the directory keeps) is the bar's level.
    for (const profile of [emptyProfile(), complete(), verified, { ...verified, adCategories: [] }])
      expect(visibilityLevelOf(profile)).toBe(visibilityOf(profile).level);
  });
});

describe('the rank', () => {
  it('grows by one point for ten times the followers', () => {
    expect(reachScore(0)).toBe(1);
    expect(reachScore(9)).toBeCloseTo(2);
    expect(reachScore(999_999)).toBeCloseTo(7);
    expect(reachScore(-5)).toBe(1);
  });

  it('weighs reach by the visibility bar: 40 %, 100 %, 150 %', () => {
    const at = (visibility: 'basic' | 'complete' | 'verified', followers: number) =>
      rankOf({ visibility, followers, boosted: false });
    expect(at('basic', 99)).toBeCloseTo(0.4 * 3, 6);
    expect(at('complete', 99)).toBeCloseTo(3, 6);
    expect(at('verified', 99)).toBeCloseTo(4.5, 6);
    // A verified creator with 10k followers outranks a basic profile with ten million.
    expect(at('verified', 10_000)).toBeGreaterThan(at('basic', 10_000_000));
    expect(at('complete', 1_000_000)).toBeGreaterThan(at('basic', 10_000_000));
  });

  it("raises a new creator's rank in the first 30 days", () => {
    const plain = rankOf({ visibility: 'complete', followers: 5000, boosted: false });
    const boosted = rankOf({ visibility: 'complete', followers: 5000, boosted: true });
    expect(boosted / plain).toBeCloseTo(NEW_CREATOR_BOOST, 5);
    expect(boostEndsAt('2026-01-01T00:00:00.000Z')).toBe('2026-01-31T00:00:00.000Z');
  });

  it('is rounded to six decimals, so every store compares the same numbers', () => {
    const rank = rankOf({ visibility: 'verified', followers: 12_345, boosted: true });
    expect(Math.round(rank * 1e6) / 1e6).toBe(rank);
  });
});

import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import { profileUpdateRequest, type ProfileUpdateRequest } from './contracts.ts';
import { profileDecider, type ProfileEvent, type SocialAccountAdded } from './profile.ts';

const given = DeciderSpecification.for(profileDecider);
const meta = testMetadata({ now: new Date('2026-04-01T08:00:00.000Z'), actorUserId: 'creator-1' });
const update = (request: ProfileUpdateRequest, newIds = ['id-1', 'id-2', 'id-3', 'id-4']) => ({
  type: 'UpdateProfile' as const,
  data: { changes: profileUpdateRequest.parse(request), newIds },
  metadata: meta,
});

const instagram: SocialAccountAdded = {
  type: 'SocialAccountAdded',
  data: {
    account: {
      id: 'acc-1',
      platform: 'instagram',
      profileName: 'asha.cooks',
      profileUrl: 'https://instagram.com/asha.cooks',
      dashboardPic: '',
      followers: '12.5k',
      followersCount: 12_500,
    },
  },
};
const verified: ProfileEvent = {
  type: 'SocialAccountVerified',
  data: {
    accountId: 'acc-1',
    method: 'instagram_otp',
    followers: null,
    verificationId: 'v-1',
    at: 'then',
  },
};
const sameInstagram = {
  platform: 'instagram',
  profileName: 'asha.cooks',
  profilePicUrl: 'https://instagram.com/asha.cooks',
  followers: '12.5k',
};

describe('a creator profile', () => {
  it('records personal details and the picture only when they change', () => {
    given([])
      .when(
        update({
          ownerName: 'Asha Cooks',
          mobile: '+91 98765 43210',
          description: 'Home chef',
          profilePicUrl: '/uploads/a1.jpg',
        }),
      )
      .then([
        { type: 'OwnerNameChanged', data: { ownerName: 'Asha Cooks' } },
        {
          type: 'PersonalDetailsUpdated',
          data: {
            ownerName: null,
            mobile: '+91 98765 43210',
            whatsapp: '',
            description: 'Home chef',
          },
        },
        { type: 'ProfilePictureChanged', data: { profilePicUrl: '/uploads/a1.jpg' } },
      ]);
    given({ type: 'OwnerNameChanged', data: { ownerName: 'Asha Cooks' } })
      .when(update({ ownerName: 'Asha Cooks', mobile: '' }))
      .thenNothingHappens();
  });

  it('keeps the name and the handles apart, reading old saves by the legacy rule', () => {
    // The old wizard's "Insta or YouTube Username" held a handle: it is a handle, not a name.
    const handleSaved = fold(profileDecider, [
      {
        type: 'PersonalDetailsUpdated',
        data: { ownerName: '@asha.cooks', mobile: '', whatsapp: '', description: '' },
      },
    ]);
    expect(handleSaved.personal).toMatchObject({ ownerName: null, legacyHandle: 'asha.cooks' });
    // ... or a name, kept as the name.
    const nameSaved = fold(profileDecider, [
      {
        type: 'PersonalDetailsUpdated',
        data: { ownerName: 'Asha Khan', mobile: '', whatsapp: '', description: '' },
      },
    ]);
    expect(nameSaved.personal).toMatchObject({ ownerName: 'Asha Khan', legacyHandle: null });
    // A brand's company name: set, unchanged, removed.
    given([])
      .when(update({ companyName: '  Spice  Route ' }))
      .then([{ type: 'CompanyNameChanged', data: { companyName: 'Spice Route' } }]);
    given({ type: 'CompanyNameChanged', data: { companyName: 'Spice Route' } })
      .when(update({ companyName: 'Spice Route' }))
      .thenNothingHappens();
    given({ type: 'CompanyNameChanged', data: { companyName: 'Spice Route' } })
      .when(update({ companyName: '' }))
      .then([{ type: 'CompanyNameChanged', data: { companyName: null } }]);
  });

  it('records platforms, categories, audience and prices', () => {
    given([])
      .when(
        update({
          socialMediaPlatforms: ['instagram', 'youtube'],
          adCategories: ['skincare', 'snacks'],
          pageContentCategory: ['cooking'],
          averageAudienceType: ['foodies'],
          averageLocationOfAudience: [' Pune ', '', 'Mumbai', 'Pune'],
          pricing: { storyPost: 1500, feedPost: '3000', reel: '' },
        }),
      )
      .then([
        { type: 'PlatformsChosen', data: { platforms: ['instagram', 'youtube'] } },
        {
          type: 'CategoriesChosen',
          data: { adCategories: ['skincare', 'snacks'], pageContentCategory: ['cooking'] },
        },
        {
          type: 'AudienceDescribed',
          data: { averageAudienceType: ['foodies'], averageLocationOfAudience: ['Pune', 'Mumbai'] },
        },
        { type: 'PricingSet', data: { storyPost: 1500, feedPost: 3000, reel: null } },
      ]);
  });

  it('adds, updates and removes social accounts, giving new ones fresh ids', () => {
    given(instagram)
      .when(
        update({
          profileDetails: [
            { ...sameInstagram, followers: '13k' },
            {
              platform: 'youtube',
              profileName: 'AshaCooksTV',
              profilePicUrl: 'https://youtube.com/@AshaCooksTV',
              followers: 5000,
            },
          ],
        }),
      )
      .then([
        {
          type: 'SocialAccountUpdated',
          data: {
            account: { ...instagram.data.account, followers: '13k', followersCount: 13_000 },
          },
        },
        {
          type: 'SocialAccountAdded',
          data: {
            account: {
              id: 'id-1',
              platform: 'youtube',
              profileName: 'AshaCooksTV',
              profileUrl: 'https://youtube.com/@AshaCooksTV',
              dashboardPic: '',
              followers: 5000,
              followersCount: 5000,
            },
          },
        },
      ]);
    given(instagram)
      .when(update({ profileDetails: [] }))
      .then({ type: 'SocialAccountRemoved', data: { accountId: 'acc-1' } });
  });

  it("refuses changes to a verified account's platform, name, link or followers", () => {
    for (const change of [
      { followers: '50k' },
      { profilePicUrl: 'https://instagram.com/someone.else' },
      { id: 'acc-1', profileName: 'asha.bakes' },
      { id: 'acc-1', platform: 'facebook' },
    ]) {
      given([instagram, verified])
        .when(update({ profileDetails: [{ ...sameInstagram, ...change }] }))
        .thenRefused(
          'forbidden',
          'This account is verified: its platform, profile name, profile link and followers cannot be changed.',
        );
    }
    given([instagram, verified])
      .when(
        update({
          profileDetails: [{ ...sameInstagram, profileDashboardPic: '/uploads/dash.png' }],
        }),
      )
      .then({
        type: 'SocialAccountUpdated',
        data: { account: { ...instagram.data.account, dashboardPic: '/uploads/dash.png' } },
      });
  });

  it('refuses the same account listed twice', () => {
    given([])
      .when(
        update({
          profileDetails: [sameInstagram, { ...sameInstagram, profileName: 'ASHA.COOKS' }],
        }),
      )
      .thenRefused('validation', 'The same social account is listed twice.');
  });

  it('takes @asha.cooks and asha.cooks for one account, as verification does', () => {
    given([])
      .when(
        update({
          profileDetails: [sameInstagram, { ...sameInstagram, profileName: '@Asha.Cooks' }],
        }),
      )
      .thenRefused('validation', 'The same social account is listed twice.');
  });

  it('keeps past posts in the order sent, new ones included', () => {
    const first: ProfileEvent = {
      type: 'PastPostAdded',
      data: {
        post: {
          id: 'p-1',
          platform: 'instagram',
          category: 'cooking',
          postLink: '/uploads/p1.jpg',
        },
      },
    };
    given(first)
      .when(
        update({
          pastPosts: [
            { platform: 'youtube', category: 'recipes', postLink: 'https://youtu.be/dQw4w9WgXcQ' },
            { id: 'p-1', platform: 'instagram', category: 'cooking', postLink: '/uploads/p1.jpg' },
          ],
        }),
      )
      .then([
        {
          type: 'PastPostAdded',
          data: {
            post: {
              id: 'id-1',
              platform: 'youtube',
              category: 'recipes',
              postLink: 'https://youtu.be/dQw4w9WgXcQ',
            },
          },
        },
        { type: 'PastPostsOrdered', data: { postIds: ['id-1', 'p-1'] } },
      ]);
  });

  it('marks an account verified, with the subscriber count for YouTube', () => {
    given(instagram)
      .when({
        type: 'MarkAccountVerified',
        data: {
          platform: 'instagram',
          profileName: 'Asha.Cooks',
          method: 'instagram_otp',
          followers: null,
          verificationId: 'v-9',
        },
        metadata: meta,
      })
      .then({
        type: 'SocialAccountVerified',
        data: {
          accountId: 'acc-1',
          method: 'instagram_otp',
          followers: null,
          verificationId: 'v-9',
          at: meta.now.toISOString(),
        },
      });
    given([instagram, verified])
      .when({
        type: 'MarkAccountVerified',
        data: {
          platform: 'instagram',
          profileName: 'asha.cooks',
          method: 'instagram_otp',
          followers: null,
          verificationId: 'v-9',
        },
        metadata: meta,
      })
      .thenNothingHappens();
    given([])
      .when({
        type: 'MarkAccountVerified',
        data: {
          platform: 'youtube',
          profileName: 'x',
          method: 'youtube_oauth',
          followers: 10,
          verificationId: 'v',
        },
        metadata: meta,
      })
      .thenRefused('not_found', 'Add this account to your profile first.');
    const state = fold(profileDecider, [
      instagram,
      {
        type: 'SocialAccountVerified',
        data: {
          accountId: 'acc-1',
          method: 'youtube_oauth',
          followers: 48_213,
          verificationId: 'v',
          at: 'x',
        },
      },
    ]);
    expect(state.accounts[0]).toMatchObject({
      followers: 48_213,
      followersCount: 48_213,
      verifiedBy: 'youtube_oauth',
    });
  });
});

describe('the profile update payload', () => {
  const invalid = (request: unknown) => {
    const result = profileUpdateRequest.safeParse(request);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('allows at most 20 categories of each kind', () => {
    const twentyOne = [
      'smartphones',
      'laptops',
      'tablets',
      'smartwatches',
      'headphones',
      'earbuds',
      'speakers',
      'cameras',
      'drones',
      'gaming-consoles',
      'video-games',
      'pc-components',
      'computer-accessories',
      'mobile-accessories',
      'smart-home-devices',
      'televisions',
      'home-appliances',
      'kitchen-appliances',
      'air-purifiers',
      'water-purifiers',
      'skincare',
    ];
    expect(invalid({ adCategories: twentyOne })).toBe('You can choose at most 20 ad categories.');
    expect(invalid({ adCategories: twentyOne.slice(0, 20) })).toBeNull();
  });

  it('rejects values outside the option lists', () => {
    expect(invalid({ adCategories: ['smartphones', 'rockets'] })).toBe(
      'Choose an ad category from the list.',
    );
    expect(invalid({ socialMediaPlatforms: ['myspace'] })).toBe('Choose a platform from the list.');
    expect(invalid({ averageAudienceType: ['aliens'] })).toBe(
      'Choose an audience type from the list.',
    );
    expect(
      invalid({
        pastPosts: [{ platform: 'instagram', category: 'nonsense', postLink: '/uploads/a.jpg' }],
      }),
    ).toBe('Choose a category for each post from the list.');
  });

  it('accepts followers as a number or a k/M count, and nothing else', () => {
    const account = (followers: unknown) => ({
      profileDetails: [{ platform: 'instagram', profileName: 'x', followers }],
    });
    expect(invalid(account(1200))).toBeNull();
    expect(invalid(account('12.5k'))).toBeNull();
    expect(invalid(account('1.2M'))).toBeNull();
    expect(invalid(account('12,000'))).toBeNull();
    expect(invalid(account('lots'))).toMatch(/^Enter followers/);
    expect(invalid(account(-5))).toBe('Followers cannot be negative.');
  });

  it('requires a link on every past post and refuses unsafe links', () => {
    expect(
      invalid({ pastPosts: [{ platform: 'instagram', category: 'cooking', postLink: '' }] }),
    ).toBe('Please fill all required fields for past posts before submitting');
    expect(invalid({ profilePicUrl: 'javascript:alert(1)' })).toBe(
      'The profile picture must be uploaded here; images from other sites are not accepted.',
    );
  });
});

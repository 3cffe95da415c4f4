import type { ProfileView } from '@linkcoin/domain/profiles/contracts.ts';

/** A creator's profile as the API answers it, for the unit tests. */
export function profileView(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    _id: 'u-1',
    ownerName: 'Asha Kulkarni',
    companyName: null,
    handle: 'asha.cooks',
    email: 'asha@example.in',
    mobile: '+91 98765 43210',
    whatsapp: '',
    role: 'influencer',
    description: 'Home chef',
    profilePicUrl: '/uploads/3f1c2a9e.jpg',
    socialMediaPlatforms: ['instagram', 'youtube'],
    profileDetails: [
      {
        id: 'acc-1',
        platform: 'instagram',
        profileName: 'asha.cooks',
        profilePicUrl: 'https://instagram.com/asha.cooks',
        profileDashboardPic: '',
        followers: '12.5k',
        followersCount: 12_500,
        verified: true,
        verifiedBy: 'instagram_otp',
      },
      {
        id: 'acc-2',
        platform: 'youtube',
        profileName: '@AshaCooksTV',
        profilePicUrl: 'https://youtube.com/@AshaCooksTV',
        profileDashboardPic: '',
        followers: 48_213,
        followersCount: 48_213,
        verified: false,
        verifiedBy: null,
      },
    ],
    adCategories: ['spices'],
    pageContentCategory: ['cooking'],
    averageAudienceType: ['foodies'],
    averageLocationOfAudience: ['Pune'],
    pricing: { storyPost: 1500, feedPost: null, reel: 5000 },
    pastPosts: [
      {
        id: 'post-1',
        platform: 'youtube',
        category: 'cooking',
        postLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
    ],
    promotions: 1,
    isOnline: false,
    earlyAdopter: false,
    replyHours: null,
    linkCoins: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

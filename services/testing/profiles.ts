import request from 'supertest';
import type { ProfileUpdateRequest } from '@linkcoin/domain/profiles/contracts.ts';
import { TINY_PNG } from '@linkcoin/infra/uploads/contract.ts';
import type { TestUser } from './accounts.ts';
import type { TestServer } from './test-server.ts';

/** A creator's whole wizard, as the browser sends it when the last step is submitted. */
export const creatorWizard = (
  overrides: Partial<ProfileUpdateRequest> = {},
): ProfileUpdateRequest => ({
  ownerName: 'asha.cooks',
  mobile: '+91 98765 43210',
  whatsapp: '+91 98765 43210',
  description: 'Home chef sharing quick Maharashtrian recipes.',
  profilePicUrl: '',
  socialMediaPlatforms: ['instagram', 'youtube'],
  adCategories: ['kitchenware', 'spices', 'packaged-food'],
  pageContentCategory: ['cooking', 'recipes', 'regional-cuisine'],
  averageAudienceType: ['foodies', 'home-cooks', 'young-adults-20-30'],
  averageLocationOfAudience: ['Pune', 'Mumbai'],
  pricing: { storyPost: 1500, feedPost: 3000, reel: 5000 },
  profileDetails: [
    {
      platform: 'instagram',
      profileName: 'asha.cooks',
      profilePicUrl: 'https://instagram.com/asha.cooks',
      followers: '12.5k',
    },
    {
      platform: 'youtube',
      profileName: '@AshaCooksTV',
      profilePicUrl: 'https://youtube.com/@AshaCooksTV',
      followers: 4200,
    },
  ],
  pastPosts: [
    {
      platform: 'youtube',
      category: 'recipes',
      postLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    },
  ],
  ...overrides,
});

/** An Instagram account as the wizard sends it, for a creator's profile. */
export const instagramAccount = (handle: string, followers: string | number = '12.5k') => ({
  platform: 'instagram',
  profileName: handle,
  profilePicUrl: `https://instagram.com/${encodeURIComponent(handle)}`,
  followers,
});

/** A creator's whole wizard whose only social accounts are these Instagram handles. */
export const instagramWizard = (...handles: string[]): ProfileUpdateRequest =>
  creatorWizard({ profileDetails: handles.map((handle) => instagramAccount(handle)) });

/** Uploads a small picture as `user`, as the wizard does; answers its URL. */
export const uploadImage = async (server: TestServer, user: TestUser): Promise<string> => {
  const uploaded = await request(server.url)
    .post('/api/uploads/image')
    .set('Authorization', `Bearer ${user.token}`)
    .attach('file', Buffer.from(TINY_PNG), { filename: 'picture.png', contentType: 'image/png' })
    .expect(201);
  return uploaded.body.secure_url as string;
};

export const saveProfile = (
  server: TestServer,
  user: TestUser,
  body: object,
  userId = user.userId,
) =>
  request(server.url)
    .put(`/api/pageowners/updateUser/${userId}`)
    .set('Authorization', `Bearer ${user.token}`)
    .send(body);

/**
 * A creator's wizard saved with one Instagram account (`handle`), then a code asked for it from
 * the Verification step: the admins' OTP dashboard shows a pending record.
 */
export const requestInstagramCode = async (
  server: TestServer,
  creator: TestUser,
  handle: string,
  overrides: Partial<ProfileUpdateRequest> = {},
): Promise<void> => {
  const profileUrl = `https://instagram.com/${handle}`;
  await saveProfile(
    server,
    creator,
    creatorWizard({
      ...overrides,
      profileDetails: [
        {
          platform: 'instagram',
          profileName: handle,
          profilePicUrl: profileUrl,
          followers: '12.5k',
        },
      ],
    }),
  ).expect(200);
  const asked = await request(server.url)
    .post('/api/pageowners/store')
    .set('Authorization', `Bearer ${creator.token}`)
    .send({ userId: creator.userId, profileName: handle, profileUrl });
  if (asked.status >= 300) throw new Error(`asking for a code answered ${asked.status}`);
};

/**
 * A creator's Instagram account verified as people verify it: the code asked for (as
 * requestInstagramCode), the desk's admin reading it and marking the DM sent, the creator typing it.
 */
export const verifyInstagram = async (
  server: TestServer,
  admin: TestUser,
  creator: TestUser,
  handle: string,
  overrides: Partial<ProfileUpdateRequest> = {},
): Promise<void> => {
  await requestInstagramCode(server, creator, handle, overrides);
  const records = await request(server.url)
    .get('/api/pageowners/get-all')
    .query({ userId: creator.userId })
    .set('Authorization', `Bearer ${admin.token}`)
    .expect(200);
  const otp = (records.body.data.data as { otp: string }[])[0]?.otp;
  if (!otp) throw new Error(`no code was recorded for @${handle}`);
  await request(server.url)
    .put('/api/pageowners/send-status')
    .set('Authorization', `Bearer ${admin.token}`)
    .send({ userId: creator.userId, status: 'send' })
    .expect(200);
  await request(server.url)
    .put('/api/pageowners/send-status')
    .set('Authorization', `Bearer ${creator.token}`)
    .send({ userId: creator.userId, status: 'verified', otp })
    .expect(200);
};

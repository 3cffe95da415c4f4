import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES } from '@linkcoin/domain/profiles/options.ts';
import {
  adminEnv,
  headPosition,
  loginAdmin,
  registerUser,
  type TestUser,
} from '../testing/accounts.ts';
import { creatorWizard, saveProfile } from '../testing/profiles.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('creator profiles over HTTP', () => {
  let server: TestServer;
  let creator: TestUser;
  let brand: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ env: adminEnv });
    creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Rao' });
    brand = await registerUser(server, { role: 'user', ownerName: 'Tiffin Tales Foods' });
    admin = await loginAdmin(server);
  });
  afterAll(async () => {
    await server.stop();
  });

  const refusedWithoutAppending = async (
    body: object,
    status: number,
    message: string | RegExp,
    as = creator,
    userId = creator.userId,
  ) => {
    const before = await headPosition(server);
    const res = await saveProfile(server, as, body, userId).expect(status);
    expect(res.body.success).toBe(false);
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
    expect(await headPosition(server)).toBe(before);
  };

  it('saves the whole wizard and answers the updated user', async () => {
    const res = await saveProfile(server, creator, creatorWizard()).expect(200);
    const user = res.body.user;
    expect(user).toMatchObject({
      _id: creator.userId,
      ownerName: 'asha.cooks',
      email: creator.email,
      mobile: '+91 98765 43210',
      role: 'influencer',
      socialMediaPlatforms: ['instagram', 'youtube'],
      adCategories: ['kitchenware', 'spices', 'packaged-food'],
      averageLocationOfAudience: ['Pune', 'Mumbai'],
      pricing: { storyPost: 1500, feedPost: 3000, reel: 5000 },
      promotions: 1,
    });
    expect(user.profileDetails).toEqual([
      expect.objectContaining({
        platform: 'instagram',
        profileName: 'asha.cooks',
        followers: '12.5k',
        followersCount: 12_500,
        verified: false,
        id: expect.any(String),
      }),
      expect.objectContaining({
        platform: 'youtube',
        profileName: '@AshaCooksTV',
        followers: 4200,
        verified: false,
      }),
    ]);
    // The name chosen in the wizard is the session's name from now on.
    const check = await request(server.url)
      .get('/api/pageowners/check-auth')
      .set('Authorization', `Bearer ${creator.token}`)
      .expect(200);
    expect(check.body.user.ownerName).toBe('asha.cooks');
  });

  it('shows e-mail, mobile and WhatsApp only to the owner and to admins', async () => {
    const as = async (viewer: TestUser | null) => {
      const req = request(server.url).get(`/api/pageowners/user/${creator.userId}`);
      const res = await (viewer ? req.set('Authorization', `Bearer ${viewer.token}`) : req).expect(
        200,
      );
      return res.body.data;
    };
    for (const viewer of [creator, admin]) {
      expect(await as(viewer)).toMatchObject({
        email: creator.email,
        mobile: '+91 98765 43210',
        whatsapp: '+91 98765 43210',
      });
    }
    for (const viewer of [brand, null]) {
      const profile = await as(viewer);
      expect(profile).toMatchObject({
        email: null,
        mobile: null,
        whatsapp: null,
        linkCoins: null,
        ownerName: 'asha.cooks',
      });
      expect(profile.pricing).toEqual({ storyPost: 1500, feedPost: 3000, reel: 5000 });
      expect(JSON.stringify(profile)).not.toContain(creator.email);
    }
    await request(server.url)
      .get('/api/pageowners/user/no-such-user')
      .expect(404, { success: false, message: 'User not found.' });
  });

  it('trims audience locations and drops empty ones', async () => {
    const res = await saveProfile(server, creator, {
      averageLocationOfAudience: ['  Nagpur ', '', '   ', 'Pune'],
    }).expect(200);
    expect(res.body.user.averageLocationOfAudience).toEqual(['Nagpur', 'Pune']);
  });

  it('appends nothing when nothing changed', async () => {
    const current = (
      await request(server.url).get(`/api/pageowners/user/${creator.userId}`).expect(200)
    ).body.data;
    const before = await headPosition(server);
    await saveProfile(server, creator, {
      ownerName: current.ownerName,
      pricing: current.pricing,
      profileDetails: current.profileDetails,
      pastPosts: current.pastPosts,
    }).expect(200);
    expect(await headPosition(server)).toBe(before);
  });

  it('refuses 21 categories, values outside the lists and malformed fields, appending nothing', async () => {
    const values = PRODUCT_CATEGORIES.slice(0, 21).map((option) => option.value);
    await refusedWithoutAppending(
      { adCategories: values },
      400,
      'adCategories: at most 20 may be chosen',
    );
    await refusedWithoutAppending(
      { pageContentCategory: ['cooking', 'underwater-basket-weaving'] },
      400,
      'pageContentCategory: "underwater-basket-weaving" is not in the list',
    );
    await refusedWithoutAppending(
      { socialMediaPlatforms: ['myspace'] },
      400,
      'platform: "myspace" is not in the list',
    );
    await refusedWithoutAppending(
      { averageAudienceType: 'foodies' },
      400,
      'averageAudienceType: expected a list',
    );
    await refusedWithoutAppending(
      { description: 'x'.repeat(2001) },
      400,
      'description: at most 2000 characters',
    );
    await refusedWithoutAppending(
      { ownerName: 'x'.repeat(101) },
      400,
      'ownerName: at most 100 characters',
    );
    await refusedWithoutAppending(
      { pricing: { reel: -5 } },
      400,
      'pricing: a price from 0 to 100000000 rupees',
    );
    await refusedWithoutAppending(
      { profileDetails: [{ platform: 'instagram', profileName: 'x', followers: 'loads' }] },
      400,
      /followers/,
    );
    await refusedWithoutAppending(
      { pastPosts: [{ platform: 'instagram', category: 'cooking', postLink: '' }] },
      400,
      'Please fill all required fields for past posts before submitting',
    );
    await refusedWithoutAppending(
      { profilePicUrl: 'javascript:alert(1)' },
      400,
      'profilePicUrl: expected an https:// link',
    );
    await refusedWithoutAppending(
      {
        profileDetails: [
          { platform: 'instagram', profileName: 'a' },
          { platform: 'instagram', profileName: 'A', followers: 1 },
        ],
      },
      400,
      /followers/,
    );
  });

  it("refuses another user's profile unless the caller is an admin", async () => {
    await refusedWithoutAppending(
      { ownerName: 'hijacked' },
      403,
      'You can only act on your own account.',
      brand,
      creator.userId,
    );
    const res = await saveProfile(
      server,
      admin,
      { description: 'Edited by the verification desk.' },
      creator.userId,
    ).expect(200);
    expect(res.body.user.description).toBe('Edited by the verification desk.');
    await saveProfile(server, admin, { description: 'x' }, 'no-such-user').expect(404);
    await request(server.url)
      .put(`/api/pageowners/updateUser/${creator.userId}`)
      .send({})
      .expect(401);
  });

  it('lets a brand keep its personal details', async () => {
    const res = await saveProfile(server, brand, {
      ownerName: 'Tiffin Tales',
      mobile: '+91 90000 00000',
      description: 'Healthy tiffins',
    }).expect(200);
    expect(res.body.user).toMatchObject({
      ownerName: 'Tiffin Tales',
      role: 'user',
      profileDetails: [],
    });
  });
});

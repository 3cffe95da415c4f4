import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LINK_MESSAGES,
  priceMessage,
  profileUpdateRequest,
} from '@linkcoin/domain/profiles/contracts.ts';
import { PRODUCT_CATEGORIES } from '@linkcoin/domain/profiles/options.ts';
import { idsNeeded, profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { UPLOAD_LIMIT_MESSAGES } from '@linkcoin/domain/uploads/messages.ts';
import { TINY_PNG } from '@linkcoin/infra/uploads/contract.ts';
import {
  adminEnv,
  headPosition,
  loginAdmin,
  registerUser,
  type TestUser,
} from '../testing/accounts.ts';
import { creatorWizard, saveProfile, uploadImage } from '../testing/profiles.ts';
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
      // Uncompressed, so the length sent can be checked against the body.
      const req = request(server.url)
        .get(`/api/pageowners/user/${creator.userId}`)
        .set('Accept-Encoding', 'identity');
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

  it("shows the owner and admins the owner's balance as the wallet has it, nobody else", async () => {
    const linkCoinsAs = async (viewer: TestUser) =>
      (
        await request(server.url)
          .get(`/api/pageowners/user/${creator.userId}`)
          .set('Authorization', `Bearer ${viewer.token}`)
          .expect(200)
      ).body.data.linkCoins;
    const before = await linkCoinsAs(creator);
    expect(before).toBeTypeOf('number');
    await request(server.url)
      .post(`/api/admin/wallets/${creator.userId}/grants`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ coins: 7, reason: 'A balance the profile shows' })
      .expect(201);
    expect(await linkCoinsAs(creator)).toBe(before + 7);
    expect(await linkCoinsAs(admin)).toBe(before + 7);
    expect(await linkCoinsAs(brand)).toBeNull();
  });

  it('serves no admin account as a public profile, except to itself and other admins', async () => {
    const path = `/api/pageowners/user/${admin.userId}`;
    await request(server.url).get(path).expect(404, { success: false, message: 'User not found.' });
    await request(server.url)
      .get(path)
      .set('Authorization', `Bearer ${brand.token}`)
      .expect(404, { success: false, message: 'User not found.' });
    const own = await request(server.url)
      .get(path)
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(own.body.data).toMatchObject({ _id: admin.userId, role: 'admin' });
  });

  it('answers every read with the profile as saved last, as JSON', async () => {
    const read = async (viewer: TestUser | null) => {
      // Uncompressed, so the length sent can be checked against the body.
      const req = request(server.url)
        .get(`/api/pageowners/user/${creator.userId}`)
        .set('Accept-Encoding', 'identity');
      const res = await (viewer ? req.set('Authorization', `Bearer ${viewer.token}`) : req)
        .expect(200)
        .expect('Content-Type', 'application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
      return res.body.data as { description: string; email: string | null };
    };
    for (const description of ['First words', 'Second words', 'Third words']) {
      const saved = await saveProfile(server, creator, creatorWizard({ description })).expect(200);
      expect(saved.body).toMatchObject({ success: true, message: 'Profile updated' });
      expect(saved.body.user.description).toBe(description);
      for (const viewer of [null, creator, brand, null, admin]) {
        expect(await read(viewer)).toMatchObject({ description });
      }
      expect((await read(null)).email).toBeNull();
      expect((await read(creator)).email).toBe(creator.email);
    }
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
      'You can choose at most 20 ad categories.',
    );
    await refusedWithoutAppending(
      { pageContentCategory: ['cooking', 'underwater-basket-weaving'] },
      400,
      'Choose a content category from the list.',
    );
    await refusedWithoutAppending(
      { socialMediaPlatforms: ['myspace'] },
      400,
      'Choose a platform from the list.',
    );
    await refusedWithoutAppending(
      { averageAudienceType: 'foodies' },
      400,
      'Choose audience types from the list.',
    );
    await refusedWithoutAppending(
      { description: 'x'.repeat(2001) },
      400,
      'The description can be at most 2,000 characters long.',
    );
    await refusedWithoutAppending(
      { ownerName: 'x'.repeat(101) },
      400,
      'Your name can be at most 100 characters long.',
    );
    await refusedWithoutAppending({ pricing: { reel: -5 } }, 400, priceMessage('reel'));
    await refusedWithoutAppending(
      { profileDetails: [{ platform: 'instagram', profileName: 'x', followers: 'loads' }] },
      400,
      /^Enter followers/,
    );
    await refusedWithoutAppending(
      { pastPosts: [{ platform: 'instagram', category: 'cooking', postLink: '' }] },
      400,
      'Please fill all required fields for past posts before submitting',
    );
    await refusedWithoutAppending(
      { profilePicUrl: 'javascript:alert(1)' },
      400,
      LINK_MESSAGES.notUploadedHere('The profile picture'),
    );
    await refusedWithoutAppending(
      {
        profileDetails: [
          { platform: 'instagram', profileName: 'a' },
          { platform: 'instagram', profileName: 'A', followers: 1 },
        ],
      },
      400,
      /^Enter followers/,
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

  describe('links and pictures', () => {
    const account = (fields: object) => ({
      profileDetails: [
        { platform: 'instagram', profileName: 'evil.test', followers: 1, ...fields },
      ],
    });
    const post = (platform: string, postLink: string) => ({
      pastPosts: [{ platform, category: 'cooking', postLink }],
    });
    /** Each stored URL field, as a save that sets it, and the name its refusals give. */
    const fields = [
      {
        name: 'The profile picture',
        picture: true,
        body: (url: string) => ({ profilePicUrl: url }),
      },
      {
        name: 'The profile link',
        picture: false,
        body: (url: string) => account({ profilePicUrl: url }),
      },
      {
        name: 'The dashboard picture',
        picture: true,
        body: (url: string) => account({ profileDashboardPic: url }),
      },
      { name: "The post's image", picture: true, body: (url: string) => post('instagram', url) },
      { name: "The post's link", picture: false, body: (url: string) => post('youtube', url) },
    ] as const;
    const refusedLink = (field: (typeof fields)[number]) =>
      field.picture
        ? LINK_MESSAGES.notUploadedHere(field.name)
        : field.name === "The post's link"
          ? LINK_MESSAGES.notAVideoLink(field.name)
          : LINK_MESSAGES.notAWebAddress(field.name);

    const EVIL = [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/a.jpg',
      '//evil.example/a.jpg',
      'evil.example/a.jpg',
      'http:evil.example',
      'https://user:secret@evil.example/',
      'https://instagram.com@evil.example/asha',
      'https://@evil.example/',
      'https://evil.example\\@instagram.com/',
      'https://exa\u0000mple.com/',
      'https://example.com/a\r\nSet-Cookie: x=1',
      'https://example.com/\u202Egnp.exe',
      'https://insta\u200bgram.com/asha',
      'https://іnstagram.com/asha',
      'https://%65vil.example/',
      'http://0x7f.1/',
      'http://2130706433/',
    ];

    it.each(EVIL)('refuses %j in every stored URL field, appending nothing', async (url) => {
      for (const field of fields) {
        await refusedWithoutAppending(field.body(url), 400, refusedLink(field));
      }
    });

    it('refuses URLs past 500 characters in every field, appending nothing', async () => {
      const long = `https://example.com/${'a'.repeat(500)}`;
      for (const field of fields) {
        // A post's link is one field, whichever platform: its length is checked as a link.
        const name = field.name === "The post's image" ? "The post's link" : field.name;
        await refusedWithoutAppending(field.body(long), 400, LINK_MESSAGES.tooLong(name));
      }
    });

    it('takes pictures only from our uploads, and links to pages from anywhere', async () => {
      const outside = 'https://tracker.example/pixel.gif';
      await refusedWithoutAppending(
        { profilePicUrl: outside },
        400,
        LINK_MESSAGES.notUploadedHere('The profile picture'),
      );
      await refusedWithoutAppending(
        account({ profileDashboardPic: outside }),
        400,
        LINK_MESSAGES.notUploadedHere('The dashboard picture'),
      );
      await refusedWithoutAppending(
        post('instagram', 'https://cdn.example/post.jpg'),
        400,
        LINK_MESSAGES.notUploadedHere("The post's image"),
      );
      const uploaded = await request(server.url)
        .post('/api/uploads/image')
        .set('Authorization', `Bearer ${creator.token}`)
        .attach('file', Buffer.from(TINY_PNG), { filename: 'me.png', contentType: 'image/png' })
        .expect(201);
      const picture = uploaded.body.secure_url as string;
      const res = await saveProfile(server, creator, {
        profilePicUrl: picture,
        pastPosts: [
          { platform: 'instagram', category: 'cooking', postLink: picture },
          { platform: 'youtube', category: 'recipes', postLink: 'https://youtu.be/dQw4w9WgXcQ' },
          {
            platform: 'tiktok',
            category: 'recipes',
            postLink: 'https://www.tiktok.com/@a/video/1',
          },
        ],
      }).expect(200);
      expect(res.body.user.profilePicUrl).toBe(picture);
      expect(res.body.user.pastPosts.map((p: { postLink: string }) => p.postLink)).toEqual([
        picture,
        'https://youtu.be/dQw4w9WgXcQ',
        'https://www.tiktok.com/@a/video/1',
      ]);
      // A video platform takes a link to the video, not a picture.
      await refusedWithoutAppending(
        post('youtube', picture),
        400,
        LINK_MESSAGES.notAVideoLink("The post's link"),
      );
    });

    it("refuses a picture that is another user's upload or no upload at all", async () => {
      const other = await registerUser(server, { role: 'influencer' });
      const uploadedBy = (user: TestUser) => uploadImage(server, user);
      const theirs = await uploadedBy(other);
      const never = theirs.replace(/[0-9a-f]{8}-/, '00000000-');
      for (const url of [theirs, never]) {
        await refusedWithoutAppending(
          { profilePicUrl: url },
          400,
          UPLOAD_LIMIT_MESSAGES.notYourUpload('profilePicUrl'),
        );
        await refusedWithoutAppending(
          account({ profileDashboardPic: url }),
          400,
          UPLOAD_LIMIT_MESSAGES.notYourUpload('profileDashboardPic'),
        );
        await refusedWithoutAppending(
          post('instagram', url),
          400,
          UPLOAD_LIMIT_MESSAGES.notYourUpload('postLink'),
        );
      }
      // Their own upload is theirs to use; an admin saving it for them names theirs too.
      await saveProfile(server, other, { profilePicUrl: theirs }).expect(200);
      await refusedWithoutAppending(
        { profilePicUrl: await uploadedBy(creator) },
        400,
        UPLOAD_LIMIT_MESSAGES.notYourUpload('profilePicUrl'),
        admin,
        other.userId,
      );
    });

    it('does not serve pictures and links stored before the server checked them', async () => {
      const legacy = await registerUser(server, { role: 'influencer' });
      // Written past today's contract, as an older version stored it.
      const changes = profileUpdateRequest.parse({
        profilePicUrl: 'https://tracker.example/me.jpg',
        profileDetails: [
          {
            platform: 'instagram',
            profileName: 'legacy.one',
            profilePicUrl: 'https://instagram.com/legacy.one',
            profileDashboardPic: 'https://tracker.example/dash.png',
            followers: 10,
          },
        ],
        pastPosts: [
          { platform: 'instagram', category: 'cooking', postLink: 'https://tracker.example/p.jpg' },
          { platform: 'youtube', category: 'recipes', postLink: 'https://youtu.be/dQw4w9WgXcQ' },
        ],
      });
      const commands = server.runtime.platform.commands;
      const written = await commands.handle(profileDecider, profileStreamId(legacy.userId), {
        type: 'UpdateProfile',
        data: {
          changes,
          newIds: Array.from({ length: idsNeeded(changes) }, (_, i) => `legacy-${i}`),
        },
        metadata: {
          now: new Date(),
          actorUserId: legacy.userId,
          correlationId: 'legacy',
          causationId: null,
        },
      });
      await server.runtime.platform.progress.waitFor(written.position);
      for (const viewer of [legacy, brand]) {
        const res = await request(server.url)
          .get(`/api/pageowners/user/${legacy.userId}`)
          .set('Authorization', `Bearer ${viewer.token}`)
          .expect(200);
        const profile = res.body.data;
        expect(JSON.stringify(profile)).not.toContain('tracker.example');
        expect(profile.profilePicUrl).toBe('');
        expect(profile.profileDetails[0]).toMatchObject({
          profilePicUrl: 'https://instagram.com/legacy.one',
          profileDashboardPic: '',
        });
        expect(profile.pastPosts).toEqual([
          expect.objectContaining({ postLink: 'https://youtu.be/dQw4w9WgXcQ' }),
        ]);
        expect(profile.promotions).toBe(1);
      }
    });
  });

  describe('prices', () => {
    it.each([
      '0x10',
      '0X1F',
      '1e3',
      '1E3',
      '0b101',
      '0o17',
      '-5',
      '+5',
      '1500.5',
      '1500.',
      '.5',
      '1,500',
      '1_500',
      '15 00',
      'Infinity',
      '-Infinity',
      'NaN',
      '١٥٠٠',
      '１５００',
      '100000001',
      '99999999999999999999',
      'free',
    ])('refuses the price %j in every price field, appending nothing', async (text) => {
      for (const field of ['storyPost', 'feedPost', 'reel'] as const) {
        await refusedWithoutAppending({ pricing: { [field]: text } }, 400, priceMessage(field));
      }
    });

    it.each([-1, 1500.5, 0.01, 100_000_001, 1e21, true, [1500], { $gt: 0 }])(
      'refuses the price %j, appending nothing',
      async (value) => {
        await refusedWithoutAppending({ pricing: { reel: value } }, 400, priceMessage('reel'));
      },
    );

    it('takes whole rupees as numbers or plain digits, and empty as negotiable', async () => {
      const res = await saveProfile(server, creator, {
        pricing: { storyPost: ' 0800 ', feedPost: 3000, reel: '' },
      }).expect(200);
      expect(res.body.user.pricing).toEqual({ storyPost: 800, feedPost: 3000, reel: null });
    });
  });
});

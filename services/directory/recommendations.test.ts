/**
 * "Recommended for you" over HTTP (issue 24, item 3): a brand's own searches and list pick and
 * explain its recommendations; a new brand picks interests or sees popular verified creators;
 * nobody else reads a brand's signals; Best match for you (`sort=match`) is the brand's alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecommendationsAnswer } from '@linkcoin/domain/recommendations/contracts.ts';
import { RECOMMENDATION_MESSAGES as M } from '@linkcoin/domain/recommendations/messages.ts';
import { adminEnv, loginAdmin, registerUser, type TestUser } from '../testing/accounts.ts';
import { changeCollection, grantCoins } from '../testing/collections.ts';
import { flushAnalytics } from '../testing/insights.ts';
import { creatorWizard, saveProfile, verifyInstagram } from '../testing/profiles.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const env = {
  ...adminEnv,
  DIRECTORY_VISITOR_REQUESTS_PER_MINUTE: '10000',
  ANALYTICS_FLUSH_MS: '600000',
};

describe('recommendations', () => {
  let dataDir: string;
  let server: TestServer;
  let admin: TestUser;
  let fashion: TestUser;
  let cooking: TestUser;
  let unverified: TestUser;

  const as = (user: TestUser | null, path: string) => {
    const req = request(server.url).get(`/api${path}`);
    return user ? req.set('Authorization', `Bearer ${user.token}`) : req;
  };
  const recommendations = async (brand: TestUser) =>
    (await as(brand, '/recommendations').expect(200)).body as RecommendationsAnswer;
  const names = (answer: RecommendationsAnswer) => answer.data.map((item) => item.ownerName);

  const verifiedCreator = async (
    ownerName: string,
    handle: string,
    wizard: Parameters<typeof creatorWizard>[0],
  ) => {
    const creator = await registerUser(server, { role: 'influencer', ownerName });
    await verifyInstagram(server, admin, creator, handle, { ownerName, ...wizard });
    return creator;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-recommendations-'));
    server = await startTestServer({ env, dataDir });
    admin = await loginAdmin(server);
    fashion = await verifiedCreator('Riya Styles', 'riya.styles', {
      adCategories: ['womens-clothing'],
      pageContentCategory: ['fashion'],
      averageLocationOfAudience: ['Mumbai'],
      pricing: { storyPost: 500, feedPost: 900, reel: 1500 },
    });
    cooking = await verifiedCreator('Asha Cooks', 'asha.cooks', {});
    unverified = await registerUser(server, { role: 'influencer', ownerName: 'Neha Looks' });
    await saveProfile(
      server,
      unverified,
      creatorWizard({
        ownerName: 'Neha Looks',
        pageContentCategory: ['fashion'],
        averageLocationOfAudience: ['Mumbai'],
      }),
    ).expect(200);
  });

  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gives a new brand popular verified creators and the interests chooser, then its picks', async () => {
    const brand = await registerUser(server, { role: 'user', companyName: 'New Threads' });
    const first = await recommendations(brand);
    expect(first).toMatchObject({ mode: 'popular', needsInterests: true, interests: [] });
    expect(names(first).sort()).toEqual(['Asha Cooks', 'Riya Styles']);
    expect(first.data[0]!.reasons).toEqual(['Popular verified creator']);

    await request(server.url)
      .put('/api/recommendations/interests')
      .set('Authorization', `Bearer ${brand.token}`)
      .send({ interests: ['Fashion & accessories'] })
      .expect(200);
    const picked = await recommendations(brand);
    expect(picked).toMatchObject({ mode: 'interests', needsInterests: false });
    expect(names(picked)[0]).toBe('Riya Styles');
    expect(picked.data[0]!.reasons).toEqual(['In Fashion & accessories, which you picked']);

    const refused = await request(server.url)
      .put('/api/recommendations/interests')
      .set('Authorization', `Bearer ${brand.token}`)
      .send({ interests: ['Rockets'] })
      .expect(400);
    expect(refused.body.message).toBe(M.unknownInterest);
  });

  it("follows a brand's own searches with reasons, leaves its list out, and keeps them its own", async () => {
    const brand = await registerUser(server, { role: 'user', companyName: 'Mumbai Threads' });
    const rival = await registerUser(server, { role: 'user', companyName: 'Rival Co' });
    await as(
      brand,
      '/pageowners/users?pageContentCategory=fashion&averageLocationOfAudience=Mumbai',
    ).expect(200);
    await flushAnalytics(server);

    const answer = await recommendations(brand);
    expect(answer.mode).toBe('personal');
    expect(names(answer)).toEqual(['Riya Styles', 'Asha Cooks']);
    expect(answer.data[0]!.reasons).toEqual([
      'Matches your searches for Fashion',
      'audience in Mumbai',
    ]);
    expect(names(answer)).not.toContain('Neha Looks');

    // Another brand sees none of it.
    const theirs = await recommendations(rival);
    expect(theirs.mode).toBe('popular');
    expect(theirs.data.flatMap((item) => item.reasons)).not.toContain('audience in Mumbai');

    const match = await as(brand, '/pageowners/users?sort=match').expect(200);
    const order = match.body.data.map((item: { ownerName: string }) => item.ownerName);
    expect(order.slice(0, 2).sort()).toEqual(['Neha Looks', 'Riya Styles']);
    expect(order[2]).toBe('Asha Cooks');
    // Each card of Best match for you says why, as Recommended for you does.
    const riya = match.body.data.find(
      (item: { ownerName: string }) => item.ownerName === 'Riya Styles',
    );
    expect(riya.reasons).toEqual(['Matches your searches for Fashion', 'audience in Mumbai']);
    // With other filters: only the filtered creators, in the brand's order, with reasons.
    const filtered = await as(
      brand,
      '/pageowners/users?sort=match&pageContentCategory=fashion&verifiedOnly=true',
    ).expect(200);
    expect(filtered.body.data.map((item: { ownerName: string }) => item.ownerName)).toEqual([
      'Riya Styles',
    ]);
    // Another brand's Best match for you is its own: none of these searches in its reasons.
    const rivalMatch = await as(rival, '/pageowners/users?sort=match').expect(200);
    expect(
      rivalMatch.body.data.flatMap((item: { reasons: string[] }) => item.reasons),
    ).not.toContain('audience in Mumbai');
    // Nobody names another brand to read its recommendations: no such parameter is taken.
    await as(rival, `/recommendations?brandId=${brand.userId}`).expect(400);
    await as(rival, `/recommendations?userId=${brand.userId}`).expect(400);

    // Added to the list: no longer recommended, and its likeness counts for others.
    await grantCoins(server, admin, brand, 5);
    await changeCollection(server, brand, 'add', fashion.userId).expect(201);
    const after = await recommendations(brand);
    expect(names(after)).toEqual(['Asha Cooks']);
  });

  it('is for brands only: Best match for you and recommendations refuse anyone else in words', async () => {
    const creatorRefusal = await as(cooking, '/pageowners/users?sort=match').expect(403);
    expect(creatorRefusal.body.message).toBe(M.matchBrandsOnly);
    const visitorRefusal = await as(null, '/pageowners/users?sort=match').expect(401);
    expect(visitorRefusal.body.message).toBe(M.matchBrandsOnly);
    await as(cooking, '/recommendations').expect(403);
    await as(null, '/recommendations').expect(401);
    await as(admin, '/recommendations').expect(403);
    const brand = await registerUser(server, { role: 'user', companyName: 'Limits Co' });
    for (const limit of ['500', '0', '-1', '2.5', 'abc', '', '1e1', '24%00']) {
      const bad = await as(brand, `/recommendations?limit=${limit}`).expect(400);
      expect(bad.body.message, limit).toBe(M.badLimit);
    }
    const twice = await as(brand, '/recommendations?limit=1&limit=2').expect(400);
    expect(twice.body.message).toBe(M.badLimit);
    expect((await as(brand, '/recommendations?limit=1').expect(200)).body.data).toHaveLength(1);

    const put = (user: TestUser | null, body: unknown) => {
      const req = request(server.url).put('/api/recommendations/interests');
      return (user ? req.set('Authorization', `Bearer ${user.token}`) : req).send(body as object);
    };
    for (const user of [cooking, admin]) {
      const refused = await put(user, { interests: ['Fashion & accessories'] }).expect(403);
      expect(refused.body.success).toBe(false);
    }
    await put(null, { interests: ['Fashion & accessories'] }).expect(401);
  });

  it('refuses a bad interests payload in words and changes nothing; a replay adds nothing', async () => {
    const brand = await registerUser(server, { role: 'user', companyName: 'Careful Co' });
    const put = (body: unknown) =>
      request(server.url)
        .put('/api/recommendations/interests')
        .set('Authorization', `Bearer ${brand.token}`)
        .send(body as object);
    const events = async () =>
      (await server.runtime.platform.eventStore.readStream(`brandsignals-${brand.userId}`)).length;
    const bad: [unknown, string][] = [
      [
        { interests: Array.from({ length: 18 }, () => 'Fashion & accessories') },
        M.tooManyInterests,
      ],
      [{ interests: 'Fashion & accessories' }, M.unknownInterest],
      [{ interests: [42] }, M.unknownInterest],
      [{ interests: [null] }, M.unknownInterest],
      [{ interests: [{ label: 'Fashion & accessories' }] }, M.unknownInterest],
      [{ interests: ['fashion & accessories'] }, M.unknownInterest],
      [{ interests: ['Fashion & accessories', 'Rockets'] }, M.unknownInterest],
      [{}, M.unknownInterest],
    ];
    for (const [body, message] of bad) {
      const refused = await put(body).expect(400);
      expect(refused.body.message, JSON.stringify(body).slice(0, 80)).toBe(message);
    }
    const named = await put({ interests: ['Fashion & accessories'], brandId: 'someone-else' });
    expect(named.status).toBe(400);
    expect(named.body.message).toBe('This request has fields it does not take.');
    // A huge list is stopped at the body's size, in words, before anything reads it.
    const huge = await put({
      interests: Array.from({ length: 100_000 }, () => 'Fashion & accessories'),
    }).expect(413);
    expect(huge.body).toMatchObject({ success: false, message: 'The request body is too large' });
    expect(await events()).toBe(0);
    expect((await recommendations(brand)).needsInterests).toBe(true);

    // Duplicates are one pick each, in the list's order; the same picks again add no event.
    await put({ interests: ['Fashion & accessories', 'Fashion & accessories'] }).expect(200);
    expect(await events()).toBe(1);
    await put({ interests: ['Fashion & accessories'] }).expect(200);
    await put({ interests: ['Fashion & accessories'] }).expect(200);
    expect(await events()).toBe(1);
    expect((await recommendations(brand)).interests).toEqual(['Fashion & accessories']);
  });
});

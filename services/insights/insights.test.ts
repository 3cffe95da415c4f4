/**
 * `GET /api/insights` over HTTP: a brand's search, profile view and list add, a visitor's
 * view and a conversation answered all show in the creator's insights; nobody else reads them,
 * a bad period is refused in words, what is stored holds no address or identity, and
 * `make rebuild` gives the same answer.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightsAnswer } from '@linkcoin/domain/insights/contracts.ts';
import { INSIGHTS_MESSAGES } from '@linkcoin/domain/insights/messages.ts';
import { ACCOUNT_MESSAGES } from '@linkcoin/domain/accounts/messages.ts';
import { adminEnv, loginAdmin, registerUser, type TestUser } from '../testing/accounts.ts';
import { changeCollection, grantCoins } from '../testing/collections.ts';
import { flushAnalytics } from '../testing/insights.ts';
import { storeMessage } from '../testing/messaging.ts';
import { creatorWizard, saveProfile } from '../testing/profiles.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { eventsAfter } from '../testing/accounts.ts';
import { INSIGHTS_DAYS } from './projection.ts';

// Flushed by the tests only (flushAnalytics), never by the timer in between.
const env = {
  ...adminEnv,
  DIRECTORY_VISITOR_REQUESTS_PER_MINUTE: '10000',
  ANALYTICS_FLUSH_MS: '600000',
};
const SECRET_SEARCH = 'kesarbagh';

describe('creator insights', () => {
  let dataDir: string;
  let server: TestServer;
  let creator: TestUser;
  let other: TestUser;
  let brand: TestUser;
  let rival: TestUser;
  let admin: TestUser;
  let visitorCookie = '';

  const insights = (as: TestUser | null, query: Record<string, string> = { days: '7' }) => {
    const req = request(server.url).get('/api/insights').query(query);
    return as ? req.set('Authorization', `Bearer ${as.token}`) : req;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-insights-'));
    server = await startTestServer({ env, dataDir });
    admin = await loginAdmin(server);
    creator = await registerUser(server, { role: 'influencer', ownerName: 'Kesarbagh Kitchen' });
    other = await registerUser(server, { role: 'influencer', ownerName: 'Kesarbagh Travels' });
    await saveProfile(server, creator, creatorWizard({ ownerName: 'Kesarbagh Kitchen' })).expect(
      200,
    );
    await saveProfile(server, other, creatorWizard({ ownerName: 'Kesarbagh Travels' })).expect(200);
    brand = await registerUser(server, { role: 'user', companyName: 'Chai Point' });
    rival = await registerUser(server, { role: 'user', companyName: 'Tea Trails' });

    // The brand searches (both creators shown), filters by a category, and opens one profile.
    const found = await request(server.url)
      .get('/api/pageowners/users')
      .query({ search: SECRET_SEARCH })
      .set('Authorization', `Bearer ${brand.token}`)
      .expect(200);
    expect(found.body.data.map((item: { _id: string }) => item._id).sort()).toEqual(
      [creator.userId, other.userId].sort(),
    );
    await request(server.url)
      .get('/api/pageowners/users')
      .query({ adCategories: 'spices' })
      .set('Authorization', `Bearer ${brand.token}`)
      .expect(200);
    await request(server.url)
      .get(`/api/pageowners/user/${creator.userId}`)
      .set('Authorization', `Bearer ${brand.token}`)
      .expect(200);
    // A visitor opens it twice (one viewer, by the cookie); the creator's own look is no view.
    const visit = await request(server.url)
      .get(`/api/pageowners/user/${creator.userId}`)
      .set('X-Forwarded-For', '198.51.100.23')
      .expect(200);
    visitorCookie = String(visit.headers['set-cookie']).split(';')[0]!;
    expect(visitorCookie).toMatch(/^lc_viewer=/);
    await request(server.url)
      .get(`/api/pageowners/user/${creator.userId}`)
      .set('Cookie', visitorCookie)
      .expect(200);
    await request(server.url)
      .get(`/api/pageowners/user/${creator.userId}`)
      .set('Authorization', `Bearer ${creator.token}`)
      .expect(200);

    // The brand adds the creator, writes, and the creator answers.
    await grantCoins(server, admin, brand, 2);
    await changeCollection(server, brand, 'add', creator.userId).expect(201);
    await storeMessage(server, brand, creator, 'Hello, a collaboration?');
    await storeMessage(server, creator, brand, 'Happy to talk.');
    await flushAnalytics(server);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("shows the creator's impressions, viewers, list add, conversation and sources", async () => {
    const answer = (await insights(creator).expect(200)).body as InsightsAnswer;
    expect(answer.days).toBe(7);
    expect(answer.daily).toHaveLength(7);
    expect(answer.totals).toEqual({
      impressions: 2,
      views: { brands: 1, visitors: 1, total: 2 },
      listAdds: 1,
      conversations: 1,
      replied: 1,
      replyRate: 1,
      medianFirstReplySeconds: expect.any(Number),
      renewals: 0,
    });
    expect(answer.daily.at(-1)).toMatchObject({
      impressions: 2,
      brandViews: 1,
      visitorViews: 1,
      listAdds: 1,
    });
    // The view is the category search's, the brand's last before opening the profile. The
    // brand's typed words are not named: one person searched them (MIN_SEARCHERS is 3).
    expect(answer.sources).toEqual([
      { key: 'category:spices', kind: 'category', label: 'Spices', impressions: 1, views: 1 },
    ]);
    expect(answer.visibility).toMatchObject({ level: 'basic', next: { level: 'complete' } });
    // Counts, never who: nothing of the brand, the visitor or their addresses.
    const text = JSON.stringify(answer);
    for (const secret of [
      brand.userId,
      brand.email,
      'Chai Point',
      '198.51.100.23',
      visitorCookie,
    ]) {
      expect(text).not.toContain(secret);
    }
    // The other creator, shown by both searches, has their own impressions, and no view.
    const theirs = (await insights(other).expect(200)).body as InsightsAnswer;
    expect(theirs.totals).toMatchObject({ impressions: 2, views: { total: 0 }, listAdds: 0 });
  });

  it('names searched words once three different brands searched them', async () => {
    const sources = async () =>
      ((await insights(other).expect(200)).body as InsightsAnswer).sources.map((s) => s.key);
    const searchAs = (headers: Record<string, string>) =>
      request(server.url)
        .get('/api/pageowners/users')
        .query({ search: `${SECRET_SEARCH} travels` })
        .set(headers)
        .expect(200);
    const words = `search:${SECRET_SEARCH} travels`;
    const third = await registerUser(server, { role: 'user', companyName: 'Masala Co' });
    // The same brand three times is still one person.
    for (let i = 0; i < 3; i++) await searchAs({ Authorization: `Bearer ${brand.token}` });
    await flushAnalytics(server);
    expect(await sources()).not.toContain(words);
    await searchAs({ Authorization: `Bearer ${third.token}` });
    await flushAnalytics(server);
    expect(await sources()).not.toContain(words);
    // A visitor's search is an impression, not a searcher: a visitor's id costs nothing.
    await searchAs({ Cookie: visitorCookie });
    await flushAnalytics(server);
    expect(await sources()).not.toContain(words);
    await searchAs({ Authorization: `Bearer ${rival.token}` });
    await flushAnalytics(server);
    expect(await sources()).toContain(words);
  });

  it('answers the signed-in creator only, and refuses a bad period in words', async () => {
    expect((await insights(brand).expect(403)).body.message).toBe(ACCOUNT_MESSAGES.forbidden);
    await insights(admin).expect(403);
    await insights(null).expect(401);
    for (const days of ['14', 'seven', '']) {
      expect((await insights(creator, { days }).expect(400)).body.message).toBe(
        INSIGHTS_MESSAGES.badDays,
      );
    }
    expect(
      (await insights(creator, { days: '7', userId: other.userId }).expect(400)).body.success,
    ).toBe(false);
    expect(((await insights(creator, {}).expect(200)).body as InsightsAnswer).days).toBe(30);
  });

  it("shows no brand another brand's searches, on any endpoint it may read", async () => {
    const failures: string[] = [];
    for (const endpoint of server.runtime.endpoints.filter((e) => e.method === 'get')) {
      const path = endpoint.path.replace(/:[A-Za-z]+/g, creator.userId);
      const res = await request(server.url)
        .get(`/api${path}`)
        .set('Authorization', `Bearer ${rival.token}`);
      if (JSON.stringify(res.body).includes(SECRET_SEARCH) || res.text.includes(SECRET_SEARCH)) {
        failures.push(`${endpoint.method} ${endpoint.path}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('stores no address, user id, e-mail or cookie in the analytics, as events or as rows', async () => {
    const analytics = (await eventsAfter(server, null)).filter(
      (e) => e.type === 'AnalyticsRecorded',
    );
    expect(analytics.length).toBeGreaterThan(0);
    expect(analytics.every((e) => e.streamId.startsWith('analytics-'))).toBe(true);
    const rows = [];
    const collection = server.runtime.platform.readStore.collection(INSIGHTS_DAYS);
    for (let after: string | null = null; ;) {
      const page = await collection.scan(after, 100);
      rows.push(...page);
      if (page.length < 100) break;
      after = page.at(-1)!.id;
    }
    const stored = JSON.stringify({ analytics, rows });
    const visitorId = visitorCookie.split('=')[1]!;
    for (const secret of [
      brand.userId,
      brand.email,
      visitorId,
      '198.51.100.23',
      '127.0.0.1',
      '::ffff:127.0.0.1',
    ]) {
      expect(stored).not.toContain(secret);
    }
    // What stands for a viewer: 16 characters of keyed hash.
    const viewers = analytics.flatMap((e) =>
      (e.data as { counts: { views: { viewer: string }[] }[] }).counts.flatMap((c) =>
        c.views.map((v) => v.viewer),
      ),
    );
    expect(viewers).toHaveLength(2);
    for (const viewer of viewers) expect(viewer).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('gives the same insights after `make rebuild`', async () => {
    // What the tests above counted (the endpoints swept as the rival), written first.
    await flushAnalytics(server);
    const before = (await insights(creator, { days: '90' }).expect(200)).body as InsightsAnswer;
    await server.stop();
    execFileSync(process.execPath, [resolve('tooling/cli/rebuild.ts'), 'insights'], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: 'pipe',
    });
    server = await startTestServer({ env, dataDir });
    const after = (await insights(creator, { days: '90' }).expect(200)).body as InsightsAnswer;
    expect(after).toEqual(before);
    expect(after.totals.listAdds).toBe(1);
  }, 60_000);
});

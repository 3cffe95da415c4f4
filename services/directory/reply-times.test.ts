/**
 * "Usually replies within N hours" over HTTP: told on the card and the profile once three
 * conversations are decided, not before; the "Replies fast" filter and the reply-time sort; an
 * unanswered brand counts against the creator once the 48-hour guarantee has passed. The clock is
 * the server's own (adjustable), so no test waits for real hours.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../testing/accounts.ts';
import { openConversation, storeMessage } from '../testing/messaging.ts';
import { adjustableClock, startTestServer, type TestServer } from '../testing/test-server.ts';

const HOUR = 60 * 60 * 1000;
const clock = adjustableClock();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(async () => {
  await server.stop();
});

/** Waits until every read model and process has seen the log's head (the reply-time pm too). */
const settled = async () => {
  for (let round = 0; round < 3; round++) {
    const head = await server.runtime.platform.eventStore.headPosition();
    expect(await server.runtime.progress.waitFor(head, 10_000)).toBe(true);
  }
};

/**
 * A brand adds the creator, writes, and the creator answers `afterHours` later (or never). The
 * hours are a little under whole ones: the real time a test takes is added, and the usual reply
 * time is told in whole hours rounded up.
 */
const exchange = async (creator: TestUser, afterHours: number | null) => {
  const brand = await registerUser(server, { role: 'user' });
  await openConversation(server, brand, creator);
  await storeMessage(server, brand, creator, 'Hello, can we talk about a reel?');
  if (afterHours === null) return;
  clock.advance(afterHours * HOUR);
  await storeMessage(server, creator, brand, 'Hi! Happy to.');
};

const profileOf = async (creator: TestUser) =>
  (await request(server.url).get(`/api/pageowners/user/${creator.userId}`).expect(200)).body.data;

const listing = async (query: string) =>
  (
    await request(server.url)
      .get(`/api/pageowners/users?${query}`)
      .set('X-Forwarded-For', '203.0.113.9')
      .expect(200)
  ).body.data.map((item: { ownerName: string; replyHours: number | null }) => [
    item.ownerName,
    item.replyHours,
  ]);

describe('the usual reply time', () => {
  it('is told after three answered conversations, filtered and sorted by', async () => {
    const quick = await registerUser(server, { role: 'influencer', ownerName: 'Quick Replier' });
    const slow = await registerUser(server, { role: 'influencer', ownerName: 'Slow Replier' });
    const silent = await registerUser(server, { role: 'influencer', ownerName: 'Silent Creator' });

    await exchange(quick, 1.9);
    await exchange(quick, 2.9);
    await settled();
    expect((await profileOf(quick)).replyHours).toBeNull(); // two are not enough

    await exchange(quick, 1.4);
    for (const hours of [29.9, 39.9, 49.9]) await exchange(slow, hours);
    // The silent creator answers one of three; the other two brands wait past 48 hours.
    await exchange(silent, 0.9);
    await exchange(silent, null);
    await exchange(silent, null);
    clock.advance(49 * HOUR);
    await exchange(silent, 0.9);
    await settled();

    expect((await profileOf(quick)).replyHours).toBe(2);
    expect((await profileOf(slow)).replyHours).toBe(40);
    // 1 h, 1 h, never, never: the median is "never", so nothing is told.
    expect((await profileOf(silent)).replyHours).toBeNull();

    expect(await listing('sort=reply&limit=3')).toEqual([
      ['Quick Replier', 2],
      ['Slow Replier', 40],
      ['Silent Creator', null],
    ]);
    expect(await listing('repliesFast=true')).toEqual([['Quick Replier', 2]]);
    await request(server.url)
      .get('/api/pageowners/users?repliesFast=maybe')
      .set('X-Forwarded-For', '203.0.113.9')
      .expect(400);
  });
});

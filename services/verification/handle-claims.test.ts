/**
 * One verified owner per handle and the caps on Instagram codes, over HTTP (issue 18): duplicate
 * verifications already in the log are listed for the desk, never dropped, and the desk keeps
 * one owner by events; code requests and wrong codes are capped per account, per handle and per
 * client address, in the product's words.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HANDLE_CLAIM_MESSAGES,
  HANDLE_REQUESTS_PER_DAY,
} from '@linkcoin/domain/verification/handle-claim.ts';
import {
  INSTAGRAM_MESSAGES,
  INSTAGRAM_REQUESTS_PER_DAY,
} from '@linkcoin/domain/verification/instagram.ts';
import { profileDecider } from '@linkcoin/domain/profiles/profile.ts';
import {
  adminEnv,
  headPosition,
  loginAdmin,
  registerUser,
  type TestUser,
} from '../testing/accounts.ts';
import { appendLegacyEvents } from '../testing/legacy-events.ts';
import { instagramWizard, saveProfile } from '../testing/profiles.ts';
import { adjustableClock, startTestServer, type TestServer } from '../testing/test-server.ts';
import { ADDRESS_CAP_MESSAGES } from './instagram/address-caps.ts';

const auth = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });
let sequence = 0;
const uniqueHandle = () => `claim.${(sequence += 1)}${Date.now().toString(36)}`;

const creatorWith = async (server: TestServer, ...handles: string[]): Promise<TestUser> => {
  const creator = await registerUser(server, { role: 'influencer' });
  await saveProfile(server, creator, instagramWizard(...handles)).expect(200);
  return creator;
};

const requestCode = (server: TestServer, creator: TestUser, handle: string) =>
  request(server.url)
    .post('/api/pageowners/store')
    .set(auth(creator))
    .send({ userId: creator.userId, profileName: handle });

describe('duplicate verifications already in the log', () => {
  let server: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ env: adminEnv });
    admin = await loginAdmin(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('are listed for the desk, which keeps one verified owner by events', async () => {
    const handle = uniqueHandle();
    const first = await creatorWith(server, handle);
    const second = await creatorWith(server, handle);
    const commands = server.runtime.platform.commands;
    // As an older version wrote them: both verified the handle, both profiles show it.
    for (const [index, creator] of [first, second].entries()) {
      const at = new Date(Date.now() + index).toISOString();
      const requestId = `legacy-${handle}-${index}`;
      await appendLegacyEvents(server, `igverification-${creator.userId}`, [
        {
          type: 'InstagramAccountVerified',
          data: {
            requestId,
            userId: creator.userId,
            profileName: handle,
            profileUrl: `https://www.instagram.com/${handle}/`,
            at,
          },
        },
      ]);
      const { state } = await commands.load(profileDecider, `profile-${creator.userId}`);
      await appendLegacyEvents(server, `profile-${creator.userId}`, [
        {
          type: 'SocialAccountVerified',
          data: {
            accountId: state.accounts[0]!.id,
            method: 'instagram_otp',
            followers: null,
            verificationId: requestId,
            at,
          },
        },
      ]);
    }
    const id = `instagram:${handle}`;
    const deskRecord = () =>
      request(server.url)
        .get(`/api/admin/handle-claims/${encodeURIComponent(id)}`)
        .set(auth(admin));
    // The first verification holds the handle; the second is listed, not dropped.
    await expect
      .poll(async () => (await deskRecord()).body.ownerId, { timeout: 10_000 })
      .toBe(first.userId);
    const listed = await request(server.url)
      .get('/api/admin/handle-claims')
      .query({ filter: JSON.stringify({ needsDesk: true }), range: '[0,24]' })
      .set(auth(admin))
      .expect(200);
    const row = (listed.body as { id: string; contested: number; claims: unknown[] }[]).find(
      (doc) => doc.id === id,
    );
    expect(row).toMatchObject({ contested: 1 });
    expect(row?.claims).toHaveLength(2);

    // The desk keeps the first: the second's profile no longer shows it verified.
    const kept = await request(server.url)
      .post(`/api/admin/handle-claims/${encodeURIComponent(id)}/assign`)
      .set(auth(admin))
      .send({ userId: first.userId })
      .expect(200);
    expect(kept.body).toMatchObject({ ownerId: first.userId, contested: 0, needsDesk: false });
    const verified = async (creator: TestUser) =>
      (await request(server.url).get(`/api/pageowners/user/${creator.userId}`).expect(200)).body
        .data.profileDetails[0].verified as boolean;
    expect(await verified(first)).toBe(true);
    expect(await verified(second)).toBe(false);

    // Bad desk requests change nothing.
    const before = await headPosition(server);
    await request(server.url)
      .post(`/api/admin/handle-claims/${encodeURIComponent(id)}/assign`)
      .set(auth(admin))
      .send({ userId: first.userId })
      .expect(409, { success: false, message: HANDLE_CLAIM_MESSAGES.alreadyOwner });
    await request(server.url)
      .post(`/api/admin/handle-claims/${encodeURIComponent(id)}/dismiss`)
      .set(auth(admin))
      .send({ disputeId: '00000000-0000-4000-8000-000000000000' })
      .expect(409, { success: false, message: HANDLE_CLAIM_MESSAGES.noSuchDispute });
    await request(server.url)
      .post(`/api/admin/handle-claims/${encodeURIComponent('instagram:nobody.here')}/assign`)
      .set(auth(admin))
      .send({ userId: first.userId })
      .expect(404);
    await request(server.url)
      .post(`/api/admin/handle-claims/${encodeURIComponent(id)}/assign`)
      .set(auth(first))
      .send({ userId: first.userId })
      .expect(403);
    expect(await headPosition(server)).toBe(before);
  });
});

describe('the caps on Instagram codes', () => {
  let server: TestServer;
  let admin: TestUser;
  const clock = adjustableClock();
  beforeAll(async () => {
    server = await startTestServer({
      clock,
      env: {
        ...adminEnv,
        INSTAGRAM_REQUESTS_PER_ADDRESS_PER_DAY: '1000',
        INSTAGRAM_TRIES_PER_ADDRESS_PER_DAY: '1000',
      },
    });
    admin = await loginAdmin(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(`records ${INSTAGRAM_REQUESTS_PER_DAY} requests an account a day, then says when to come back`, async () => {
    const [a, b] = [uniqueHandle(), uniqueHandle()];
    const creator = await creatorWith(server, a, b);
    // Each request for the other handle replaces the open one.
    for (let n = 0; n < INSTAGRAM_REQUESTS_PER_DAY; n++) {
      await requestCode(server, creator, n % 2 === 0 ? a : b).expect(201);
      clock.advance(61_000);
    }
    // The open request is for the last handle asked; the other one would be a new request.
    const other = INSTAGRAM_REQUESTS_PER_DAY % 2 === 0 ? a : b;
    const before = await headPosition(server);
    const refused = await requestCode(server, creator, other).expect(429);
    expect(refused.body.message).toBe(INSTAGRAM_MESSAGES.tooManyRequests('24 hours'));
    expect(await headPosition(server)).toBe(before);
  });

  it(`takes ${HANDLE_REQUESTS_PER_DAY} requests naming one handle a day, from any accounts`, async () => {
    const handle = uniqueHandle();
    for (let n = 0; n < HANDLE_REQUESTS_PER_DAY; n++) {
      await requestCode(server, await creatorWith(server, handle), handle).expect(201);
    }
    const throwaway = await creatorWith(server, handle);
    const before = await headPosition(server);
    const refused = await requestCode(server, throwaway, handle).expect(429);
    expect(refused.body.message).toBe(HANDLE_CLAIM_MESSAGES.tooManyRequests('24 hours'));
    expect(await headPosition(server)).toBe(before);
    const rows = await request(server.url)
      .get('/api/pageowners/get-all')
      .query({ profileName: handle })
      .set(auth(admin))
      .expect(200);
    expect(rows.body.data.data).toHaveLength(HANDLE_REQUESTS_PER_DAY);
  });

  it("counts one account's burst of requests for a handle once: the owner can still ask", async () => {
    const handle = uniqueHandle();
    const griefer = await creatorWith(server, handle);
    const burst = await Promise.all(
      Array.from({ length: HANDLE_REQUESTS_PER_DAY + 2 }, () =>
        requestCode(server, griefer, handle),
      ),
    );
    // One request is recorded; the others answer it, as asking again does.
    expect(burst.filter((res) => res.status === 201)).toHaveLength(1);
    expect(burst.filter((res) => res.status === 200)).toHaveLength(HANDLE_REQUESTS_PER_DAY + 1);
    expect(new Set(burst.map((res) => res.body.requestId as string)).size).toBe(1);
    const rows = await request(server.url)
      .get('/api/pageowners/get-all')
      .query({ profileName: handle })
      .set(auth(admin))
      .expect(200);
    expect(rows.body.data.data).toHaveLength(1);
    // The handle's allowance of the day is not used up by one account.
    const owner = await creatorWith(server, handle);
    await requestCode(server, owner, handle).expect(201);
  });
});

describe('the per-address caps', () => {
  it('refuse requests and wrong codes past the day’s count from one address', async () => {
    const server = await startTestServer({
      env: {
        ...adminEnv,
        INSTAGRAM_REQUESTS_PER_ADDRESS_PER_DAY: '2',
        INSTAGRAM_TRIES_PER_ADDRESS_PER_DAY: '2',
      },
    });
    try {
      const admin = await loginAdmin(server);
      const creators: TestUser[] = [];
      const handles: string[] = [];
      for (let n = 0; n < 3; n++) {
        handles.push(uniqueHandle());
        creators.push(await creatorWith(server, handles[n]!));
      }
      await requestCode(server, creators[0]!, handles[0]!).expect(201);
      await requestCode(server, creators[1]!, handles[1]!).expect(201);
      // Asking again for an open request is no new request: it does not count.
      await requestCode(server, creators[1]!, handles[1]!).expect(200);
      const refused = await requestCode(server, creators[2]!, handles[2]!).expect(429);
      expect(refused.body.message).toMatch(/^Too many code requests from your network/);

      await request(server.url)
        .put('/api/pageowners/send-status')
        .set(auth(admin))
        .send({ userId: creators[0]!.userId, status: 'send' })
        .expect(200);
      const wrong = (otp: string) =>
        request(server.url)
          .put('/api/pageowners/send-status')
          .set(auth(creators[0]!))
          .send({ userId: creators[0]!.userId, status: 'verified', otp });
      await wrong('000001').expect(400);
      await wrong('000002').expect(400);
      const before = await headPosition(server);
      const stopped = await wrong('000003').expect(429);
      expect(stopped.body.message).toBe(ADDRESS_CAP_MESSAGES.tries('24 hours'));
      expect(await headPosition(server)).toBe(before);
    } finally {
      await server.stop();
    }
  });

  it('hold when the requests and the wrong codes arrive all at once', async () => {
    const server = await startTestServer({
      env: {
        ...adminEnv,
        INSTAGRAM_REQUESTS_PER_ADDRESS_PER_DAY: '2',
        INSTAGRAM_TRIES_PER_ADDRESS_PER_DAY: '3',
      },
    });
    try {
      const admin = await loginAdmin(server);
      const creators: TestUser[] = [];
      const handles: string[] = [];
      for (let n = 0; n < 6; n++) {
        handles.push(uniqueHandle());
        creators.push(await creatorWith(server, handles[n]!));
      }
      // Six throwaway accounts ask at once from one address: two requests are recorded.
      const asked = await Promise.all(
        creators.map((creator, n) => requestCode(server, creator, handles[n]!)),
      );
      const statuses = asked.map((res) => res.status).sort();
      expect(statuses).toEqual([201, 201, 429, 429, 429, 429]);
      const rows = await request(server.url)
        .get('/api/pageowners/get-all')
        .set(auth(admin))
        .expect(200);
      expect(
        rows.body.data.data.filter((row: { profileName: string }) =>
          handles.includes(row.profileName),
        ),
      ).toHaveLength(2);

      // Wrong codes typed at once by the two accounts with a code sent: three count, no more.
      const sent = creators.filter((_, n) => asked[n]!.status === 201);
      for (const creator of sent) {
        await request(server.url)
          .put('/api/pageowners/send-status')
          .set(auth(admin))
          .send({ userId: creator.userId, status: 'send' })
          .expect(200);
      }
      const tries = await Promise.all(
        sent.flatMap((creator) =>
          ['000001', '000002', '000003'].map((otp) =>
            request(server.url)
              .put('/api/pageowners/send-status')
              .set(auth(creator))
              .send({ userId: creator.userId, status: 'verified', otp }),
          ),
        ),
      );
      expect(tries.filter((res) => res.status === 400)).toHaveLength(3);
      expect(tries.filter((res) => res.status === 429)).toHaveLength(3);
    } finally {
      await server.stop();
    }
  });
});

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLE_CLAIM_MESSAGES } from '@linkcoin/domain/verification/handle-claim.ts';
import { INSTAGRAM_MESSAGES } from '@linkcoin/domain/verification/instagram.ts';
import {
  adminEnv,
  headPosition,
  loginAdmin,
  registerUser,
  type TestUser,
} from '../../testing/accounts.ts';
import { creatorWizard, instagramWizard, saveProfile } from '../../testing/profiles.ts';
import { adjustableClock, startTestServer, type TestServer } from '../../testing/test-server.ts';

const HOUR = 3_600_000;

describe('Instagram verification over HTTP', () => {
  let server: TestServer;
  let admin: TestUser;
  const clock = adjustableClock();
  const auth = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });
  const api = () => request(server.url);

  const creatorWithInstagram = async (handle = `chef.${Date.now()}`) => {
    const creator = await registerUser(server, { role: 'influencer' });
    await saveProfile(server, creator, instagramWizard(handle)).expect(200);
    return { creator, handle };
  };
  const requestCode = (creator: TestUser, handle: string) =>
    api()
      .post('/api/pageowners/store')
      .set(auth(creator))
      .send({
        userId: creator.userId,
        profileName: handle,
        profileUrl: `https://instagram.com/${handle}`,
      });
  /** The code, as an admin reads it in the console. */
  const adminReadsCode = async (
    creator: TestUser,
  ): Promise<{ id: string; otp: string; status: string; failedAttempts: number }> => {
    const res = await api()
      .get('/api/pageowners/get-all')
      .query({ userId: creator.userId })
      .set(auth(admin))
      .expect(200);
    return res.body.data.data[0];
  };

  beforeAll(async () => {
    server = await startTestServer({
      clock,
      env: {
        ...adminEnv,
        PROCESS_TICK_MS: '100',
        INSTAGRAM_REQUESTS_PER_ADDRESS_PER_DAY: '1000',
        INSTAGRAM_TRIES_PER_ADDRESS_PER_DAY: '1000',
      },
    });
    admin = await loginAdmin(server);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('runs from request to admin DM to a verified, locked account', async () => {
    const { creator, handle } = await creatorWithInstagram();
    const asked = await requestCode(creator, handle).expect(201);
    expect(asked.body).toMatchObject({ success: true, status: 'pending' });

    // The creator sees the status, never the code.
    const status = await api()
      .get('/api/pageowners/get-by-userid')
      .query({ userId: creator.userId })
      .set(auth(creator))
      .expect(200);
    expect(status.body).toMatchObject({ success: true, status: 'pending', profileName: handle });
    expect(status.body.otp).toBeUndefined();

    // The admin sees it in the console's records, with the code.
    const record = await adminReadsCode(creator);
    expect(record).toMatchObject({ status: 'pending', otp: expect.stringMatching(/^\d{6}$/) });
    expect(JSON.stringify(asked.body) + JSON.stringify(status.body)).not.toContain(record.otp);
    const list = await api()
      .get('/api/admin/otp-records')
      .query({
        filter: JSON.stringify({ status: 'pending', userId: creator.userId }),
        range: '[0,9]',
      })
      .set(auth(admin))
      .expect(200);
    expect(list.headers['content-range']).toMatch(/^otp-records 0-0\/1$/);
    expect(list.body[0]).toMatchObject({ id: record.id, profileName: handle, otp: record.otp });

    // The admin presses Send Otp once the DM is out.
    await api()
      .put('/api/pageowners/send-status')
      .set(auth(admin))
      .send({ userId: creator.userId, status: 'send' })
      .expect(200);
    expect((await adminReadsCode(creator)).status).toBe('send');

    // The creator types it: wrong, empty, then right.
    const verify = (otp: string) =>
      api()
        .put('/api/pageowners/send-status')
        .set(auth(creator))
        .send({ userId: creator.userId, status: 'verified', otp });
    const wrong = record.otp === '000000' ? '111111' : '000000';
    await verify(wrong).expect(400, { success: false, message: 'Invalid OTP. Please try again.' });
    await verify('').expect(400, { success: false, message: 'Please enter the OTP' });
    // Not six digits: refused before it uses up one of the tries, appending nothing.
    const beforeMalformed = await headPosition(server);
    for (const malformed of ['abcdef', '12345', '1234567', '12 456', '１２３４５６', '0x1234']) {
      await verify(malformed).expect(400, {
        success: false,
        message: 'Invalid OTP. Please try again.',
      });
    }
    expect(await headPosition(server)).toBe(beforeMalformed);
    const ok = await verify(record.otp).expect(200);
    expect(ok.body).toMatchObject({
      success: true,
      status: 'verified',
      message: expect.stringContaining('Save and Submit'),
    });

    const profile = (await api().get(`/api/pageowners/user/${creator.userId}`).expect(200)).body
      .data;
    expect(profile.profileDetails[0]).toMatchObject({
      profileName: handle,
      verified: true,
      verifiedBy: 'instagram_otp',
    });
    expect((await adminReadsCode(creator)).status).toBe('verified');

    // Verified fields are locked on the server.
    const before = await headPosition(server);
    const locked = await saveProfile(server, creator, {
      profileDetails: [{ ...profile.profileDetails[0], followers: '99k' }],
    }).expect(403);
    expect(locked.body.message).toBe(
      'This account is verified: its platform, profile name, profile link and followers cannot be changed.',
    );
    expect(await headPosition(server)).toBe(before);
    await requestCode(creator, handle).expect(409, {
      success: false,
      message: 'This account is already verified.',
    });
  });

  it('keeps the desk to admins and the code entry to the owner, appending nothing', async () => {
    const { creator, handle } = await creatorWithInstagram();
    await requestCode(creator, handle).expect(201);
    const other = await registerUser(server, { role: 'influencer' });
    const refusals: [TestUser, object, number, string][] = [
      [
        creator,
        { userId: creator.userId, status: 'send' },
        403,
        'Access restricted to administrators only',
      ],
      [
        admin,
        { userId: creator.userId, status: 'verified', otp: '123456' },
        403,
        'You can only act on your own account.',
      ],
      [
        other,
        { userId: creator.userId, status: 'verified', otp: '123456' },
        403,
        'You can only act on your own account.',
      ],
      [
        creator,
        { userId: creator.userId, status: 'approved' },
        400,
        'The status must be send or verified.',
      ],
    ];
    for (const [who, body, status, message] of refusals) {
      const before = await headPosition(server);
      await api()
        .put('/api/pageowners/send-status')
        .set(auth(who))
        .send(body)
        .expect(status, { success: false, message });
      expect(await headPosition(server)).toBe(before);
    }
    await api()
      .get('/api/pageowners/get-all')
      .set(auth(creator))
      .expect(403, { success: false, message: 'Access restricted to administrators only' });
    await api().get('/api/admin/otp-records').set(auth(creator)).expect(403);
    await api()
      .get('/api/pageowners/get-by-userid')
      .query({ userId: creator.userId })
      .set(auth(other))
      .expect(403);
  });

  it('refuses a handle that is not on the profile, and verifying with no code requested', async () => {
    const { creator } = await creatorWithInstagram();
    const before = await headPosition(server);
    await requestCode(creator, 'someone.else').expect(400, {
      success: false,
      message: 'Add this Instagram account to your profile and save it first.',
    });
    await api()
      .put('/api/pageowners/send-status')
      .set(auth(creator))
      .send({ userId: creator.userId, status: 'verified', otp: '123456' })
      .expect(404, { success: false, message: 'No OTP found for this user' });
    await api()
      .get('/api/pageowners/get-by-userid')
      .query({ userId: creator.userId })
      .set(auth(creator))
      .expect(404);
    expect(await headPosition(server)).toBe(before);
  });

  it('answers the open request when asked again: no new row on the desk until it expires', async () => {
    const { creator, handle } = await creatorWithInstagram();
    const first = await requestCode(creator, handle).expect(201);
    const before = await headPosition(server);
    for (let again = 0; again < 5; again++) {
      clock.advance(61_000);
      const answer = await requestCode(creator, handle).expect(200);
      expect(answer.body).toMatchObject({
        success: true,
        requestId: first.body.requestId,
        status: 'pending',
        message: INSTAGRAM_MESSAGES.stillOpen,
      });
    }
    expect(await headPosition(server)).toBe(before);
    const records = (
      await api()
        .get('/api/pageowners/get-all')
        .query({ userId: creator.userId })
        .set(auth(admin))
        .expect(200)
    ).body.data.data;
    expect(records).toHaveLength(1);
    // Sent, it says so; expired, a new request opens.
    await api()
      .put('/api/pageowners/send-status')
      .set(auth(admin))
      .send({ userId: creator.userId, status: 'send' })
      .expect(200);
    expect((await requestCode(creator, handle).expect(200)).body.message).toBe(
      INSTAGRAM_MESSAGES.alreadySent,
    );
    clock.advance(5 * HOUR);
    const next = await requestCode(creator, handle).expect(201);
    expect(next.body.requestId).not.toBe(first.body.requestId);
  });

  it('refuses a code typed before the desk sent it, without using a try; the owner verifies after', async () => {
    const { creator, handle } = await creatorWithInstagram();
    await requestCode(creator, handle).expect(201);
    const record = await adminReadsCode(creator);
    const verify = (otp: string) =>
      api()
        .put('/api/pageowners/send-status')
        .set(auth(creator))
        .send({ userId: creator.userId, status: 'verified', otp });
    const before = await headPosition(server);
    // Even the right code: nobody can legitimately know it before it is sent.
    for (const otp of [record.otp, record.otp === '000000' ? '111111' : '000000']) {
      await verify(otp).expect(409, { success: false, message: INSTAGRAM_MESSAGES.notSentYet });
    }
    expect(await headPosition(server)).toBe(before);
    expect((await adminReadsCode(creator)).failedAttempts).toBe(0);
    await api()
      .put('/api/pageowners/send-status')
      .set(auth(admin))
      .send({ userId: creator.userId, status: 'send' })
      .expect(200);
    await verify(record.otp).expect(200);
    expect((await adminReadsCode(creator)).status).toBe('verified');
  });

  it('gives a handle one verified owner: a second creator cannot verify it and may ask the desk', async () => {
    const { creator: first, handle } = await creatorWithInstagram();
    await requestCode(first, handle).expect(201);
    const code = await adminReadsCode(first);
    await api()
      .put('/api/pageowners/send-status')
      .set(auth(admin))
      .send({ userId: first.userId, status: 'send' })
      .expect(200);
    // A second creator had asked before the first verified: their request is open.
    const { creator: second } = await creatorWithInstagram(handle.toUpperCase());
    await requestCode(second, handle).expect(201);
    await api()
      .put('/api/pageowners/send-status')
      .set(auth(first))
      .send({ userId: first.userId, status: 'verified', otp: code.otp })
      .expect(200);
    // Now the second cannot type a code (no try used) nor ask again, and no row is added.
    const secondCode = await adminReadsCode(second);
    await api()
      .put('/api/pageowners/send-status')
      .set(auth(admin))
      .send({ userId: second.userId, status: 'send' })
      .expect(200);
    const before = await headPosition(server);
    await api()
      .put('/api/pageowners/send-status')
      .set(auth(second))
      .send({ userId: second.userId, status: 'verified', otp: secondCode.otp })
      .expect(409, { success: false, message: INSTAGRAM_MESSAGES.claimedByOther });
    expect(await headPosition(server)).toBe(before);
    const third = await creatorWithInstagram(handle);
    const beforeThird = await headPosition(server);
    await requestCode(third.creator, handle).expect(409, {
      success: false,
      message: INSTAGRAM_MESSAGES.claimedByOther,
    });
    expect(await headPosition(server)).toBe(beforeThird);
    const verifiedOwners = async () =>
      (
        (await api().get('/api/pageowners/users').query({ search: handle }).expect(200)).body
          .data as { _id: string; verified: boolean }[]
      )
        .filter((item) => item.verified)
        .map((item) => item._id);
    expect(await verifiedOwners()).toEqual([first.userId]);

    // The second asks the desk, which sees both claims and moves the verification.
    const dispute = await api()
      .post('/api/pageowners/handle-disputes')
      .set(auth(second))
      .send({ userId: second.userId, platform: 'instagram', handle, message: 'This is my page.' })
      .expect(201);
    expect(dispute.body).toMatchObject({ success: true, message: HANDLE_CLAIM_MESSAGES.disputed });
    await api()
      .post('/api/pageowners/handle-disputes')
      .set(auth(second))
      .send({ userId: second.userId, platform: 'instagram', handle })
      .expect(200, {
        success: true,
        message: HANDLE_CLAIM_MESSAGES.disputed,
        disputeId: dispute.body.disputeId,
      });
    const id = `instagram:${handle}`;
    const desk = await api()
      .get('/api/admin/handle-claims')
      .query({ filter: JSON.stringify({ needsDesk: true, q: handle }), range: '[0,9]' })
      .set(auth(admin))
      .expect(200);
    expect(desk.body).toEqual([
      expect.objectContaining({
        id,
        ownerId: first.userId,
        openDisputes: 1,
        needsDesk: true,
        claims: [expect.objectContaining({ userId: first.userId, withdrawn: false })],
        disputes: [
          expect.objectContaining({
            claimantId: second.userId,
            message: 'This is my page.',
            status: 'open',
          }),
        ],
      }),
    ]);
    const moved = await api()
      .post(`/api/admin/handle-claims/${encodeURIComponent(id)}/assign`)
      .set(auth(admin))
      .send({ userId: second.userId, disputeId: dispute.body.disputeId })
      .expect(200);
    expect(moved.body).toMatchObject({ ownerId: second.userId, needsDesk: false, openDisputes: 0 });
    expect(await verifiedOwners()).toEqual([second.userId]);
    const firstProfile = await api().get(`/api/pageowners/user/${first.userId}`).expect(200);
    expect(firstProfile.body.data.profileDetails[0]).toMatchObject({ verified: false });
    // The move is events: the profiles' streams say so.
    const events = await server.runtime.platform.eventStore.readStream(`profile-${first.userId}`);
    expect(events.map((event) => event.type)).toContain('SocialAccountVerificationWithdrawn');
  });
  it('expires a code not verified within five hours', async () => {
    const { creator, handle } = await creatorWithInstagram();
    await requestCode(creator, handle).expect(201);
    const record = await adminReadsCode(creator);
    clock.advance(5 * HOUR);
    // The expiry process runs inside the product and records the expiry as an event.
    await expect
      .poll(
        async () => {
          const events = await server.runtime.platform.eventStore.readStream(
            `igverification-${creator.userId}`,
          );
          return events.map((e) => e.type);
        },
        { timeout: 10_000 },
      )
      .toContain('InstagramVerificationExpired');
    await expect.poll(async () => (await adminReadsCode(creator)).status).toBe('expired');
    await api()
      .put('/api/pageowners/send-status')
      .set(auth(creator))
      .send({ userId: creator.userId, status: 'verified', otp: record.otp })
      .expect(400, { success: false, message: 'This OTP has expired. Please request a new one.' });
    const summary = await api().get('/api/admin/otp-records/summary').set(auth(admin)).expect(200);
    expect(summary.body).toMatchObject({
      success: true,
      expired: expect.any(Number),
      total: expect.any(Number),
    });
    expect(summary.body.expired).toBeGreaterThanOrEqual(1);
    expect(summary.body.total).toBe(
      summary.body.pending + summary.body.sent + summary.body.verified + summary.body.expired,
    );
  });

  it('lets the admin send from the console record, and only while it is open', async () => {
    const { creator, handle } = await creatorWithInstagram();
    await requestCode(creator, handle).expect(201);
    const record = await adminReadsCode(creator);
    const sent = await api()
      .post(`/api/admin/otp-records/${record.id}/send`)
      .set(auth(admin))
      .expect(200);
    expect(sent.body).toMatchObject({ id: record.id, status: 'send' });
    const one = await api().get(`/api/admin/otp-records/${record.id}`).set(auth(admin)).expect(200);
    expect(one.body).toMatchObject({ status: 'send', otp: record.otp, userId: creator.userId });
    clock.advance(5 * HOUR);
    await api().post(`/api/admin/otp-records/${record.id}/send`).set(auth(admin)).expect(409);
    await api().get('/api/admin/otp-records/no-such-record').set(auth(admin)).expect(404);
  });
});

describe('the verified-accounts process', () => {
  it('marks the profile even when the request died after recording the verification', async () => {
    const server = await startTestServer({ env: adminEnv });
    try {
      const creator = await registerUser(server, { role: 'influencer' });
      await saveProfile(server, creator, creatorWizard()).expect(200);
      // As if the request had stopped right after the verification stream's append.
      await server.runtime.platform.eventStore.append(
        `igverification-${creator.userId}`,
        [
          {
            type: 'InstagramAccountVerified',
            data: {
              requestId: 'r-crash',
              userId: creator.userId,
              profileName: 'asha.cooks',
              profileUrl: 'x',
              at: new Date().toISOString(),
            },
            metadata: {
              actorUserId: creator.userId,
              correlationId: 'crash',
              causationId: null,
              schemaVersion: 1,
              timestamp: new Date().toISOString(),
            },
          },
        ],
        { expectedRevision: 'any' },
      );
      await expect
        .poll(
          async () =>
            (await request(server.url).get(`/api/pageowners/user/${creator.userId}`)).body.data
              .profileDetails[0].verified,
          {
            timeout: 10_000,
          },
        )
        .toBe(true);
    } finally {
      await server.stop();
    }
  });
});

/**
 * One valid request and one refused request for every endpoint of the registry, built on fresh
 * data: the security suite's property tests (key reuse across endpoints, the bad-input sweep)
 * walk the registry with these. An endpoint added without a fixture here fails those tests, so
 * each context extends the table deliberately, as it does the authorisation matrix.
 */
import { createECDH, randomBytes } from 'node:crypto';
import request from 'supertest';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { demoBrand } from '@linkcoin/services/testing/demo-accounts.ts';
import { TINY_PNG } from '@linkcoin/infra/uploads/contract.ts';
import {
  adminEnv,
  grantAuditor,
  latestOtp,
  loginAdmin,
  registerUser,
  verifiedEmail,
  type TestUser,
} from '../../testing/accounts.ts';
import { changeCollection, grantCoins } from '../../testing/collections.ts';
import { openConversation, storeMessage } from '../../testing/messaging.ts';
import { pay, settleInSandbox } from '../../testing/payments.ts';
import { creatorWizard, instagramWizard, saveProfile } from '../../testing/profiles.ts';
import { adjustableClock, startTestServer, type TestServer } from '../../testing/test-server.ts';

/** A request, as the suite sends it: who calls, and what goes in each part. */
export type RequestSpec = Readonly<{
  as: TestUser | null;
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string>>;
  body?: Readonly<Record<string, unknown>>;
  /** A multipart upload instead of a JSON body. */
  file?: Readonly<{ field: string; content: Buffer; name: string }>;
}>;

/** The people and things one fixture run may need, each made on first use. */
export type Target = Readonly<{
  server: TestServer;
  admin: () => Promise<TestUser>;
  /** A registered brand. */
  brand: () => Promise<TestUser>;
  /** A registered creator with a saved profile listing the Instagram handle `handle`. */
  creator: () => Promise<TestUser>;
  handle: string;
  /** The creator's open Instagram request: its record id and code, as the admin reads them. */
  instagramRequest: () => Promise<{ id: string; otp: string }>;
  /** An address nobody registered. */
  freeEmail: string;
  /** A purchase the brand started, approved in the sandbox but not yet returned to the shop. */
  payment: () => Promise<{ paymentId: string; approvedReturn: URL }>;
  /** The brand's conversation with the creator, with a message from the creator unread. */
  conversation: () => Promise<{ brand: TestUser; creator: TestUser }>;
}>;

export type EndpointFixture = Readonly<{
  /** A request the endpoint accepts (2xx) on a fresh target. */
  valid: (target: Target) => Promise<RequestSpec>;
  /** A request the endpoint refuses on its own (4xx) on a fresh target; none when it cannot fail. */
  refused?: (target: Target) => Promise<RequestSpec>;
  /** Why `valid` cannot succeed in the test server (the sweep still runs its bad inputs). */
  unavailable?: string;
}>;

let sequence = 0;

/** Every event after a position of the log (null: from the start). */
export const eventsAfter = async (
  server: TestServer,
  position: number | null,
): Promise<readonly RecordedEvent[]> => {
  const store = server.runtime.platform.eventStore;
  const events: RecordedEvent[] = [];
  for (let after = position; ;) {
    const page = await store.readAll({ after, maxCount: 1000 });
    events.push(...page.events);
    if (page.isEnd) return events;
    after = page.lastPosition;
  }
};

export const suiteServer = async () => {
  const clock = adjustableClock();
  const server = await startTestServer({
    clock,
    env: {
      ...adminEnv,
      LOGIN_ATTEMPTS_PER_WINDOW: '100000',
      OTP_REQUESTS_PER_WINDOW: '100000',
      OTP_VERIFY_ATTEMPTS_PER_WINDOW: '100000',
      AUTH_REQUESTS_PER_IP_PER_WINDOW: '1000000',
      INSTAGRAM_REQUESTS_PER_ADDRESS_PER_DAY: '1000000',
      INSTAGRAM_TRIES_PER_ADDRESS_PER_DAY: '1000000',
      DIRECTORY_VISITOR_REQUESTS_PER_MINUTE: '100000',
    },
  });
  return { server, clock };
};

/** A fresh target on a running server; `clock` moves past the one-code-a-minute rule. */
export const newTarget = (
  server: TestServer,
  clock: ReturnType<typeof adjustableClock>,
): Target => {
  sequence += 1;
  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | null = null;
    return () => (made ??= make());
  };
  const handle = `probe.creator${sequence}`;
  const afterMinute = async <T>(made: Promise<T>) => {
    const value = await made;
    clock.advance(61_000);
    return value;
  };
  const creator = once(async () => {
    const user = await afterMinute(registerUser(server, { role: 'influencer' }));
    await saveProfile(server, user, instagramWizard(handle)).expect(200);
    return user;
  });
  const admin = once(() => loginAdmin(server));
  const brand = once(() => afterMinute(registerUser(server, { role: 'user' })));
  return {
    conversation: once(async () => {
      const [payer, owner] = [await brand(), await creator()];
      await openConversation(server, payer, owner);
      await storeMessage(server, owner, payer, 'Hello from the security suite');
      return { brand: payer, creator: owner };
    }),
    payment: once(async () => {
      const buyer = await brand();
      const started = await pay(server, buyer, { packageId: 'growth' }).expect(201);
      const paymentId = started.body.paymentId as string;
      const approvedReturn = await settleInSandbox(
        server,
        started.body.approvalURL as string,
        'approve',
      );
      // The sandbox records its approval as it settles; the credits process follows it. Waited
      // for here, so nothing the suite sends later is mistaken for what moved the log.
      for (let tries = 0; ; tries += 1) {
        const seen = await request(server.url)
          .get(`/api/payment/${paymentId}`)
          .set('Authorization', `Bearer ${buyer.token}`)
          .expect(200);
        if (seen.body.payment.credited === true) break;
        if (tries > 200) throw new Error('the approved payment was never credited');
        await new Promise((done) => setTimeout(done, 25));
      }
      return { paymentId, approvedReturn };
    }),
    server,
    handle,
    freeEmail: `free${sequence}-${Date.now()}@example.in`,
    admin,
    brand,
    creator,
    // Not cached: an earlier step of the run (a request sent by the endpoint under test) counts.
    instagramRequest: async () => {
      const owner = await creator();
      const current = async () =>
        (
          await request(server.url)
            .get('/api/pageowners/get-all')
            .query({ userId: owner.userId })
            .set('Authorization', `Bearer ${(await admin()).token}`)
            .expect(200)
        ).body.data.data[0] as { id: string; otp: string } | undefined;
      const existing = await current();
      if (existing) return { id: existing.id, otp: existing.otp };
      await request(server.url)
        .post('/api/pageowners/store')
        .set('Authorization', `Bearer ${owner.token}`)
        .send({ userId: owner.userId, profileName: handle })
        .expect(201);
      const made = await current();
      if (!made) throw new Error('the Instagram request was not recorded');
      return { id: made.id, otp: made.otp };
    },
  };
};

const mailedCode = async (target: Target, email: string, path: string) => {
  await request(target.server.url).post(`/api/otp/${path}`).send({ userId: email }).expect(200);
  return latestOtp(target.server, email);
};

const wrongCode = (otp: string) => (otp === '000000' ? '111111' : '000000');

/** The brand with coins to spend on its list. */
const fundedBrand = async (t: Target) => {
  const brand = await t.brand();
  await grantCoins(t.server, await t.admin(), brand, 3);
  return brand;
};

/** The brand with the creator on its list (1 of its coins spent). */
const brandWithCreator = async (t: Target) => {
  const brand = await fundedBrand(t);
  const creator = await t.creator();
  await changeCollection(t.server, brand, 'add', creator.userId).expect(201);
  return { brand, creator };
};

/** A replay check of one read model, started by the admin (its id). */
const replayCheckId = async (t: Target): Promise<string> => {
  const started = await request(t.server.url)
    .post('/api/admin/replay-checks')
    .set('Authorization', `Bearer ${(await t.admin()).token}`)
    .send({ readModels: ['accounts'] })
    .expect(202);
  return started.body.id as string;
};

/** The brand's connection to the creator, as the console lists it (its id). */
const connectionId = async (t: Target): Promise<string> => {
  const { brand } = await brandWithCreator(t);
  const listed = await request(t.server.url)
    .get('/api/admin/connections')
    .query({ filter: JSON.stringify({ payerId: brand.userId }) })
    .set('Authorization', `Bearer ${(await t.admin()).token}`)
    .expect(200);
  return listed.body[0].id as string;
};

/**
 * The creator's handle verified by the creator (sent by the admin, the right code typed), and a
 * second creator with the same handle on their profile: the account is someone else's to them.
 */
const claimed = new WeakMap<Target, ReturnType<typeof claimHandle>>();
/** Once per target: a run may build two requests on it. */
const claimedHandle = (t: Target) => {
  let made = claimed.get(t);
  if (!made) claimed.set(t, (made = claimHandle(t)));
  return made;
};
const claimHandle = async (t: Target) => {
  const owner = await t.creator();
  const admin = await t.admin();
  // The handle on the owner's profile again (an earlier step of a run may have saved another).
  await saveProfile(t.server, owner, instagramWizard(t.handle)).expect(200);
  const { otp } = await t.instagramRequest();
  await request(t.server.url)
    .put('/api/pageowners/send-status')
    .set('Authorization', `Bearer ${admin.token}`)
    .send({ userId: owner.userId, status: 'send' })
    .expect(200);
  await request(t.server.url)
    .put('/api/pageowners/send-status')
    .set('Authorization', `Bearer ${owner.token}`)
    .send({ userId: owner.userId, status: 'verified', otp })
    .expect(200);
  const claimant = await registerUser(t.server, { role: 'influencer' });
  await saveProfile(t.server, claimant, instagramWizard(t.handle)).expect(200);
  return { owner, claimant, admin, id: `instagram:${t.handle}` };
};

/** The second creator's open request to the desk about the claimed handle. */
const openDispute = async (t: Target) => {
  const claimed = await claimedHandle(t);
  const filed = await request(t.server.url)
    .post('/api/pageowners/handle-disputes')
    .set('Authorization', `Bearer ${claimed.claimant.token}`)
    .send({ userId: claimed.claimant.userId, platform: 'instagram', handle: t.handle });
  // 201, or 200 when an earlier step of the run filed it already.
  if (filed.status !== 201 && filed.status !== 200) throw new Error(`dispute: ${filed.status}`);
  return { ...claimed, disputeId: filed.body.disputeId as string };
};

export const FIXTURES: Readonly<Record<string, EndpointFixture>> = {
  'POST /otp/send-otp': {
    valid: async (t) => ({ as: null, body: { userId: t.freeEmail } }),
    refused: async (t) => ({ as: null, body: { userId: (await t.brand()).email } }),
  },
  'POST /otp/send-otpFP': {
    valid: async (t) => ({ as: null, body: { userId: (await t.brand()).email } }),
    refused: async (t) => ({ as: null, body: { userId: t.freeEmail } }),
  },
  'POST /otp/verify': {
    valid: async (t) => ({
      as: null,
      body: { userId: t.freeEmail, otp: await mailedCode(t, t.freeEmail, 'send-otp') },
    }),
    refused: async (t) => ({ as: null, body: { userId: t.freeEmail, otp: '123456' } }),
  },
  'GET /otp/userId': {
    valid: async (t) => ({ as: null, query: { userId: t.freeEmail } }),
    refused: async () => ({ as: null, query: { userId: 'not-an-address' } }),
  },
  'POST /pageowners/register': {
    valid: async (t) => ({
      as: null,
      body: {
        ownerName: 'Probe Brand',
        email: t.freeEmail,
        password: 'probe-password-1',
        confirmPassword: 'probe-password-1',
        role: 'user',
        verificationToken: await verifiedEmail(t.server, t.freeEmail),
      },
    }),
    refused: async (t) => ({
      as: null,
      body: {
        ownerName: 'Probe Brand',
        email: t.freeEmail,
        password: 'probe-password-1',
        confirmPassword: 'probe-password-1',
        role: 'user',
        verificationToken: 'not-a-verification',
      },
    }),
  },
  'POST /pageowners/login': {
    valid: async (t) => {
      const brand = await t.brand();
      return { as: null, body: { email: brand.email, password: brand.password } };
    },
    refused: async (t) => ({
      as: null,
      body: { email: (await t.brand()).email, password: 'not-the-password' },
    }),
  },
  'POST /pageowners/admin-login': {
    valid: async (t) => {
      const admin = await t.admin();
      return { as: null, body: { email: admin.email, password: admin.password } };
    },
    refused: async (t) => {
      const brand = await t.brand();
      return { as: null, body: { email: brand.email, password: brand.password } };
    },
  },
  'POST /pageowners/google': {
    unavailable: 'Google sign-in is not configured here (services/accounts/google-sign-in.test.ts)',
    valid: async () => ({ as: null, body: { credential: 'g'.repeat(64), role: 'user' } }),
  },
  'POST /pageowners/logout': {
    valid: async (t) => ({ as: await t.brand() }),
    refused: async () => ({ as: null }),
  },
  'GET /pageowners/check-auth': {
    valid: async (t) => ({ as: await t.brand() }),
    refused: async () => ({ as: null }),
  },
  'POST /pageowners/refresh': {
    valid: async (t) => ({ as: await t.brand() }),
    refused: async () => ({ as: null }),
  },
  'POST /pageowners/change-password': {
    valid: async (t) => {
      const brand = await t.brand();
      return {
        as: brand,
        body: { currentPassword: brand.password, newPassword: `${brand.password} renewed` },
      };
    },
    refused: async (t) => ({
      as: await t.brand(),
      body: { currentPassword: 'not the password', newPassword: 'whatever it is' },
    }),
  },
  'POST /pageowners/forget-password': {
    valid: async (t) => {
      const brand = await t.brand();
      return {
        as: null,
        body: {
          email: brand.email,
          newPassword: 'probe-new-password',
          verificationToken: await verifiedEmail(t.server, brand.email, 'password_reset'),
        },
      };
    },
    refused: async (t) => ({
      as: null,
      body: {
        email: (await t.brand()).email,
        newPassword: 'probe-new-password',
        verificationToken: 'not-a-verification',
      },
    }),
  },
  'GET /public-config': { valid: async () => ({ as: null }) },
  'PUT /pageowners/updateUser/:userId': {
    valid: async (t) => {
      const creator = await t.creator();
      return {
        as: creator,
        params: { userId: creator.userId },
        body: creatorWizard({ description: 'Updated by the security suite.' }),
      };
    },
    refused: async (t) => {
      const creator = await t.creator();
      return {
        as: creator,
        params: { userId: creator.userId },
        body: { pricing: { storyPost: '0x10', feedPost: 1, reel: 1 } },
      };
    },
  },
  'GET /pageowners/user/:userId': {
    valid: async (t) => ({ as: null, params: { userId: (await t.creator()).userId } }),
    refused: async () => ({ as: null, params: { userId: 'nobody-at-all' } }),
  },
  'POST /uploads/image': {
    valid: async (t) => ({
      as: await t.creator(),
      file: { field: 'file', content: Buffer.from(TINY_PNG), name: 'probe.png' },
    }),
    refused: async (t) => ({
      as: await t.creator(),
      file: { field: 'file', content: Buffer.from('<svg onload=alert(1)>'), name: 'x.png' },
    }),
  },
  'POST /pageowners/store': {
    valid: async (t) => {
      const creator = await t.creator();
      return { as: creator, body: { userId: creator.userId, profileName: t.handle } };
    },
    refused: async (t) => {
      const creator = await t.creator();
      return { as: creator, body: { userId: creator.userId, profileName: 'not.on.profile' } };
    },
  },
  'GET /pageowners/get-by-userid': {
    valid: async (t) => {
      await t.instagramRequest();
      const creator = await t.creator();
      return { as: creator, query: { userId: creator.userId } };
    },
    refused: async (t) => {
      const creator = await t.creator();
      return { as: creator, query: { userId: creator.userId } };
    },
  },
  'PUT /pageowners/send-status': {
    valid: async (t) => {
      await t.instagramRequest();
      return { as: await t.admin(), body: { userId: (await t.creator()).userId, status: 'send' } };
    },
    refused: async (t) => {
      const { otp } = await t.instagramRequest();
      const creator = await t.creator();
      return {
        as: creator,
        body: { userId: creator.userId, status: 'verified', otp: wrongCode(otp) },
      };
    },
  },
  'POST /pageowners/handle-disputes': {
    valid: async (t) => {
      const { claimant } = await claimedHandle(t);
      return {
        as: claimant,
        body: { userId: claimant.userId, platform: 'instagram', handle: t.handle, message: 'Mine' },
      };
    },
    refused: async (t) => {
      const { owner } = await claimedHandle(t);
      return { as: owner, body: { userId: owner.userId, platform: 'instagram', handle: t.handle } };
    },
  },
  'GET /admin/handle-claims': {
    valid: async (t) => ({ as: await t.admin(), query: { range: '[0,9]' } }),
    refused: async (t) => ({ as: await t.creator(), query: { range: '[0,9]' } }),
  },
  'GET /admin/handle-claims/:id': {
    valid: async (t) => {
      const { admin, id } = await claimedHandle(t);
      return { as: admin, params: { id } };
    },
    refused: async (t) => ({ as: await t.admin(), params: { id: 'instagram:nobody.here' } }),
  },
  'POST /admin/handle-claims/:id/assign': {
    valid: async (t) => {
      const { admin, id, claimant, disputeId } = await openDispute(t);
      return { as: admin, params: { id }, body: { userId: claimant.userId, disputeId } };
    },
    refused: async (t) => {
      const { admin, id, owner } = await claimedHandle(t);
      return { as: admin, params: { id }, body: { userId: owner.userId } };
    },
  },
  'POST /admin/handle-claims/:id/dismiss': {
    valid: async (t) => {
      const { admin, id, disputeId } = await openDispute(t);
      return { as: admin, params: { id }, body: { disputeId } };
    },
    refused: async (t) => {
      const { admin, id } = await claimedHandle(t);
      return {
        as: admin,
        params: { id },
        body: { disputeId: '00000000-0000-4000-8000-000000000000' },
      };
    },
  },
  'GET /pageowners/get-all': {
    valid: async (t) => ({ as: await t.admin(), query: { status: 'pending' } }),
    refused: async (t) => ({ as: await t.brand(), query: { status: 'pending' } }),
  },
  'POST /pageowners/verify-youtube': {
    unavailable: 'YouTube is not configured here (services/verification/youtube/youtube.test.ts)',
    valid: async (t) => {
      const creator = await t.creator();
      return {
        as: creator,
        body: { userId: creator.userId, handle: '@AshaCooksTV', accessToken: 'ya29.probe-token' },
      };
    },
  },
  'GET /admin/otp-records': {
    valid: async (t) => ({ as: await t.admin(), query: { range: '[0,9]' } }),
    refused: async (t) => ({ as: await t.brand(), query: { range: '[0,9]' } }),
  },
  'GET /admin/otp-records/summary': {
    valid: async (t) => ({ as: await t.admin() }),
    refused: async (t) => ({ as: await t.creator() }),
  },
  'GET /admin/otp-records/:id': {
    valid: async (t) => ({ as: await t.admin(), params: { id: (await t.instagramRequest()).id } }),
    refused: async (t) => ({ as: await t.admin(), params: { id: 'no-such-record' } }),
  },
  'POST /admin/otp-records/:id/send': {
    valid: async (t) => ({ as: await t.admin(), params: { id: (await t.instagramRequest()).id } }),
    refused: async (t) => ({ as: await t.admin(), params: { id: 'no-such-record' } }),
  },
  'GET /admin/users': {
    valid: async (t) => ({ as: await t.admin(), query: { range: '[0,9]' } }),
    refused: async (t) => ({ as: await t.brand(), query: { range: '[0,9]' } }),
  },
  'GET /admin/users/:id': {
    valid: async (t) => ({ as: await t.admin(), params: { id: (await t.brand()).userId } }),
    refused: async (t) => ({ as: await t.admin(), params: { id: 'nobody-at-all' } }),
  },
  'GET /wallet/me': {
    valid: async (t) => ({ as: await t.brand(), query: { page: '1', limit: '10' } }),
    refused: async () => ({ as: null }),
  },
  'GET /admin/wallets': {
    valid: async (t) => ({ as: await t.admin(), query: { range: '[0,9]' } }),
    refused: async (t) => ({ as: await t.brand(), query: { range: '[0,9]' } }),
  },
  'GET /admin/wallets/:id': {
    valid: async (t) => ({ as: await t.admin(), params: { id: (await t.brand()).userId } }),
    refused: async (t) => ({ as: await t.brand(), params: { id: (await t.brand()).userId } }),
  },
  'GET /admin/wallets/:id/entries': {
    valid: async (t) => ({
      as: await t.admin(),
      params: { id: (await t.brand()).userId },
      query: { range: '[0,9]' },
    }),
    refused: async (t) => ({ as: await t.brand(), params: { id: (await t.brand()).userId } }),
  },
  'POST /admin/wallets/:id/grants': {
    valid: async (t) => ({
      as: await t.admin(),
      params: { id: (await t.brand()).userId },
      body: { coins: 5, reason: 'Security suite grant' },
    }),
    refused: async (t) => ({
      as: await t.admin(),
      params: { id: (await t.brand()).userId },
      body: { coins: 5, reason: '' },
    }),
  },
  'POST /payment/pay': {
    valid: async (t) => {
      const brand = await t.brand();
      return { as: brand, body: { userId: brand.userId, packageId: 'growth' } };
    },
    refused: async (t) => {
      const brand = await t.brand();
      return { as: brand, body: { userId: brand.userId, totalAmount: 124 } };
    },
  },
  'GET /payment/:paymentId': {
    valid: async (t) => ({
      as: await t.brand(),
      params: { paymentId: (await t.payment()).paymentId },
    }),
    refused: async (t) => ({
      as: await t.creator(),
      params: { paymentId: (await t.payment()).paymentId },
    }),
  },
  'GET /payment/return/:provider': {
    valid: async (t) => {
      const returnUrl = (await t.payment()).approvedReturn;
      return {
        as: null,
        params: { provider: 'sandbox' },
        query: Object.fromEntries(returnUrl.searchParams),
      };
    },
    refused: async (t) => {
      const query = Object.fromEntries((await t.payment()).approvedReturn.searchParams);
      return {
        as: null,
        params: { provider: 'sandbox' },
        query: { ...query, sandbox_amount_paise: '100' },
      };
    },
  },
  'POST /payment/webhook/razorpay': {
    unavailable: 'Razorpay is not configured here (services/payments/razorpay.test.ts)',
    valid: async () => ({ as: null, body: { event: 'payment_link.paid', payload: {} } }),
  },
  'GET /collection/users/:userId': {
    valid: async (t) => {
      const { brand } = await brandWithCreator(t);
      return { as: brand, params: { userId: brand.userId } };
    },
    refused: async (t) => ({ as: await t.brand(), params: { userId: (await t.creator()).userId } }),
  },
  'POST /collection/users/add': {
    valid: async (t) => {
      const brand = await fundedBrand(t);
      return {
        as: brand,
        body: { userId: brand.userId, targetUserId: (await t.creator()).userId },
      };
    },
    refused: async (t) => {
      const brand = await fundedBrand(t);
      return { as: brand, body: { userId: brand.userId, targetUserId: brand.userId } };
    },
  },
  'POST /collection/users/remove': {
    valid: async (t) => {
      const { brand, creator } = await brandWithCreator(t);
      return { as: brand, body: { userId: brand.userId, targetUserId: creator.userId } };
    },
    // Nobody is on their own list, whatever an earlier request of the run added.
    refused: async (t) => {
      const brand = await t.brand();
      return { as: brand, body: { userId: brand.userId, targetUserId: brand.userId } };
    },
  },
  'POST /collection/users/update': {
    valid: async (t) => {
      const { brand, creator } = await brandWithCreator(t);
      return { as: brand, body: { userId: brand.userId, targetUserId: creator.userId } };
    },
    // Refused before a client's key is claimed, so a key from the add changes nothing here.
    refused: async (t) => {
      const brand = await fundedBrand(t);
      return { as: brand, body: { userId: brand.userId, targetUserId: brand.userId } };
    },
  },
  'GET /messages/conversation/:userId/:otherUserId': {
    valid: async (t) => {
      const { brand, creator } = await t.conversation();
      return {
        as: brand,
        params: { userId: brand.userId, otherUserId: creator.userId },
        query: { limit: '20' },
      };
    },
    refused: async (t) => {
      const { brand, creator } = await t.conversation();
      return { as: creator, params: { userId: brand.userId, otherUserId: creator.userId } };
    },
  },
  'PATCH /messages/mark-read': {
    valid: async (t) => {
      const { brand, creator } = await t.conversation();
      return { as: brand, body: { sender: creator.userId, receiver: brand.userId } };
    },
    refused: async (t) => {
      const { brand } = await t.conversation();
      return { as: brand, body: { sender: 'nobody-at-all', receiver: brand.userId } };
    },
  },
  'POST /notifications/store-token': {
    valid: async (t) => {
      const brand = await t.brand();
      return { as: brand, body: { userId: brand.userId, token: pushSubscription() } };
    },
    refused: async (t) => {
      const brand = await t.brand();
      return {
        as: brand,
        body: {
          userId: brand.userId,
          token: { ...pushSubscription(), endpoint: 'https://hooks.evil.example/collect' },
        },
      };
    },
  },
  'POST /notifications/send-message': {
    valid: async (t) => {
      const { creator } = await t.conversation();
      return {
        as: await t.brand(),
        body: { sender: 'Probe Brand', receiver: creator.userId, message: 'Hello' },
      };
    },
    refused: async () => ({
      as: null,
      body: { sender: 'Probe Brand', receiver: 'nobody-at-all', message: 'Hello' },
    }),
  },
  'GET /notifications/public-key': { valid: async () => ({ as: null }) },
  'GET /pageowners/users': {
    valid: async () => ({
      as: null,
      query: { search: 'probe', adCategories: 'skincare', minFollowers: '10k', sort: 'followers' },
    }),
    refused: async () => ({ as: null, query: { socialMediaPlatforms: 'myspace' } }),
  },
  'GET /pageowners/visibility/:userId': {
    valid: async (t) => {
      const creator = await t.creator();
      return { as: creator, params: { userId: creator.userId } };
    },
    refused: async (t) => ({ as: await t.brand(), params: { userId: (await t.creator()).userId } }),
  },
  'GET /insights': {
    valid: async (t) => ({ as: await t.creator(), query: { days: '7' } }),
    refused: async (t) => ({ as: await t.creator(), query: { days: '14' } }),
  },
  'POST /admin/demo-accounts': {
    valid: async (t) => ({
      as: await t.admin(),
      body: {
        password: 'probe-demo-password',
        accounts: [{ ...demoBrand(sequence), coins: 0 }],
      },
    }),
    refused: async (t) => ({
      as: await t.admin(),
      body: {
        password: 'probe-demo-password',
        accounts: [{ ...demoBrand(0), email: 'someone@example.in' }],
      },
    }),
  },
  'POST /admin/users/:id/roles': {
    valid: async (t) => ({
      as: await t.admin(),
      params: { id: (await t.brand()).userId },
      body: { role: 'auditor' },
    }),
    refused: async (t) => ({
      as: await t.admin(),
      params: { id: 'nobody-at-all' },
      body: { role: 'auditor' },
    }),
  },
  'DELETE /admin/users/:id/roles/:role': {
    valid: async (t) => {
      const member = await t.brand();
      await grantAuditor(t.server, await t.admin(), member.userId);
      return { as: await t.admin(), params: { id: member.userId, role: 'auditor' } };
    },
    refused: async (t) => ({
      as: await t.admin(),
      params: { id: 'nobody-at-all', role: 'auditor' },
    }),
  },
  'GET /admin/audit/:id/ledger': {
    valid: async (t) => ({
      as: await t.admin(),
      params: { id: (await fundedBrand(t)).userId },
      query: { range: '[0,9]', sort: '["revision","DESC"]' },
    }),
    refused: async (t) => ({ as: await t.admin(), params: { id: 'nobody-at-all' } }),
  },
  'GET /admin/audit/:id/ledger.csv': {
    valid: async (t) => ({ as: await t.admin(), params: { id: (await fundedBrand(t)).userId } }),
    refused: async (t) => ({ as: await t.brand(), params: { id: (await t.brand()).userId } }),
  },
  'GET /admin/audit/:id/verifications': {
    valid: async (t) => ({
      as: await t.admin(),
      params: { id: (await t.creator()).userId },
      query: { range: '[0,9]', filter: '{"channel":"email"}' },
    }),
    refused: async (t) => ({ as: await t.admin(), params: { id: 'nobody-at-all' } }),
  },
  'GET /admin/audit/:id/verifications.csv': {
    valid: async (t) => ({ as: await t.admin(), params: { id: (await t.creator()).userId } }),
    refused: async (t) => ({ as: await t.creator(), params: { id: (await t.creator()).userId } }),
  },
  'GET /admin/audit/:id/as-of': {
    valid: async (t) => ({
      as: await t.admin(),
      params: { id: (await fundedBrand(t)).userId },
      query: { at: new Date().toISOString() },
    }),
    refused: async (t) => ({
      as: await t.admin(),
      params: { id: (await t.brand()).userId },
      query: { at: 'yesterday' },
    }),
  },
  'GET /admin/read-models': {
    valid: async (t) => ({ as: await t.admin(), query: { range: '[0,9]' } }),
    refused: async (t) => ({ as: await t.brand() }),
  },
  'GET /admin/replay-checks': {
    valid: async (t) => ({ as: await t.admin(), query: { range: '[0,9]' } }),
    refused: async (t) => ({ as: await t.creator() }),
  },
  'POST /admin/replay-checks': {
    valid: async (t) => ({ as: await t.admin(), body: { readModels: ['wallets'] } }),
    refused: async (t) => ({ as: await t.admin(), body: { readModels: ['no-such-model'] } }),
  },
  'GET /admin/replay-checks/:id': {
    valid: async (t) => ({ as: await t.admin(), params: { id: await replayCheckId(t) } }),
    refused: async (t) => ({
      as: await t.admin(),
      params: { id: '00000000-0000-4000-8000-000000000000' },
    }),
  },
  'GET /admin/ledger-invariants': {
    valid: async (t) => ({ as: await t.admin() }),
    refused: async (t) => ({ as: await t.brand() }),
  },
  'GET /admin/payments': {
    valid: async (t) => ({
      as: await t.admin(),
      query: { range: '[0,9]', filter: '{"status":"pending"}', sort: '["rupees","DESC"]' },
    }),
    refused: async (t) => ({ as: await t.admin(), query: { filter: '{"status":"maybe"}' } }),
  },
  'GET /admin/payments/:id': {
    valid: async (t) => ({ as: await t.admin(), params: { id: (await t.payment()).paymentId } }),
    refused: async (t) => ({ as: await t.admin(), params: { id: 'no-such-payment' } }),
  },
  'GET /admin/connections': {
    valid: async (t) => ({
      as: await t.admin(),
      query: { range: '[0,9]', filter: '{"state":"open"}' },
    }),
    refused: async (t) => ({ as: await t.brand(), query: { range: '[0,9]' } }),
  },
  'GET /admin/connections/:id': {
    valid: async (t) => ({ as: await t.admin(), params: { id: await connectionId(t) } }),
    refused: async (t) => ({ as: await t.admin(), params: { id: 'no-such-connection' } }),
  },
  'GET /admin/user-overviews': {
    valid: async (t) => ({
      as: await t.admin(),
      query: { range: '[0,9]', filter: '{"verified":"none"}', sort: '["balance","DESC"]' },
    }),
    refused: async (t) => ({ as: await t.admin(), query: { filter: '{"verified":"maybe"}' } }),
  },
  'GET /admin/user-overviews/:id': {
    valid: async (t) => ({ as: await t.admin(), params: { id: (await t.brand()).userId } }),
    refused: async (t) => ({ as: await t.admin(), params: { id: 'nobody-at-all' } }),
  },
};

/** A browser's push subscription on a push service the server knows (FCM). */
const pushSubscription = () => {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/probe-${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: {
      p256dh: keys.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
};

/** The path of an endpoint with its parameters filled in. */
export const pathOf = (path: string, params: Readonly<Record<string, string>> = {}): string =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? name));

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Sends a request spec to an endpoint, with extra headers. */
export const send = (
  server: TestServer,
  method: Method,
  path: string,
  spec: RequestSpec,
  headers: Readonly<Record<string, string>> = {},
) => {
  let req = request(server.url)[method](`/api${pathOf(path, spec.params)}`);
  if (spec.query) req = req.query(spec.query);
  if (spec.as) req = req.set('Authorization', `Bearer ${spec.as.token}`);
  for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
  if (spec.file) return req.attach(spec.file.field, spec.file.content, spec.file.name);
  return spec.body ? req.send(spec.body) : req;
};

/**
 * The console's payments, connections and users (with balances and verifications) through
 * ra-data-simple-rest's contract: filters, sort, range and `Content-Range`.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionView, PaymentRow, UserOverview } from '@linkcoin/domain/audit/contracts.ts';
import { REPLY_GUARANTEE_MS } from '@linkcoin/domain/messaging/conversation.ts';
import {
  adminEnv,
  grantAuditor,
  loginAdmin,
  registerUser,
  type TestUser,
} from '../testing/accounts.ts';
import { waitUntil } from '../testing/audit.ts';
import { changeCollection, grantCoins, sendMessage } from '../testing/collections.ts';
import { balanceOf, buyInSandbox } from '../testing/payments.ts';
import { creatorWizard, saveProfile } from '../testing/profiles.ts';
import { adjustableClock, startTestServer, type TestServer } from '../testing/test-server.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('the console’s payments, connections and users', () => {
  const clock = adjustableClock();
  let server: TestServer;
  let admin: TestUser;
  let auditor: TestUser;
  let brand: TestUser;
  let rival: TestUser;
  let creator: TestUser;
  let other: TestUser;
  const paid: string[] = [];
  let declined = '';

  const api = () => request(server.url);
  const auth = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });
  const list = (resource: string, query: Record<string, unknown> = {}, as = auditor) =>
    api()
      .get(`/api/admin/${resource}`)
      .query(
        Object.fromEntries(
          Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)]),
        ),
      )
      .set(auth(as));

  beforeAll(async () => {
    server = await startTestServer({
      clock,
      env: { ...adminEnv, PROCESS_TICK_MS: '100', TOKEN_TTL_SECONDS: '2592000' },
    });
    admin = await loginAdmin(server);
    auditor = await registerUser(server, { role: 'user', ownerName: 'Ada Auditor' });
    await grantAuditor(server, admin, auditor.userId);
    brand = await registerUser(server, { role: 'user', ownerName: 'Chai Point' });
    rival = await registerUser(server, { role: 'user', ownerName: 'Masala Box' });
    creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Cooks' });
    other = await registerUser(server, { role: 'influencer', ownerName: 'Ravi Rides' });
    await saveProfile(server, creator, creatorWizard()).expect(200);

    paid.push((await buyInSandbox(server, brand, { packageId: 'growth' })).paymentId);
    clock.advance(60_000);
    paid.push((await buyInSandbox(server, brand, { coins: 3 })).paymentId);
    clock.advance(60_000);
    declined = (
      await buyInSandbox(
        server,
        rival,
        { packageId: 'starter' },
        {
          decline: 'CARD_DECLINED',
        },
      )
    ).paymentId;
    await waitUntil(async () => (await balanceOf(server, brand)) === 33);
    await grantCoins(server, admin, rival, 4);

    // Brand: adds the creator (writes, no answer: refunded) and the other (removed).
    await changeCollection(server, brand, 'add', creator.userId).expect(201);
    await sendMessage(server, clock.now(), brand, creator, 'Hello?');
    clock.advance(HOUR);
    await changeCollection(server, brand, 'add', other.userId).expect(201);
    await changeCollection(server, brand, 'remove', other.userId).expect(200);
    // Rival: adds the creator and renews.
    clock.advance(HOUR);
    await changeCollection(server, rival, 'add', creator.userId).expect(201);
    await changeCollection(server, rival, 'update', creator.userId).expect(200);
    clock.advance(REPLY_GUARANTEE_MS);
    await waitUntil(async () => (await balanceOf(server, brand)) === 32);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists payments with status, reference, amount, coins and credit; filters and sorts them', async () => {
    const all = await list('payments', { range: [0, 24] }).expect(200);
    expect(all.headers['content-range']).toBe('payments 0-2/3');
    const rows = all.body as PaymentRow[];
    // Newest first by default.
    expect(rows.map((row) => row.id)).toEqual([declined, paid[1], paid[0]]);
    expect(rows[2]).toMatchObject({
      userId: brand.userId,
      status: 'approved',
      provider: 'sandbox',
      providerReference: expect.any(String),
      packageId: 'growth',
      coins: 25,
      bonusCoins: 5,
      rupees: 125,
      credited: true,
      // The sandbox records its settlement server to server, as a provider's webhook does.
      via: 'webhook',
    });
    expect(rows[0]).toMatchObject({
      userId: rival.userId,
      status: 'failed',
      failureCode: 'CARD_DECLINED',
      credited: false,
    });

    const approved = await list('payments', {
      filter: { status: 'approved' },
      sort: ['rupees', 'ASC'],
    }).expect(200);
    expect((approved.body as PaymentRow[]).map((row) => [row.rupees, row.coins])).toEqual([
      [15, 3],
      [125, 25],
    ]);
    const mine = await list('payments', { filter: { userId: rival.userId } }).expect(200);
    expect((mine.body as PaymentRow[]).map((row) => row.id)).toEqual([declined]);
    const byReference = await list('payments', {
      filter: { q: rows[1]!.providerReference },
    }).expect(200);
    expect((byReference.body as PaymentRow[]).map((row) => row.id)).toEqual([paid[1]]);
    const page = await list('payments', { range: [1, 1] }).expect(200);
    expect(page.headers['content-range']).toBe('payments 1-1/3');
    const one = await api().get(`/api/admin/payments/${paid[0]}`).set(auth(admin)).expect(200);
    expect(one.body).toEqual(rows[2]);
    await api()
      .get('/api/admin/payments/no-such-payment')
      .set(auth(admin))
      .expect(404, { success: false, message: 'Payment not found.' });
    await list('payments', { filter: { status: 'maybe' } }).expect(400);
    await list('payments', { filter: { colour: 'red' } }).expect(400);
  });

  it('lists connections with payer, creator, dates, expiry, renewals, removal and refund', async () => {
    const all = await list('connections').expect(200);
    expect(all.headers['content-range']).toBe('connections 0-2/3');
    const rows = all.body as ConnectionView[];
    expect(rows.map((row) => [row.payerId, row.creatorId])).toEqual([
      [rival.userId, creator.userId],
      [brand.userId, other.userId],
      [brand.userId, creator.userId],
    ]);
    const [renewed, removed, refunded] = rows as [ConnectionView, ConnectionView, ConnectionView];
    expect(renewed).toMatchObject({ renewals: 1, coinsSpent: 2, refunded: false, state: 'open' });
    expect(Date.parse(renewed.expiresAt) - Date.parse(renewed.addedAt)).toBe(14 * DAY);
    expect(removed).toMatchObject({ state: 'removed', removedAt: expect.any(String) });
    expect(refunded).toMatchObject({
      refunded: true,
      refundedAt: expect.any(String),
      state: 'open',
    });

    const ids = async (query: Record<string, unknown>) =>
      ((await list('connections', query).expect(200)).body as ConnectionView[]).map((r) => r.id);
    expect(await ids({ filter: { refunded: true } })).toEqual([refunded.id]);
    expect(await ids({ filter: { state: 'removed' } })).toEqual([removed.id]);
    expect(await ids({ filter: { creatorId: creator.userId }, sort: ['addedAt', 'ASC'] })).toEqual([
      refunded.id,
      renewed.id,
    ]);
    // Either side of a connection: the creator is on two, as the creator.
    expect(await ids({ filter: { userId: creator.userId } })).toEqual([renewed.id, refunded.id]);
    expect(await ids({ filter: { userId: brand.userId }, range: [1, 1] })).toEqual([refunded.id]);
    // Eight days on, the brand's week is over; the rival renewed for two.
    clock.advance(8 * DAY);
    expect(await ids({ filter: { state: 'expired' } })).toEqual([refunded.id]);
    expect(await ids({ filter: { state: 'open' } })).toEqual([renewed.id]);
    const one = await api().get(`/api/admin/connections/${refunded.id}`).set(auth(auditor));
    expect(one.body).toMatchObject({ id: refunded.id, state: 'expired' });
    await api().get('/api/admin/connections/nope').set(auth(auditor)).expect(404);
  });

  it('lists users with roles, balances and verifications; filters and sorts by them', async () => {
    // The creator's Instagram: requested, sent and verified by the creator.
    await api()
      .post('/api/pageowners/store')
      .set(auth(creator))
      .send({ userId: creator.userId, profileName: 'asha.cooks' })
      .expect(201);
    const record = await api()
      .get('/api/pageowners/get-all')
      .query({ userId: creator.userId })
      .set(auth(admin))
      .expect(200);
    await api()
      .put('/api/pageowners/send-status')
      .set(auth(admin))
      .send({ userId: creator.userId, status: 'send' })
      .expect(200);
    await api()
      .put('/api/pageowners/send-status')
      .set(auth(creator))
      .send({ userId: creator.userId, status: 'verified', otp: record.body.data.data[0].otp })
      .expect(200);

    const byBalance = await list('user-overviews', {
      sort: ['balance', 'DESC'],
      range: [0, 2],
    }).expect(200);
    expect(byBalance.headers['content-range']).toBe('user-overviews 0-2/6');
    expect(
      (byBalance.body as UserOverview[]).map((user) => [user.ownerName, user.balance]),
    ).toEqual([
      ['Chai Point', 32],
      ['Masala Box', 2],
      [expect.any(String), 0],
    ]);
    const verified = await list('user-overviews', { filter: { verified: 'instagram' } }).expect(
      200,
    );
    expect(verified.body).toEqual([
      expect.objectContaining({
        id: creator.userId,
        role: 'influencer',
        roles: ['influencer'],
        instagram: expect.objectContaining({ status: 'verified', handle: 'asha.cooks' }),
        instagramVerified: ['asha.cooks'],
        verified: ['instagram'],
        balance: 0,
      }),
    ]);
    expect(verified.body[0]).not.toHaveProperty('anyVerified');
    const unverifiedCreators = await list('user-overviews', {
      filter: { verified: 'none', role: 'influencer' },
    }).expect(200);
    expect((unverifiedCreators.body as UserOverview[]).map((user) => user.id)).toEqual([
      other.userId,
    ]);
    const auditors = await list('user-overviews', { filter: { role: 'auditor' } }).expect(200);
    expect((auditors.body as UserOverview[]).map((user) => user.id)).toEqual([auditor.userId]);
    const found = await list('user-overviews', { filter: { q: 'masala' } }).expect(200);
    expect((found.body as UserOverview[]).map((user) => user.id)).toEqual([rival.userId]);
    const many = await list('user-overviews', { filter: { id: [brand.userId, rival.userId] } });
    expect(many.headers['content-range']).toBe('user-overviews 0-1/2');
    const one = await api().get(`/api/admin/user-overviews/${brand.userId}`).set(auth(admin));
    expect(one.body).toMatchObject({
      id: brand.userId,
      email: brand.email,
      balance: 32,
      instagram: null,
      verified: [],
      signInMethods: ['password'],
    });
    await api().get('/api/admin/user-overviews/nobody').set(auth(admin)).expect(404);
  });

  it('shows an open Instagram request as expired once its five hours are over', async () => {
    await saveProfile(
      server,
      other,
      creatorWizard({
        profileDetails: [
          {
            platform: 'instagram',
            profileName: 'ravi.rides',
            profilePicUrl: 'https://instagram.com/ravi.rides',
            followers: '3k',
          },
        ],
      }),
    ).expect(200);
    await api()
      .post('/api/pageowners/store')
      .set(auth(other))
      .send({ userId: other.userId, profileName: 'ravi.rides' })
      .expect(201);
    const status = async (filter: string) =>
      (
        (await list('user-overviews', { filter: { instagramStatus: filter } }).expect(200))
          .body as UserOverview[]
      ).map((user) => user.id);
    expect(await status('pending')).toEqual([other.userId]);
    // Past the deadline, before the expiry process has recorded it: expired already.
    clock.advance(5 * HOUR + 1000);
    expect(await status('pending')).toEqual([]);
    expect(await status('expired')).toEqual([other.userId]);
    const one = await api().get(`/api/admin/user-overviews/${other.userId}`).set(auth(auditor));
    expect(one.body.instagram).toMatchObject({ status: 'expired' });
  });

  it('lets auditors and admins read, and nobody else', async () => {
    for (const path of ['payments', 'connections', 'user-overviews']) {
      await list(path, {}, admin).expect(200);
      await list(path, {}, brand).expect(403);
      await list(path, {}, creator).expect(403);
      await api().get(`/api/admin/${path}`).expect(401);
    }
  });
});

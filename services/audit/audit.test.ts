/**
 * The auditors' views over HTTP (issue 11): a brand's coin ledger and a creator's verification
 * history read from their streams, with CSV exports, and their state "as of" chosen instants.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsOfAnswer, LedgerLine, VerificationLine } from '@linkcoin/domain/audit/contracts.ts';
import { REPLY_GUARANTEE_MS } from '@linkcoin/domain/messaging/conversation.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import {
  adminEnv,
  grantAuditor,
  loginAdmin,
  registerUser,
  type TestUser,
} from '../testing/accounts.ts';
import { expectLedgerInvariantsHold, waitUntil } from '../testing/audit.ts';
import { changeCollection, sendMessage } from '../testing/collections.ts';
import { balanceOf, buyInSandbox } from '../testing/payments.ts';
import { creatorWizard, saveProfile } from '../testing/profiles.ts';
import { adjustableClock, startTestServer, type TestServer } from '../testing/test-server.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const FORMULA_REASON = '=HYPERLINK("http://evil.example","Refund")';

describe('the auditors’ views', () => {
  const clock = adjustableClock();
  let server: TestServer;
  let admin: TestUser;
  let auditor: TestUser;
  let brand: TestUser;
  let creator: TestUser;
  /** Instants between the brand's steps, for the "as of" views. */
  const moments: Record<string, string> = {};
  let instagramCode = '';

  const api = () => request(server.url);
  const auth = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });
  const ledgerOf = (user: TestUser, query: Record<string, string> = {}, as = auditor) =>
    api().get(`/api/admin/audit/${user.userId}/ledger`).query(query).set(auth(as));
  const asOf = async (user: TestUser, at: string): Promise<AsOfAnswer> =>
    (
      await api()
        .get(`/api/admin/audit/${user.userId}/as-of`)
        .query({ at })
        .set(auth(auditor))
        .expect(200)
    ).body as AsOfAnswer;
  const mark = (name: string) => {
    clock.advance(60_000);
    moments[name] = clock.now().toISOString();
    clock.advance(60_000);
  };

  beforeAll(async () => {
    server = await startTestServer({
      clock,
      env: {
        ...adminEnv,
        PROCESS_TICK_MS: '100',
        TOKEN_TTL_SECONDS: '2592000',
        LOGIN_ATTEMPTS_PER_WINDOW: '10000',
        OTP_REQUESTS_PER_WINDOW: '10000',
        OTP_VERIFY_ATTEMPTS_PER_WINDOW: '10000',
        AUTH_REQUESTS_PER_IP_PER_WINDOW: '100000',
      },
    });
    admin = await loginAdmin(server);
    auditor = await registerUser(server, { role: 'user', ownerName: 'Ada Auditor' });
    await grantAuditor(server, admin, auditor.userId);
    mark('beforeBrand');
    brand = await registerUser(server, { role: 'user', ownerName: 'Chai Point' });
    creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Cooks' });
    await saveProfile(server, creator, creatorWizard()).expect(200);

    // The brand's coins: bought, granted, spent on the creator, renewed, refunded.
    await buyInSandbox(server, brand, { packageId: 'growth' });
    await waitUntil(async () => (await balanceOf(server, brand)) === 30);
    mark('afterPurchase');
    await api()
      .post(`/api/admin/wallets/${brand.userId}/grants`)
      .set(auth(admin))
      .send({ coins: 5, reason: FORMULA_REASON })
      .expect(201);
    mark('afterGrant');
    await changeCollection(server, brand, 'add', creator.userId).expect(201);
    mark('afterAdd');
    await changeCollection(server, brand, 'update', creator.userId).expect(200);
    await sendMessage(server, clock.now(), brand, creator, 'Shall we work together?');
    mark('afterRenewal');
    clock.advance(REPLY_GUARANTEE_MS + HOUR);
    await waitUntil(async () => (await balanceOf(server, brand)) === 34);
    mark('afterRefund');

    // The creator's Instagram: requested, sent by the admin, a wrong code, the right one.
    const store = () =>
      api()
        .post('/api/pageowners/store')
        .set(auth(creator))
        .send({ userId: creator.userId, profileName: 'asha.cooks' });
    await store().expect(201);
    mark('afterRequest');
    const record = await api()
      .get('/api/pageowners/get-all')
      .query({ userId: creator.userId })
      .set(auth(admin))
      .expect(200);
    instagramCode = record.body.data.data[0].otp as string;
    await api()
      .put('/api/pageowners/send-status')
      .set(auth(admin))
      .send({ userId: creator.userId, status: 'send' })
      .expect(200);
    mark('afterSent');
    const verify = (otp: string) =>
      api()
        .put('/api/pageowners/send-status')
        .set(auth(creator))
        .send({ userId: creator.userId, status: 'verified', otp });
    await verify(instagramCode === '000000' ? '111111' : '000000').expect(400);
    await verify(instagramCode).expect(200);
    mark('afterVerified');
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('lists a brand’s ledger from its stream: every event in order, paged, with who and why', async () => {
    const page = await ledgerOf(brand, { range: '[0,9]' }).expect(200);
    expect(page.headers['content-range']).toBe('ledger 0-4/5');
    const lines = page.body as LedgerLine[];
    expect(lines.map((line) => [line.kind, line.coins, line.balanceAfter])).toEqual([
      ['purchase', 30, 30],
      ['grant', 5, 35],
      ['connection', -1, 34],
      ['renewal', -1, 33],
      ['refund', 1, 34],
    ]);
    expect(lines.map((line) => line.revision)).toEqual([0, 1, 2, 3, 4]);
    const [purchase, grant, connection, renewal, refund] = lines as [
      LedgerLine,
      LedgerLine,
      LedgerLine,
      LedgerLine,
      LedgerLine,
    ];
    // The purchase: credited by the system from the payment's approval.
    const events = server.runtime.platform.eventStore;
    const payment = await events.readStream(`payment-${purchase.paymentId}`);
    const approval = payment.find((event) => event.type === 'PaymentApproved')!;
    expect(purchase).toMatchObject({
      type: 'CoinsPurchased',
      actorUserId: null,
      packageId: 'growth',
      bonusCoins: 5,
      causationId: approval.id,
      correlationId: approval.metadata.correlationId,
    });
    expect(grant).toMatchObject({ actorUserId: admin.userId, by: admin.userId });
    expect(grant.reason).toBe(FORMULA_REASON);
    expect(connection).toMatchObject({
      actorUserId: brand.userId,
      targetUserId: creator.userId,
      connectionId: expect.any(String),
      expiresAt: new Date(Date.parse(connection.at) + 7 * DAY).toISOString(),
    });
    expect(renewal).toMatchObject({
      connectionId: connection.connectionId,
      expiresAt: new Date(Date.parse(connection.at) + 14 * DAY).toISOString(),
    });
    expect(refund).toMatchObject({
      actorUserId: null,
      reason: 'no_reply_within_48_hours',
      connectionId: connection.connectionId,
      correlationId: `reply-guarantee-${connection.connectionId}`,
    });
    // The same correlation ids as the wallet history the user reads: one rule for a line.
    const entries = await api()
      .get(`/api/admin/wallets/${brand.userId}/entries`)
      .set(auth(auditor))
      .expect(200);
    for (const line of lines) {
      expect(entries.body).toContainEqual(
        expect.objectContaining({ id: line.id, correlationId: line.correlationId }),
      );
    }

    const second = await ledgerOf(brand, { range: '[2,3]' }).expect(200);
    expect(second.headers['content-range']).toBe('ledger 2-3/5');
    expect((second.body as LedgerLine[]).map((line) => line.kind)).toEqual([
      'connection',
      'renewal',
    ]);
    const newest = await ledgerOf(brand, { range: '[0,1]', sort: '["revision","DESC"]' });
    expect((newest.body as LedgerLine[]).map((line) => line.kind)).toEqual(['refund', 'renewal']);
    const past = await ledgerOf(brand, { range: '[10,19]' }).expect(200);
    expect(past.body).toEqual([]);
    expect(past.headers['content-range']).toBe('ledger 10-10/5');
    // Admins read it too; a user without coins has an empty ledger.
    await ledgerOf(brand, {}, admin).expect(200);
    const empty = await ledgerOf(auditor).expect(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers['content-range']).toBe('ledger 0-0/0');
  });

  it('exports the ledger as CSV, oldest first, a formula in a reason escaped', async () => {
    const csv = await api()
      .get(`/api/admin/audit/${brand.userId}/ledger.csv`)
      .set(auth(auditor))
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      })
      .expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="ledger-${brand.userId}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const [header, ...rows] = (csv.body as string)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(header).toBe(
      'Revision,Time,Kind,Event,Coins,Balance after,Actor,Granted by,Reason,Payment,Package,Free coins,Creator,Connection,Expires,Correlation id,Causation id,Event id,Log position',
    );
    expect(rows).toHaveLength(5);
    expect(rows.map((row) => row.split(',').slice(2, 6))).toEqual([
      ['purchase', 'CoinsPurchased', '30', '30'],
      ['grant', 'CoinsGranted', '5', '35'],
      ['connection', 'ConnectionOpened', '-1', '34'],
      ['renewal', 'ConnectionRenewed', '-1', '33'],
      ['refund', 'CoinRefunded', '1', '34'],
    ]);
    // A spreadsheet opening the file shows the reason; it does not run it.
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Refund"")"`);
  });

  it('shows a creator’s verification history from the streams, and never a code', async () => {
    const history = await api()
      .get(`/api/admin/audit/${creator.userId}/verifications`)
      .query({ range: '[0,49]' })
      .set(auth(auditor))
      .expect(200);
    const lines = history.body as VerificationLine[];
    expect(lines.map((line) => line.kind)).toEqual([
      'email_code_issued',
      'email_verified',
      'email_verification_used',
      'account_registered',
      'instagram_requested',
      'instagram_code_sent',
      'instagram_attempt_failed',
      'instagram_verified',
    ]);
    expect(history.headers['content-range']).toBe('verifications 0-7/8');
    expect(lines.find((line) => line.kind === 'instagram_code_sent')).toMatchObject({
      by: admin.userId,
      actorUserId: admin.userId,
      summary: 'Instagram code sent by direct message',
    });
    expect(lines.find((line) => line.kind === 'instagram_attempt_failed')).toMatchObject({
      attempt: 1,
      actorUserId: creator.userId,
    });
    expect(lines.find((line) => line.kind === 'instagram_requested')).toMatchObject({
      handle: 'asha.cooks',
      summary: 'Instagram code requested for @asha.cooks',
    });
    expect(lines[0]).toMatchObject({ purpose: 'registration', channel: 'email' });

    const instagramOnly = await api()
      .get(`/api/admin/audit/${creator.userId}/verifications`)
      .query({ filter: '{"channel":"instagram"}', sort: '["at","DESC"]' })
      .set(auth(admin))
      .expect(200);
    expect((instagramOnly.body as VerificationLine[]).map((line) => line.kind)).toEqual([
      'instagram_verified',
      'instagram_attempt_failed',
      'instagram_code_sent',
      'instagram_requested',
    ]);

    const csv = await api()
      .get(`/api/admin/audit/${creator.userId}/verifications.csv`)
      .set(auth(auditor))
      .expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text.trimEnd().split('\n')).toHaveLength(9);
    expect(csv.text).toContain('Instagram account @asha.cooks verified');

    // No form of a code anywhere: not the code the admin read, not a hash, not the sealed code.
    const events = server.runtime.platform.eventStore;
    const secrets = (
      await Promise.all(
        [`igverification-${creator.userId}`, `emailotp-${creator.email}`].map((stream) =>
          events.readStream(stream),
        ),
      )
    )
      .flat()
      .flatMap((event: RecordedEvent) =>
        Object.entries(event.data)
          .filter(([key]) => /hash|sealed/i.test(key))
          .map(([, value]) => String(value)),
      );
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    for (const answer of [JSON.stringify(history.body), csv.text]) {
      expect(answer).not.toContain(instagramCode);
      expect(answer).not.toMatch(/codeHash|sealedCode|verificationHash/);
      for (const secret of secrets) expect(answer).not.toContain(secret);
    }
  });

  it('answers the wallet and the verifications as of chosen instants, replayed from the streams', async () => {
    const before = await asOf(brand, moments.beforeBrand!);
    expect(before.account.registered).toBe(false);
    expect(before.wallet).toMatchObject({ balance: 0, events: 0, connections: [] });

    expect((await asOf(brand, moments.afterPurchase!)).wallet).toMatchObject({
      balance: 30,
      purchases: 1,
      grants: 0,
    });
    const granted = await asOf(brand, moments.afterGrant!);
    expect(granted.wallet).toMatchObject({ balance: 35, grants: 1, connections: [] });
    expect(granted.account).toMatchObject({
      registered: true,
      ownerName: 'Chai Point',
      roles: ['user'],
      emailProof: 'email_otp',
    });

    const added = await asOf(brand, moments.afterAdd!);
    expect(added.wallet.balance).toBe(34);
    const [connection] = added.wallet.connections;
    expect(connection).toMatchObject({ targetUserId: creator.userId, open: true, refunded: false });
    expect(Date.parse(connection!.expiresAt) - Date.parse(connection!.addedAt)).toBe(7 * DAY);

    const renewed = await asOf(brand, moments.afterRenewal!);
    expect(renewed.wallet.balance).toBe(33);
    expect(Date.parse(renewed.wallet.connections[0]!.expiresAt)).toBe(
      Date.parse(connection!.addedAt) + 14 * DAY,
    );
    const refunded = await asOf(brand, moments.afterRefund!);
    expect(refunded.wallet.balance).toBe(34);
    expect(refunded.wallet.connections[0]).toMatchObject({ refunded: true, open: true });
    // Thirty days on, the chat has expired; the coins stayed.
    const later = await asOf(
      brand,
      new Date(Date.parse(moments.afterRefund!) + 30 * DAY).toISOString(),
    );
    expect(later.wallet).toMatchObject({ balance: 34 });
    expect(later.wallet.connections[0]!.open).toBe(false);

    // The creator's Instagram at each step; the e-mail code already used by then.
    const instagramAt = async (moment: string) =>
      (await asOf(creator, moments[moment]!)).verification.instagram;
    expect(await instagramAt('afterRefund')).toMatchObject({ status: null, events: 0 });
    expect(await instagramAt('afterRequest')).toMatchObject({
      status: 'pending',
      handle: 'asha.cooks',
      failedAttempts: 0,
    });
    expect(await instagramAt('afterSent')).toMatchObject({ status: 'send' });
    expect(await instagramAt('afterVerified')).toMatchObject({
      status: 'verified',
      failedAttempts: 1,
      verifiedHandles: ['asha.cooks'],
    });
    const creatorNow = await asOf(creator, moments.afterVerified!);
    expect(creatorNow.verification.email).toMatchObject({
      status: 'none',
      purpose: 'registration',
      events: 3,
    });
    // An offset is read as the instant it names.
    const inIndia = new Date(Date.parse(moments.afterGrant!) + 5.5 * HOUR)
      .toISOString()
      .replace('Z', '+05:30');
    expect((await asOf(brand, inIndia)).at).toBe(moments.afterGrant);
  });

  it('refuses brands, creators, strangers, unknown users and malformed instants', async () => {
    for (const path of [
      `/api/admin/audit/${brand.userId}/ledger`,
      `/api/admin/audit/${brand.userId}/ledger.csv`,
      `/api/admin/audit/${brand.userId}/verifications`,
      `/api/admin/audit/${brand.userId}/verifications.csv`,
      `/api/admin/audit/${brand.userId}/as-of?at=${moments.afterGrant}`,
    ]) {
      await api().get(path).set(auth(brand)).expect(403);
      await api().get(path).set(auth(creator)).expect(403);
      await api().get(path).expect(401);
    }
    await api()
      .get('/api/admin/audit/nobody-at-all/ledger')
      .set(auth(auditor))
      .expect(404, { success: false, message: 'User not found.' });
    await api()
      .get('/api/admin/audit/nobody-at-all/verifications.csv')
      .set(auth(auditor))
      .expect(404);
    await api()
      .get(`/api/admin/audit/${brand.userId}/as-of`)
      .query({ at: 'yesterday' })
      .set(auth(auditor))
      .expect(400, {
        success: false,
        message: 'Choose a date and a time.',
      });
    await api()
      .get(`/api/admin/audit/${brand.userId}/ledger`)
      .query({ filter: '{"kind":"grant"}' })
      .set(auth(auditor))
      .expect(400);
  });

  it('leaves every coin adding up', async () => {
    await expectLedgerInvariantsHold(server);
  });
});

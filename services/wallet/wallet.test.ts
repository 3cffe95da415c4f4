/** Wallets over HTTP: the user's own balance and history, and coins granted by an admin. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES } from '@linkcoin/domain/shared/idempotency.ts';
import { WALLET_MESSAGES } from '@linkcoin/domain/wallet/messages.ts';
import {
  adminEnv,
  grantAuditor,
  headPosition,
  loginAdmin,
  registerUser,
  type TestUser,
} from '../testing/accounts.ts';
import { ChatClient, wsUrlOf } from '../testing/messaging.ts';
import { balanceOf, buyInSandbox } from '../testing/payments.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { expectLedgerInvariantsHold } from '../testing/audit.ts';
import { WALLET_HANDLER_MESSAGES } from './handlers.ts';

describe('wallets', () => {
  let server: TestServer;
  let admin: TestUser;
  let brand: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ env: { ...adminEnv, PROCESS_TICK_MS: '100' } });
    admin = await loginAdmin(server);
    brand = await registerUser(server, { role: 'user' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const grant = (as: TestUser, userId: string, body: object, key?: string) => {
    const req = request(server.url)
      .post(`/api/admin/wallets/${userId}/grants`)
      .set('Authorization', `Bearer ${as.token}`);
    return (key ? req.set('Idempotency-Key', key) : req).send(body);
  };
  const history = (as: TestUser, query = '') =>
    request(server.url).get(`/api/wallet/me${query}`).set('Authorization', `Bearer ${as.token}`);

  it('starts empty, for the user and in the session', async () => {
    const fresh = await registerUser(server, { role: 'user' });
    expect(await balanceOf(server, fresh)).toBe(0);
    const wallet = await history(fresh).expect(200);
    expect(wallet.body).toEqual({ success: true, balance: 0, entries: [], page: 1, totalPages: 1 });
  });

  it("pushes the balance to the owner's open sockets after every change", async () => {
    const fresh = await registerUser(server, { role: 'user' });
    const socket = await ChatClient.connect(wsUrlOf(server), fresh);
    const other = await ChatClient.connect(wsUrlOf(server), brand);
    try {
      await grant(admin, fresh.userId, { coins: 3, reason: 'A welcome gift' }).expect(201);
      expect(await socket.next('wallet_balance')).toMatchObject({ linkCoins: 3 });
      await buyInSandbox(server, fresh, { coins: 2 });
      expect(
        await socket.next<{ linkCoins: number }>('wallet_balance', (data) => data.linkCoins === 5),
      ).toMatchObject({ linkCoins: 5 });
      // Nobody else hears of it.
      expect(other.received('wallet_balance')).toEqual([]);
    } finally {
      await socket.close();
      await other.close();
    }
  });

  it('lets an admin grant coins with a reason, shown in the history and the console', async () => {
    const granted = await grant(admin, brand.userId, {
      coins: 5,
      reason: 'Launch week goodwill',
    }).expect(201);
    expect(granted.body).toMatchObject({ id: brand.userId, balance: 5, granted: 5 });
    expect(await balanceOf(server, brand)).toBe(5);
    const wallet = await history(brand).expect(200);
    expect(wallet.body.entries[0]).toMatchObject({
      kind: 'grant',
      coins: 5,
      balanceAfter: 5,
      reason: 'Launch week goodwill',
      by: admin.userId,
      correlationId: expect.any(String),
    });
    const list = await request(server.url)
      .get('/api/admin/wallets')
      .query({ filter: JSON.stringify({ q: brand.userId }) })
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(list.headers['content-range']).toBe('wallets 0-0/1');
    expect(list.body[0]).toMatchObject({ userId: brand.userId, balance: 5 });
    const entries = await request(server.url)
      .get(`/api/admin/wallets/${brand.userId}/entries`)
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(entries.body).toHaveLength(1);
  });

  it('adds purchases and grants in one history, newest first, by page', async () => {
    const buyer = await registerUser(server, { role: 'user' });
    await buyInSandbox(server, buyer, { packageId: 'starter' });
    await expect.poll(() => balanceOf(server, buyer)).toBe(11);
    await grant(admin, buyer.userId, { coins: 2, reason: 'Sorry for the wait' }).expect(201);
    const first = await history(buyer, '?limit=1').expect(200);
    expect(first.body).toMatchObject({ balance: 13, page: 1, totalPages: 2 });
    expect(first.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['grant']);
    const second = await history(buyer, '?limit=1&page=2').expect(200);
    expect(second.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['purchase']);
    await history(buyer, '?limit=500').expect(400);
    await history(buyer, '?page=0').expect(400);
  });

  it('refuses grants without a reason, of bad amounts, by non-admins or to oneself, changing nothing', async () => {
    const auditor = await registerUser(server, { role: 'user' });
    await grantAuditor(server, admin, auditor.userId);
    const cases: Array<[TestUser, string, object, number, string | RegExp]> = [
      [admin, brand.userId, { coins: 5 }, 400, WALLET_MESSAGES.grantReasonRequired],
      [admin, brand.userId, { coins: 5, reason: '  ' }, 400, WALLET_MESSAGES.grantReasonRequired],
      [
        admin,
        brand.userId,
        { coins: 0, reason: 'Nothing at all' },
        400,
        /^(Coins must|Grant between 1 and)/,
      ],
      [
        admin,
        brand.userId,
        { coins: -5, reason: 'Taking back' },
        400,
        /^(Coins must|Grant between 1 and)/,
      ],
      [
        admin,
        brand.userId,
        { coins: 2.5, reason: 'Half a coin' },
        400,
        /^(Coins must|Grant between 1 and)/,
      ],
      [
        admin,
        brand.userId,
        { coins: 10_001, reason: 'Too generous' },
        400,
        /^(Coins must|Grant between 1 and)/,
      ],
      [
        admin,
        brand.userId,
        { coins: '0x10', reason: 'Hex coins' },
        400,
        /^(Coins must|Grant between 1 and)/,
      ],
      [admin, 'nobody-at-all', { coins: 5, reason: 'To nobody' }, 404, 'User not found.'],
      [
        admin,
        admin.userId,
        { coins: 5, reason: 'For me' },
        403,
        WALLET_HANDLER_MESSAGES.noSelfGrant,
      ],
      [
        brand,
        brand.userId,
        { coins: 5, reason: 'For me' },
        403,
        'Access restricted to administrators only',
      ],
      [
        auditor,
        brand.userId,
        { coins: 5, reason: 'Auditors read' },
        403,
        'Access restricted to administrators only',
      ],
    ];
    for (const [as, userId, body, status, message] of cases) {
      const head = await headPosition(server);
      const answer = await grant(as, userId, body).expect(status);
      if (typeof message === 'string') expect(answer.body.message).toBe(message);
      else expect(answer.body.message).toMatch(message);
      expect(await headPosition(server)).toBe(head);
    }
    // Auditors read the console's wallets, and change nothing.
    await request(server.url)
      .get(`/api/admin/wallets/${brand.userId}`)
      .set('Authorization', `Bearer ${auditor.token}`)
      .expect(200);
  });

  it('grants once for a retried click with the same key, and refuses the key for another grant', async () => {
    const receiver = await registerUser(server, { role: 'user' });
    const body = { coins: 3, reason: 'Retried grant' };
    await grant(admin, receiver.userId, body, 'grant-key-00001').expect(201);
    await grant(admin, receiver.userId, body, 'grant-key-00001').expect(201);
    expect(await balanceOf(server, receiver)).toBe(3);
    const head = await headPosition(server);
    const other = await grant(
      admin,
      receiver.userId,
      { coins: 4, reason: 'Retried grant' },
      'grant-key-00001',
    ).expect(422);
    expect(other.body.message).toBe(IDEMPOTENCY_MESSAGES.keyReused);
    expect(await headPosition(server)).toBe(head);
  });

  it('answers an empty wallet for a user with no coins yet, to admins only', async () => {
    const fresh = await registerUser(server, { role: 'user' });
    const wallet = await request(server.url)
      .get(`/api/admin/wallets/${fresh.userId}`)
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(wallet.body).toMatchObject({ userId: fresh.userId, balance: 0 });
    await request(server.url)
      .get(`/api/admin/wallets/${fresh.userId}`)
      .set('Authorization', `Bearer ${brand.token}`)
      .expect(403);
  });
  it('leaves every coin adding up: the ledger invariants hold over the whole log', async () => {
    await expectLedgerInvariantsHold(server);
  });
});

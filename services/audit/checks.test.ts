/**
 * The auditors' two whole-log checks over HTTP: the replay check (a job the console polls),
 * which must report exactly a read-model document corrupted on purpose, and the ledger
 * invariants, which must pass after buying, adding, renewing and a refund, and name the event
 * appended behind the deciders' back.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  InvariantsReport,
  ReadModelView,
  ReplayCheckView,
} from '@linkcoin/domain/audit/contracts.ts';
import { REPLY_GUARANTEE_MS } from '@linkcoin/domain/messaging/conversation.ts';
import { walletStreamId } from '@linkcoin/domain/wallet/wallet.ts';
import {
  adminEnv,
  eventsAfter,
  grantAuditor,
  headPosition,
  loginAdmin,
  registerUser,
  type TestUser,
} from '../testing/accounts.ts';
import { replayCheckOverHttp } from '../testing/audit.ts';
import { changeCollection, grantCoins, sendMessage } from '../testing/collections.ts';
import { balanceOf, buyInSandbox } from '../testing/payments.ts';
import { adjustableClock, startTestServer, type TestServer } from '../testing/test-server.ts';

const HOUR = 60 * 60 * 1000;

describe('the replay check and the ledger invariants', () => {
  const clock = adjustableClock();
  let server: TestServer;
  let admin: TestUser;
  let auditor: TestUser;
  let brand: TestUser;
  let creator: TestUser;

  const api = () => request(server.url);
  const auth = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

  /** Starts a replay check and polls it as the console does, until it has finished. */
  const replayCheck = async (readModels?: string[]): Promise<ReplayCheckView> => {
    const { check, started } = await replayCheckOverHttp(server.url, auditor, {
      readModels,
      timeoutMs: 20_000,
    });
    expect(started.location).toBe(`/api/admin/replay-checks/${started.view.id}`);
    expect(['queued', 'running']).toContain(started.view.status);
    return check;
  };

  const invariants = async (): Promise<InvariantsReport> =>
    (await api().get('/api/admin/ledger-invariants').set(auth(auditor)).expect(200))
      .body as InvariantsReport;

  beforeAll(async () => {
    server = await startTestServer({
      clock,
      env: { ...adminEnv, PROCESS_TICK_MS: '100', TOKEN_TTL_SECONDS: '2592000' },
    });
    admin = await loginAdmin(server);
    auditor = await registerUser(server, { role: 'user', ownerName: 'Ada Auditor' });
    await grantAuditor(server, admin, auditor.userId);
    brand = await registerUser(server, { role: 'user', ownerName: 'Chai Point' });
    creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Cooks' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('passes the invariants after a brand buys, adds, renews and is refunded', async () => {
    await buyInSandbox(server, brand, { packageId: 'growth' });
    await expect.poll(() => balanceOf(server, brand)).toBe(30);
    await grantCoins(server, admin, brand, 2);
    await changeCollection(server, brand, 'add', creator.userId).expect(201);
    await changeCollection(server, brand, 'update', creator.userId).expect(200);
    await sendMessage(server, clock.now(), brand, creator, 'Hello?');
    clock.advance(REPLY_GUARANTEE_MS + HOUR);
    await expect.poll(() => balanceOf(server, brand)).toBe(31);
    // The creator never read it: the unread-mail process notices it at a tick of its own, which
    // the next test's "changed nothing" must not take for the replay check's doing.
    await expect
      .poll(async () =>
        (await eventsAfter(server, null)).some((event) => event.type === 'UnreadMessagesNoticed'),
      )
      .toBe(true);

    const report = await invariants();
    expect(report.rules.filter((rule) => !rule.passed)).toEqual([]);
    expect(report).toMatchObject({
      passed: true,
      totals: { purchased: 30, granted: 2, refunded: 1, spent: 2, balances: 31 },
      wallets: 1,
      position: await headPosition(server),
      creditsPending: 0,
    });
  });

  it('runs a replay check as a job, finding every read model as the log makes it', async () => {
    const models = await api().get('/api/admin/read-models').set(auth(auditor)).expect(200);
    const names = (models.body as ReadModelView[]).map((model) => model.id);
    expect(names).toEqual(
      expect.arrayContaining(['profiles', 'wallets', 'audit-payments', 'audit-users']),
    );
    const head = await headPosition(server);

    const check = await replayCheck();
    expect(check).toMatchObject({
      status: 'done',
      phase: 'finished',
      readModels: names,
      requestedBy: auditor.userId,
      differenceCount: 0,
      differences: [],
      error: null,
    });
    expect(check.progress.percent).toBe(100);
    expect(check.progress.eventsRead).toBeGreaterThan(0);
    expect(check.progress.documentsCompared).toBeGreaterThan(5);
    // It changed nothing.
    expect(await headPosition(server)).toBe(head);
    const listed = await api().get('/api/admin/replay-checks').set(auth(admin)).expect(200);
    expect(listed.headers['content-range']).toMatch(/^replay-checks 0-0\/1$/);
    expect(listed.body[0]).toMatchObject({ id: check.id, status: 'done' });
  });

  it('reports exactly the read-model document corrupted on purpose', async () => {
    // Behind the projector's back, in the read store's own file.
    const file = new DatabaseSync(join(server.dataDir, 'readmodels.db'));
    try {
      file
        .prepare("UPDATE rm_wallets SET doc = json_set(doc, '$.balance', 999) WHERE id = ?")
        .run(brand.userId);
    } finally {
      file.close();
    }
    const check = await replayCheck(['wallets', 'profiles']);
    expect(check.readModels).toEqual(['profiles', 'wallets']);
    expect(check.differenceCount).toBe(1);
    expect(check.differences).toEqual([
      {
        readModel: 'wallets',
        collection: 'wallets',
        id: brand.userId,
        kind: 'different',
        fields: ['balance'],
        live: { balance: 999 },
        rebuilt: { balance: 31 },
      },
    ]);
  });

  it('refuses unknown read models, malformed requests and other roles', async () => {
    await api()
      .post('/api/admin/replay-checks')
      .set(auth(auditor))
      .send({ readModels: ['no-such-model'] })
      .expect(400, { success: false, message: 'There is no read model called no-such-model.' });
    await api()
      .post('/api/admin/replay-checks')
      .set(auth(auditor))
      .send({ readModels: 'wallets' })
      .expect(400);
    await api()
      .get(`/api/admin/replay-checks/${randomUUID()}`)
      .set(auth(auditor))
      .expect(404, { success: false, message: 'No such replay check' });
    await api().get('/api/admin/replay-checks/not-a-uuid').set(auth(auditor)).expect(400);
    for (const user of [brand, creator]) {
      await api().post('/api/admin/replay-checks').set(auth(user)).send({}).expect(403);
      await api().get('/api/admin/ledger-invariants').set(auth(user)).expect(403);
      await api().get('/api/admin/read-models').set(auth(user)).expect(403);
    }
  });

  it('names the event appended behind the deciders’ back, and a credit without an approval', async () => {
    const events = server.runtime.platform.eventStore;
    const metadata = {
      actorUserId: null,
      correlationId: 'forged',
      causationId: null,
      schemaVersion: 1,
      timestamp: clock.now().toISOString(),
    };
    const at = clock.now().toISOString();
    const [forgedGrant] = (
      await events.append(
        walletStreamId(brand.userId),
        [
          {
            type: 'CoinsGranted',
            data: {
              userId: brand.userId,
              grantId: randomUUID(),
              coins: 10,
              by: admin.userId,
              reason: 'Appended directly',
              balanceAfter: 100,
              at,
            },
            metadata,
          },
        ],
        { expectedRevision: 'any' },
      )
    ).events;
    const [forgedCredit] = (
      await events.append(
        walletStreamId(creator.userId),
        [
          {
            type: 'CoinsPurchased',
            data: {
              userId: creator.userId,
              paymentId: 'never-approved',
              packageId: null,
              coins: 5,
              bonusCoins: 0,
              rupees: 25,
              balanceAfter: 5,
              at,
            },
            metadata,
          },
        ],
        { expectedRevision: 'any' },
      )
    ).events;

    const report = await invariants();
    expect(report.passed).toBe(false);
    const failed = Object.fromEntries(
      report.rules
        .filter((rule) => !rule.passed)
        .map((rule) => [
          rule.rule,
          rule.offences.map((offence) => offence.events.map((e) => e.id)),
        ]),
    );
    expect(failed).toEqual({
      balance_after_replays: [[forgedGrant!.id]],
      coins_add_up: [[forgedGrant!.id]],
      credits_have_approvals: [[forgedCredit!.id]],
    });
    const offence = report.rules.find((rule) => rule.rule === 'balance_after_replays')!.offences[0];
    expect(offence).toMatchObject({
      userId: brand.userId,
      message: 'CoinsGranted records a balance of 100; the stream replays to 41',
      events: [
        {
          type: 'CoinsGranted',
          streamId: walletStreamId(brand.userId),
          position: forgedGrant!.position,
        },
      ],
    });
  });
});

/**
 * The collection over HTTP (docs/product-spec.md sections 4, 5, 7, 8 and 9): adding a creator for 1 coin,
 * renewing, removing, both sides' lists, and every refusal changing nothing.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@linkcoin/domain/accounts/messages.ts';
import { IDEMPOTENCY_MESSAGES } from '@linkcoin/domain/shared/idempotency.ts';
import type { CollectionEntry } from '@linkcoin/domain/collections/contracts.ts';
import { WALLET_MESSAGES as M } from '@linkcoin/domain/wallet/messages.ts';
import { COLLECTION_MESSAGES as CM } from '@linkcoin/domain/collections/messages.ts';
import { CONNECTION_MS, walletDecider, walletStreamId } from '@linkcoin/domain/wallet/wallet.ts';
import { presenceStreamId } from '@linkcoin/domain/messaging/presence.ts';
import { TINY_PNG } from '@linkcoin/infra/uploads/contract.ts';
import {
  adminEnv,
  headPosition,
  loginAdmin,
  registerUser,
  type TestUser,
} from '../testing/accounts.ts';
import {
  changeCollection,
  collectionOf,
  conversationOf,
  grantCoins,
  markRead,
  sendMessage,
} from '../testing/collections.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import { collectionHandlers } from './handlers.ts';
import { balanceOf } from '../testing/payments.ts';
import { saveProfile } from '../testing/profiles.ts';
import { adjustableClock, startTestServer, type TestServer } from '../testing/test-server.ts';
import { expectLedgerInvariantsHold } from '../testing/audit.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('the collection', () => {
  let server: TestServer;
  let admin: TestUser;
  const clock = adjustableClock();

  beforeAll(async () => {
    server = await startTestServer({
      clock,
      // Sessions outlive the 15 days the renewal test moves the clock on.
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
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The admin's session ends (its token expires) once the clock moved on days: sign in again. */
  const freshAdmin = async () => (admin = await loginAdmin(server));
  const brandWith = async (coins: number, ownerName?: string) => {
    await freshAdmin();
    const brand = await registerUser(server, {
      role: 'user',
      ...(ownerName ? { ownerName } : {}),
    });
    if (coins > 0) await grantCoins(server, admin, brand, coins);
    return brand;
  };
  const newCreator = (ownerName?: string) =>
    registerUser(server, { role: 'influencer', ...(ownerName ? { ownerName } : {}) });
  const listOf = async (user: TestUser): Promise<CollectionEntry[]> => {
    const answer = await collectionOf(server, user).expect(200);
    expect(answer.body.success).toBe(true);
    return answer.body.collections as CollectionEntry[];
  };
  /** The user's wallet (`GET /api/wallet/me`) and its newest three lines: kind, coins, reason. */
  const walletOf = async (user: TestUser) => {
    const wallet = await request(server.url)
      .get('/api/wallet/me')
      .set('Authorization', `Bearer ${user.token}`)
      .expect(200);
    const entries = wallet.body.entries as { kind: string; coins: number; reason: string | null }[];
    return {
      body: wallet.body,
      newest: entries.slice(0, 3).map((e) => [e.kind, e.coins, e.reason]),
    };
  };
  /** Answers with a refusal and appends nothing. */
  const refusedUnchanged = async (
    send: () => PromiseLike<request.Response>,
    status: number,
    message: string | RegExp,
  ) => {
    const head = await headPosition(server);
    const answer = await send();
    expect([answer.status, answer.body.success]).toEqual([status, false]);
    if (typeof message === 'string') expect(answer.body.message).toBe(message);
    else expect(answer.body.message).toMatch(message);
    expect(await headPosition(server)).toBe(head);
  };

  it('adds a creator for 1 coin: both sides see the contact and the chat opens for 7 days', async () => {
    const brand = await brandWith(3, 'Chai Point');
    const creator = await newCreator('Asha Cooks');
    const before = clock.now().getTime();
    const added = await changeCollection(server, brand, 'add', creator.userId).expect(201);
    const after = clock.now().getTime();
    expect(added.body).toEqual({ success: true, message: 'Target User ID added successfully' });
    expect(await balanceOf(server, brand)).toBe(2);

    const [mine] = await listOf(brand);
    expect(mine).toEqual({
      user: {
        _id: creator.userId,
        ownerName: 'Asha Cooks',
        profilePicUrl: '',
        isOnline: false,
        companyName: null,
        handle: null,
        replyHours: null,
      },
      addedAt: expect.any(String),
      lastMessage: null,
      lastMessageTimestamp: null,
      unreadCount: 0,
      expiresAt: expect.any(String),
      expired: false,
      connectionId: expect.any(String),
      role: 'payer',
      refunded: false,
    });
    const addedAt = Date.parse(mine!.addedAt);
    expect(addedAt).toBeGreaterThanOrEqual(before);
    expect(addedAt).toBeLessThanOrEqual(after);
    expect(Date.parse(mine!.expiresAt) - addedAt).toBe(CONNECTION_MS);

    // The creator sees the brand who added them, the same connection.
    expect(await listOf(creator)).toEqual([
      {
        ...mine,
        user: {
          _id: brand.userId,
          ownerName: 'Chai Point',
          profilePicUrl: '',
          isOnline: false,
          companyName: null,
          handle: null,
          replyHours: null,
        },
        role: 'creator',
      },
    ]);
    // The chat is open when the add answers (Chat Now goes straight to it).
    expect(await conversationOf(server, brand.userId, creator.userId)).toMatchObject({
      status: 'open',
      payerId: brand.userId,
      creatorId: creator.userId,
      connectionId: mine!.connectionId,
      expiresAt: mine!.expiresAt,
    });
    // The wallet history names the creator the coin went to.
    const wallet = await request(server.url)
      .get('/api/wallet/me')
      .set('Authorization', `Bearer ${brand.token}`)
      .expect(200);
    expect(wallet.body.entries[0]).toMatchObject({
      kind: 'connection',
      coins: -1,
      balanceAfter: 2,
      targetUserId: creator.userId,
      targetName: 'Asha Cooks',
    });
  });

  it('refuses an add under 1 coin, a duplicate, a brand, yourself and nobody, charging nothing', async () => {
    const broke = await brandWith(0);
    const creator = await newCreator();
    await refusedUnchanged(
      () => changeCollection(server, broke, 'add', creator.userId),
      400,
      'Insufficient LinkCoins. Please purchase more.',
    );
    expect(await listOf(broke)).toEqual([]);

    const brand = await brandWith(5);
    await changeCollection(server, brand, 'add', creator.userId).expect(201);
    await refusedUnchanged(
      () => changeCollection(server, brand, 'add', creator.userId),
      409,
      'This user is already in your list.',
    );
    const otherBrand = await brandWith(0);
    await refusedUnchanged(
      () => changeCollection(server, brand, 'add', otherBrand.userId),
      400,
      CM.onlyCreators,
    );
    await refusedUnchanged(
      () => changeCollection(server, brand, 'add', brand.userId),
      400,
      CM.cannotAddYourself,
    );
    await refusedUnchanged(
      () => changeCollection(server, brand, 'add', 'nobody-at-all'),
      404,
      ACCOUNT_MESSAGES.accountNotFound,
    );
    // A creator is no brand's target either, and nobody adds themselves, creators included.
    await refusedUnchanged(
      () => changeCollection(server, creator, 'add', creator.userId),
      400,
      CM.cannotAddYourself,
    );
    expect(await balanceOf(server, brand)).toBe(4);
    expect((await listOf(brand)).map((entry) => entry.user._id)).toEqual([creator.userId]);
  });

  it('refuses adding a creator who already added you: the contact is on your list', async () => {
    const first = await newCreator();
    const second = await newCreator();
    await grantCoins(server, admin, first, 2);
    await grantCoins(server, admin, second, 2);
    await changeCollection(server, first, 'add', second.userId).expect(201);
    await refusedUnchanged(
      () => changeCollection(server, second, 'add', first.userId),
      409,
      CM.alreadyInList,
    );
    expect((await listOf(second)).map((entry) => [entry.user._id, entry.role])).toEqual([
      [first.userId, 'creator'],
    ]);
  });

  it('keeps one connection when two creators add each other at once: the other is refunded', async () => {
    // Each add checks the other's wallet before its own spends. Here both checks are held until
    // both have read (the interleaving two racing requests can take), so both pass and both
    // pay; the conversation keeps the first to reach it, and the other add is cancelled, its
    // coin back, and answered 409.
    const [a, b] = [await newCreator(), await newCreator()];
    await grantCoins(server, admin, a, 3);
    await grantCoins(server, admin, b, 3);
    const real = server.runtime.platform.commands;
    let release = () => {};
    const bothChecked = new Promise<void>((done) => (release = done));
    let checks = 0;
    const racing: CommandHandler = {
      ...real,
      load: async (decider, streamId) => {
        const loaded = await real.load(decider, streamId);
        if (streamId === walletStreamId(a.userId) || streamId === walletStreamId(b.userId)) {
          if (++checks === 2) release();
          await bothChecked;
        }
        return loaded;
      },
    };
    const handlers = collectionHandlers({
      commands: racing,
      readStore: server.runtime.platform.readStore,
      progress: server.runtime.platform.progress,
    });
    const keyed = async () => ({
      now: clock.now(),
      actorUserId: null,
      correlationId: randomUUID(),
      causationId: null,
    });
    const outcomes = await Promise.allSettled([
      handlers.add({ userId: a.userId, targetUserId: b.userId }, keyed),
      handlers.add({ userId: b.userId, targetUserId: a.userId }, keyed),
    ]);
    expect(checks).toBe(2);
    const kept = outcomes.findIndex((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes[1 - kept];
    expect(refused).toMatchObject({
      status: 'rejected',
      reason: { kind: 'conflict', message: CM.alreadyInList },
    });
    const [payer, creator] = kept === 0 ? [a, b] : [b, a];
    // One coin spent between the two, by the payer the conversation kept; the other's came back.
    expect([await balanceOf(server, payer), await balanceOf(server, creator)]).toEqual([2, 3]);
    const conversation = await conversationOf(server, a.userId, b.userId);
    expect(conversation).toMatchObject({ status: 'open', payerId: payer.userId });
    // Both lists show that one connection, each side in its role.
    expect((await listOf(payer)).map((e) => [e.user._id, e.role, e.connectionId])).toEqual([
      [creator.userId, 'payer', conversation.connectionId],
    ]);
    expect((await listOf(creator)).map((e) => [e.user._id, e.role, e.connectionId])).toEqual([
      [payer.userId, 'creator', conversation.connectionId],
    ]);
    // The refused side's history: paid, taken off, refunded; it cannot renew or remove.
    expect((await walletOf(creator)).newest).toEqual([
      ['refund', 1, 'already_connected'],
      ['removal', 0, null],
      ['connection', -1, null],
    ]);
    await changeCollection(server, creator, 'update', payer.userId).expect(404);
    await changeCollection(server, creator, 'remove', payer.userId).expect(404);
    // The payer's removal ends it for both, and either may add the other again.
    await changeCollection(server, payer, 'remove', creator.userId).expect(200);
    expect(await listOf(creator)).toEqual([]);
    await changeCollection(server, creator, 'add', payer.userId).expect(201);
    expect(await balanceOf(server, creator)).toBe(2);
    await expectLedgerInvariantsHold(server);
  });

  it('keeps one connection for each pair of creators adding each other over HTTP at once', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const [a, b] = [await newCreator(), await newCreator()];
        await grantCoins(server, admin, a, 3);
        await grantCoins(server, admin, b, 3);
        return [a, b] as const;
      }),
    );
    const answers = await Promise.all(
      pairs.map(([a, b]) =>
        Promise.all([
          changeCollection(server, a, 'add', b.userId),
          changeCollection(server, b, 'add', a.userId),
        ]),
      ),
    );
    for (const [index, [a, b]] of pairs.entries()) {
      const [fromA, fromB] = answers[index]!;
      expect([fromA.status, fromB.status].sort()).toEqual([201, 409]);
      const [payer, creator] = fromA.status === 201 ? [a, b] : [b, a];
      expect([await balanceOf(server, payer), await balanceOf(server, creator)]).toEqual([2, 3]);
      expect((await listOf(creator)).map((e) => [e.user._id, e.role])).toEqual([
        [payer.userId, 'creator'],
      ]);
    }
  });

  it('cancels and refunds a connection the conversation refused, when the request died before', async () => {
    // Brand-new creators: `second` adds `first`; `first`'s own add had passed its check before,
    // and its request died right after its wallet paid. The conversation process finds the
    // refusal and the wallet gives the coin back; the payer's history says why.
    const first = await newCreator();
    const second = await newCreator();
    await grantCoins(server, admin, first, 2);
    await grantCoins(server, admin, second, 2);
    await changeCollection(server, second, 'add', first.userId).expect(201);
    const commands = server.runtime.platform.commands;
    await commands.handle(walletDecider, walletStreamId(first.userId), {
      type: 'OpenConnection',
      data: {
        userId: first.userId,
        connectionId: randomUUID(),
        targetUserId: second.userId,
        targetIsCreator: true,
      },
      metadata: {
        // Decided a while ago: the cancel carries that time, older than the grant after it
        // in the stream, and the history still lists it newest (the stream's order).
        now: new Date(clock.now().getTime() - 60 * 60 * 1000),
        actorUserId: first.userId,
        correlationId: randomUUID(),
        causationId: null,
      },
    });
    await expect.poll(() => balanceOf(server, first)).toBe(2);
    expect(await balanceOf(server, second)).toBe(1);
    const wallet = await walletOf(first);
    expect(wallet.newest).toEqual([
      ['refund', 1, 'already_connected'],
      ['removal', 0, null],
      ['connection', -1, null],
    ]);
    expect(wallet.body.entries[0].balanceAfter).toBe(wallet.body.balance);
    expect((await listOf(first)).map((e) => [e.user._id, e.role])).toEqual([
      [second.userId, 'creator'],
    ]);
    expect((await listOf(second)).map((e) => [e.user._id, e.role])).toEqual([
      [first.userId, 'payer'],
    ]);
    // Only the payer the conversation kept may renew; the refused one is off every list.
    await changeCollection(server, first, 'update', second.userId).expect(404);
    await expectLedgerInvariantsHold(server);
  });

  it('charges a keyed add once, however often and however concurrently it is retried', async () => {
    const brand = await brandWith(5);
    const creator = await newCreator();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        changeCollection(server, brand, 'add', creator.userId, { key: 'add-click-0001' }),
      ),
    );
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual(
      answers.map(() => [201, { success: true, message: CM.added }]),
    );
    const again = await changeCollection(server, brand, 'add', creator.userId, {
      key: 'add-click-0001',
    }).expect(201);
    expect(again.body).toEqual({ success: true, message: CM.added });
    expect(await balanceOf(server, brand)).toBe(4);
    expect(await listOf(brand)).toHaveLength(1);
    // The same key for another creator is refused, and charges nothing.
    const another = await newCreator();
    const refused = await changeCollection(server, brand, 'add', another.userId, {
      key: 'add-click-0001',
    }).expect(422);
    expect(refused.body).toEqual({ success: false, message: IDEMPOTENCY_MESSAGES.keyReused });
    expect(await balanceOf(server, brand)).toBe(4);
    // Without a key, a second add is a duplicate, as any second click.
    await changeCollection(server, brand, 'add', creator.userId).expect(409);
  });

  it('renews for 7 days from the expiry, or from now once expired, for 1 coin each', async () => {
    const brand = await brandWith(4);
    const creator = await newCreator();
    await changeCollection(server, brand, 'add', creator.userId).expect(201);
    const [added] = await listOf(brand);

    const early = await changeCollection(server, brand, 'update', creator.userId).expect(200);
    expect(early.body).toEqual({
      success: true,
      message: 'Connection dates updated successfully',
      newDate: new Date(Date.parse(added!.expiresAt) + CONNECTION_MS).toISOString(),
    });
    expect(await balanceOf(server, brand)).toBe(2);
    expect((await listOf(brand))[0]).toMatchObject({
      expiresAt: early.body.newDate,
      connectionId: added!.connectionId,
    });
    expect((await listOf(creator))[0]!.expiresAt).toBe(early.body.newDate);
    expect((await conversationOf(server, brand.userId, creator.userId)).expiresAt).toBe(
      early.body.newDate,
    );

    // Past the expiry the chat is read-only, and a renewal counts from now.
    clock.advance(15 * DAY);
    expect((await listOf(brand))[0]).toMatchObject({ expired: true });
    expect((await listOf(creator))[0]).toMatchObject({ expired: true });
    const before = clock.now().getTime();
    const late = await changeCollection(server, brand, 'update', creator.userId).expect(200);
    const after = clock.now().getTime();
    const newDate = Date.parse(late.body.newDate as string);
    expect(newDate).toBeGreaterThanOrEqual(before + CONNECTION_MS);
    expect(newDate).toBeLessThanOrEqual(after + CONNECTION_MS);
    expect((await listOf(brand))[0]).toMatchObject({
      expired: false,
      expiresAt: late.body.newDate,
    });
    expect(await balanceOf(server, brand)).toBe(1);
    expect(await conversationOf(server, brand.userId, creator.userId)).toMatchObject({
      status: 'open',
      expiresAt: late.body.newDate,
    });

    // A keyed retry renews once and answers the same date.
    const keyed = await changeCollection(server, brand, 'update', creator.userId, {
      key: 'renew-click-0001',
    }).expect(200);
    const retried = await changeCollection(server, brand, 'update', creator.userId, {
      key: 'renew-click-0001',
    }).expect(200);
    expect(retried.body).toEqual(keyed.body);
    expect(keyed.body.newDate).toBe(new Date(newDate + CONNECTION_MS).toISOString());
    expect(await balanceOf(server, brand)).toBe(0);

    await refusedUnchanged(
      () => changeCollection(server, brand, 'update', creator.userId),
      400,
      M.insufficientCoins,
    );
    expect((await listOf(brand))[0]!.expiresAt).toBe(keyed.body.newDate);
  });

  it('lets only the payer renew and remove; removing closes the chat and adding again costs again', async () => {
    const brand = await brandWith(3);
    const creator = await newCreator();
    await grantCoins(server, admin, creator, 2);
    await changeCollection(server, brand, 'add', creator.userId).expect(201);
    const [first] = await listOf(brand);

    // The creator was added: they neither renew nor remove the brand.
    await refusedUnchanged(
      () => changeCollection(server, creator, 'update', brand.userId),
      404,
      CM.notInList,
    );
    await refusedUnchanged(
      () => changeCollection(server, creator, 'remove', brand.userId),
      404,
      CM.notInList,
    );
    expect(await balanceOf(server, creator)).toBe(2);

    const removed = await changeCollection(server, brand, 'remove', creator.userId).expect(200);
    expect(removed.body).toEqual({ success: true, message: 'Target User ID removed successfully' });
    expect(await balanceOf(server, brand)).toBe(2);
    expect(await listOf(brand)).toEqual([]);
    expect(await listOf(creator)).toEqual([]);
    expect(await conversationOf(server, brand.userId, creator.userId)).toMatchObject({
      status: 'closed',
      connectionId: first!.connectionId,
    });
    await refusedUnchanged(
      () => changeCollection(server, brand, 'remove', creator.userId),
      404,
      CM.notInList,
    );
    await refusedUnchanged(
      () => changeCollection(server, brand, 'update', creator.userId),
      404,
      CM.notInList,
    );

    await changeCollection(server, brand, 'add', creator.userId).expect(201);
    expect(await balanceOf(server, brand)).toBe(1);
    const [second] = await listOf(brand);
    expect(second!.connectionId).not.toBe(first!.connectionId);
    expect(await conversationOf(server, brand.userId, creator.userId)).toMatchObject({
      status: 'open',
      connectionId: second!.connectionId,
      expiresAt: second!.expiresAt,
    });
    expect((await listOf(creator)).map((entry) => entry.connectionId)).toEqual([
      second!.connectionId,
    ]);
  });

  it("refuses another user's id; admins read lists but never spend for anyone", async () => {
    const brand = await brandWith(2);
    const other = await brandWith(2);
    const creator = await newCreator();
    await changeCollection(server, brand, 'add', creator.userId).expect(201);
    for (const change of ['add', 'remove', 'update'] as const) {
      await refusedUnchanged(
        () => changeCollection(server, other, change, creator.userId, { userId: brand.userId }),
        403,
        ACCOUNT_MESSAGES.notYourAccount,
      );
      await refusedUnchanged(
        () => changeCollection(server, admin, change, creator.userId, { userId: brand.userId }),
        403,
        ACCOUNT_MESSAGES.notYourAccount,
      );
      await refusedUnchanged(
        () =>
          request(server.url)
            .post(`/api/collection/users/${change}`)
            .send({ userId: brand.userId, targetUserId: creator.userId }),
        401,
        /./,
      );
    }
    await refusedUnchanged(
      () => collectionOf(server, other, brand.userId),
      403,
      ACCOUNT_MESSAGES.notYourAccount,
    );
    await refusedUnchanged(() => collectionOf(server, creator, brand.userId), 403, /./);
    const read = await collectionOf(server, admin, brand.userId).expect(200);
    expect(read.body.collections.map((entry: CollectionEntry) => entry.user._id)).toEqual([
      creator.userId,
    ]);
    expect(await balanceOf(server, brand)).toBe(1);
    expect(await balanceOf(server, other)).toBe(2);
  });

  it('refuses malformed requests with a 400 and changes nothing', async () => {
    const brand = await brandWith(2);
    const creator = await newCreator();
    const post = (change: string, body: unknown, query = '') =>
      request(server.url)
        .post(`/api/collection/users/${change}${query}`)
        .set('Authorization', `Bearer ${brand.token}`)
        .send(body as object);
    for (const change of ['add', 'remove', 'update']) {
      for (const body of [
        {},
        { userId: brand.userId },
        { targetUserId: creator.userId },
        { userId: brand.userId, targetUserId: 12345 },
        { userId: brand.userId, targetUserId: '' },
        { userId: brand.userId, targetUserId: '../../etc/passwd' },
        { userId: brand.userId, targetUserId: 'x'.repeat(65) },
        { userId: brand.userId, targetUserId: { $gt: '' } },
        { userId: brand.userId, targetUserId: [creator.userId] },
      ]) {
        await refusedUnchanged(() => post(change, body), 400, /./);
      }
      // A user id that is not the caller's, in any shape, is someone else's.
      await refusedUnchanged(
        () => post(change, { userId: [brand.userId], targetUserId: creator.userId }),
        403,
        ACCOUNT_MESSAGES.notYourAccount,
      );
      await refusedUnchanged(
        () => post(change, { userId: brand.userId, targetUserId: creator.userId }, '?x=1'),
        400,
        /./,
      );
      await refusedUnchanged(
        () =>
          request(server.url)
            .post(`/api/collection/users/${change}`)
            .set('Authorization', `Bearer ${brand.token}`)
            .set('Content-Type', 'text/plain')
            .send('userId=a'),
        415,
        /./,
      );
    }
    await refusedUnchanged(
      () =>
        request(server.url)
          .get(`/api/collection/users/${brand.userId}?limit=5`)
          .set('Authorization', `Bearer ${brand.token}`),
      400,
      /./,
    );
    await refusedUnchanged(
      () =>
        request(server.url)
          .get(`/api/collection/users/${'p'.repeat(70)}`)
          .set('Authorization', `Bearer ${admin.token}`),
      400,
      /./,
    );
    // A malformed Idempotency-Key is refused before anything is claimed or charged.
    await refusedUnchanged(
      () => changeCollection(server, brand, 'add', creator.userId, { key: 'short' }),
      400,
      IDEMPOTENCY_MESSAGES.invalidKey,
    );
    expect(await balanceOf(server, brand)).toBe(2);
  });

  it('lists contacts newest activity first, with the last message, unread counts, names and pictures', async () => {
    const brand = await brandWith(3);
    const asha = await newCreator('Asha');
    const ravi = await newCreator('Ravi');
    await changeCollection(server, brand, 'add', asha.userId).expect(201);
    clock.advance(1000);
    await changeCollection(server, brand, 'add', ravi.userId).expect(201);
    const names = async (user: TestUser) => (await listOf(user)).map((e) => e.user.ownerName);
    expect(await names(brand)).toEqual(['Ravi', 'Asha']);

    // The creator writes first (so no reply deadline runs here), then the brand answers.
    clock.advance(60_000);
    const hello = await sendMessage(
      server,
      clock.now(),
      asha,
      brand,
      'Namaste! Happy to collaborate.',
    );
    await expect.poll(() => names(brand)).toEqual(['Asha', 'Ravi']);
    const [fromAsha] = await listOf(brand);
    expect(fromAsha).toMatchObject({
      lastMessage: 'Namaste! Happy to collaborate.',
      lastMessageTimestamp: hello.events[0]!.metadata.timestamp,
      unreadCount: 1,
    });
    await sendMessage(server, clock.now(), asha, brand, 'Shall I share my rates?');
    await expect.poll(async () => (await listOf(brand))[0]!.unreadCount).toBe(2);
    expect((await listOf(asha))[0]).toMatchObject({
      lastMessage: 'Shall I share my rates?',
      unreadCount: 0,
    });

    await markRead(server, clock.now(), brand, asha);
    await expect.poll(async () => (await listOf(brand))[0]!.unreadCount).toBe(0);
    await sendMessage(server, clock.now(), brand, asha, 'Yes please');
    await expect.poll(async () => (await listOf(asha))[0]!.unreadCount).toBe(1);
    expect((await listOf(brand))[0]).toMatchObject({ lastMessage: 'Yes please', unreadCount: 0 });

    // The contact's name and picture follow their profile.
    const upload = await request(server.url)
      .post('/api/uploads/image')
      .set('Authorization', `Bearer ${ravi.token}`)
      .attach('file', Buffer.from(TINY_PNG), 'ravi.png')
      .expect(201);
    await saveProfile(server, ravi, {
      ownerName: 'Ravi Travels',
      profilePicUrl: upload.body.secure_url,
    }).expect(200);
    await expect
      .poll(async () => (await listOf(brand)).find((e) => e.user._id === ravi.userId)?.user)
      .toEqual({
        _id: ravi.userId,
        ownerName: 'Ravi Travels',
        profilePicUrl: upload.body.secure_url,
        isOnline: false,
        companyName: null,
        handle: null,
        replyHours: null,
      });

    // The online dot follows the presence events the chat gateway records.
    await server.runtime.platform.eventStore.append(
      presenceStreamId(asha.userId),
      [
        {
          id: randomUUID(),
          type: 'PresenceChanged',
          data: { userId: asha.userId, online: true, at: clock.now().toISOString() },
          metadata: {
            actorUserId: asha.userId,
            correlationId: randomUUID(),
            causationId: null,
            schemaVersion: 1,
            timestamp: clock.now().toISOString(),
          },
        },
      ],
      { expectedRevision: 'any' },
    );
    await expect
      .poll(
        async () => (await listOf(brand)).find((e) => e.user._id === asha.userId)?.user.isOnline,
      )
      .toBe(true);
    expect((await listOf(brand)).find((e) => e.user._id === ravi.userId)?.user.isOnline).toBe(
      false,
    );
  });
  it('leaves every coin adding up: the ledger invariants hold over the whole log', async () => {
    await expectLedgerInvariantsHold(server);
  });
});

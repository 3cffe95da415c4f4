/**
 * The collection's process managers against the real runtime: the conversation follows the
 * wallet's connection events, and the 48-hour reply guarantee refunds 1 coin once per
 * connection. Messages are sent through the command handler, as the messaging context does.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationStreamId,
  pairIdOf,
  REPLY_GUARANTEE_MS,
} from '@linkcoin/domain/messaging/conversation.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import type { CollectionEntry } from '@linkcoin/domain/collections/contracts.ts';
import type { WalletEntry } from '@linkcoin/domain/wallet/contracts.ts';
import {
  CONNECTION_MS,
  connectionOf,
  walletDecider,
  walletStreamId,
  type WalletCommand,
} from '@linkcoin/domain/wallet/wallet.ts';
import { adminEnv, loginAdmin, registerUser, type TestUser } from '../testing/accounts.ts';
import {
  changeCollection,
  collectionOf,
  conversationOf,
  grantCoins,
  sendMessage,
} from '../testing/collections.ts';
import { balanceOf } from '../testing/payments.ts';
import { adjustableClock, startTestServer, type TestServer } from '../testing/test-server.ts';
import { expectLedgerInvariantsHold } from '../testing/audit.ts';

const HOUR = 60 * 60 * 1000;

describe('the collection processes', () => {
  let server: TestServer;
  const clock = adjustableClock();

  beforeAll(async () => {
    server = await startTestServer({
      clock,
      env: {
        ...adminEnv,
        PROCESS_TICK_MS: '100',
        // Sessions outlive the days the clock moves on here.
        TOKEN_TTL_SECONDS: '2592000',
        LOGIN_ATTEMPTS_PER_WINDOW: '10000',
        OTP_REQUESTS_PER_WINDOW: '10000',
        OTP_VERIFY_ATTEMPTS_PER_WINDOW: '10000',
        AUTH_REQUESTS_PER_IP_PER_WINDOW: '100000',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const commands = () => server.runtime.platform.commands;
  const meta = (): CommandMetadata => ({
    now: clock.now(),
    actorUserId: null,
    correlationId: randomUUID(),
    causationId: null,
  });
  /** A wallet command straight to the stream: only the process can follow it. */
  const inWallet = (command: Omit<WalletCommand, 'metadata'>) =>
    commands().handle(walletDecider, walletStreamId(command.data.userId), {
      ...command,
      metadata: meta(),
    } as WalletCommand);

  /** A payer with coins and a creator on their list, added over HTTP. */
  const connected = async (coins = 3) => {
    const admin = await loginAdmin(server);
    const payer = await registerUser(server, { role: 'user' });
    const creator = await registerUser(server, { role: 'influencer' });
    await grantCoins(server, admin, payer, coins);
    await changeCollection(server, payer, 'add', creator.userId).expect(201);
    return { payer, creator };
  };
  const typesOf = async (a: TestUser, b: TestUser) =>
    (
      await server.runtime.platform.eventStore.readStream(
        conversationStreamId(pairIdOf(a.userId, b.userId)),
      )
    ).map((event) => event.type);
  const historyOf = async (user: TestUser) =>
    (
      await request(server.url)
        .get('/api/wallet/me')
        .set('Authorization', `Bearer ${user.token}`)
        .expect(200)
    ).body.entries as WalletEntry[];

  describe('the conversation opener', () => {
    it('opens, extends and closes the conversation from the wallet’s events alone', async () => {
      const admin = await loginAdmin(server);
      const payer = await registerUser(server, { role: 'user' });
      const creator = await registerUser(server, { role: 'influencer' });
      await grantCoins(server, admin, payer, 3);

      const opened = await inWallet({
        type: 'OpenConnection',
        data: {
          userId: payer.userId,
          connectionId: 'process-test-connection',
          targetUserId: creator.userId,
          targetIsCreator: true,
        },
      });
      const expiresAt = (connectionOf(opened.state, 'process-test-connection') ?? { expiresAt: '' })
        .expiresAt;
      await expect
        .poll(() => conversationOf(server, payer.userId, creator.userId))
        .toMatchObject({
          status: 'open',
          payerId: payer.userId,
          creatorId: creator.userId,
          connectionId: 'process-test-connection',
          expiresAt,
        });

      await inWallet({
        type: 'RenewConnection',
        data: { userId: payer.userId, targetUserId: creator.userId },
      });
      const renewed = new Date(Date.parse(expiresAt) + CONNECTION_MS).toISOString();
      await expect
        .poll(async () => (await conversationOf(server, payer.userId, creator.userId)).expiresAt)
        .toBe(renewed);

      await inWallet({
        type: 'RemoveConnection',
        data: { userId: payer.userId, targetUserId: creator.userId },
      });
      await expect
        .poll(async () => (await conversationOf(server, payer.userId, creator.userId)).status)
        .toBe('closed');
      expect(await typesOf(payer, creator)).toEqual([
        'ConversationOpened',
        'ConversationExtended',
        'ConversationClosed',
      ]);
    });

    it('appends nothing more where the request already opened, extended or closed it', async () => {
      const { payer, creator } = await connected();
      await changeCollection(server, payer, 'update', creator.userId).expect(200);
      await changeCollection(server, payer, 'remove', creator.userId).expect(200);
      // A later connection only the process follows: once it is open, the process has seen all.
      const later = await registerUser(server, { role: 'influencer' });
      await inWallet({
        type: 'OpenConnection',
        data: {
          userId: payer.userId,
          connectionId: randomUUID(),
          targetUserId: later.userId,
          targetIsCreator: true,
        },
      });
      await expect
        .poll(async () => (await conversationOf(server, payer.userId, later.userId)).status)
        .toBe('open');
      expect(await typesOf(payer, creator)).toEqual([
        'ConversationOpened',
        'ConversationExtended',
        'ConversationClosed',
      ]);
    });
  });

  describe('the 48-hour reply guarantee', () => {
    /** A connection whose payer wrote now and whose creator stays silent: refunded later. */
    const sentinel = async () => {
      const pair = await connected(1);
      await sendMessage(server, clock.now(), pair.payer, pair.creator, 'Anyone there?');
      return pair;
    };
    const refundsOf = async (user: TestUser) =>
      (await historyOf(user)).filter((entry) => entry.kind === 'refund');

    it('refunds 1 coin when the creator does not answer in 48 hours, once; a reply in time keeps it', async () => {
      const silent = await connected(3);
      const answered = await connected(3);
      const removed = await connected(3);
      const wroteFirst = await connected(3);
      await sendMessage(server, clock.now(), wroteFirst.creator, wroteFirst.payer, 'Hello!');
      for (const pair of [silent, answered, removed, wroteFirst]) {
        await sendMessage(server, clock.now(), pair.payer, pair.creator, 'Can we work together?');
      }
      clock.advance(HOUR);
      await changeCollection(server, removed.payer, 'remove', removed.creator.userId).expect(200);
      clock.advance(46 * HOUR);
      // 47 hours after the payer wrote: in time.
      await sendMessage(server, clock.now(), answered.creator, answered.payer, 'Yes, gladly!');
      const marker = await sentinel();

      clock.advance(REPLY_GUARANTEE_MS + HOUR);
      await expect.poll(() => balanceOf(server, marker.payer)).toBe(1);
      // The tick that refunded the later deadline saw the earlier ones.
      expect(await balanceOf(server, silent.payer)).toBe(3);
      expect(await refundsOf(silent.payer)).toEqual([
        expect.objectContaining({
          kind: 'refund',
          coins: 1,
          balanceAfter: 3,
          reason: 'no_reply_within_48_hours',
          targetUserId: silent.creator.userId,
        }),
      ]);
      const [line] = (await collectionOf(server, silent.payer).expect(200)).body
        .collections as CollectionEntry[];
      expect(line).toMatchObject({ refunded: true, user: { _id: silent.creator.userId } });
      for (const kept of [answered, removed, wroteFirst]) {
        expect(await balanceOf(server, kept.payer)).toBe(2);
        expect(await refundsOf(kept.payer)).toEqual([]);
      }

      // A renewal is the same connection: it buys no second refund.
      await changeCollection(server, silent.payer, 'update', silent.creator.userId).expect(200);
      await sendMessage(server, clock.now(), silent.payer, silent.creator, 'Still interested?');
      const second = await sentinel();
      clock.advance(REPLY_GUARANTEE_MS + HOUR);
      await expect.poll(() => balanceOf(server, second.payer)).toBe(1);
      expect(await balanceOf(server, silent.payer)).toBe(2);
      expect(await refundsOf(silent.payer)).toHaveLength(1);
    });

    it('gives a new connection its own guarantee after a removal', async () => {
      const pair = await connected(3);
      await sendMessage(server, clock.now(), pair.payer, pair.creator, 'First try');
      clock.advance(REPLY_GUARANTEE_MS + HOUR);
      await expect.poll(() => balanceOf(server, pair.payer)).toBe(3);
      await changeCollection(server, pair.payer, 'remove', pair.creator.userId).expect(200);
      await changeCollection(server, pair.payer, 'add', pair.creator.userId).expect(201);
      expect(await balanceOf(server, pair.payer)).toBe(2);
      await sendMessage(server, clock.now(), pair.payer, pair.creator, 'Second try');
      clock.advance(REPLY_GUARANTEE_MS + HOUR);
      await expect.poll(() => balanceOf(server, pair.payer)).toBe(3);
      expect(await refundsOf(pair.payer)).toHaveLength(2);
    });
  });
  it('leaves every coin adding up: the ledger invariants hold over the whole log', async () => {
    await expectLedgerInvariantsHold(server);
  });
});

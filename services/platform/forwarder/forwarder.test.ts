import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@linkcoin/domain/shared/messages.ts';
import { InProcessBus } from '@linkcoin/infra/bus/inprocess.ts';
import type { DeliveredMessage } from '@linkcoin/infra/bus/port.ts';
import { SqliteEventStore } from '@linkcoin/infra/eventstore/sqlite.ts';
import { SqliteReadStore } from '@linkcoin/infra/readstore/sqlite.ts';
import { messageBytes } from '@linkcoin/infra/bus/port.ts';
import {
  batchesWithin,
  FORWARDER_CHECKPOINT,
  Forwarder,
  topicForCategory,
  type ForwardedEvent,
} from './forwarder.ts';

const logger = pino({ level: 'silent' });
const meta: EventMetadata = {
  actorUserId: 'u1',
  correlationId: 'c1',
  causationId: null,
  schemaVersion: 1,
  timestamp: '2026-01-01T00:00:00.000Z',
};
const event = (type: string, data: object = {}) => ({ type, data, metadata: meta });

describe('the forwarder', () => {
  let dir: string;
  let eventStore: SqliteEventStore;
  let readStore: SqliteReadStore;
  let bus: InProcessBus;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'linkcoin-fwd-'));
    eventStore = new SqliteEventStore({ path: join(dir, 'events.db'), idleRecheckMs: 50 });
    readStore = new SqliteReadStore({ path: join(dir, 'read.db') });
    bus = new InProcessBus({ logger });
  });
  afterEach(async () => {
    await bus.close();
    await readStore.close();
    await eventStore.close();
    await rm(dir, { recursive: true, force: true });
  });

  const listen = async (category: string) => {
    const received: DeliveredMessage[] = [];
    await bus.subscribe({
      groupId: `test-${category}`,
      topics: [topicForCategory(category)],
      handler: async (message) => {
        received.push(message);
      },
    });
    return received;
  };

  it('publishes each event on its category topic, keyed by stream id, in stream order', async () => {
    const accounts = await listen('account');
    const wallets = await listen('wallet');
    await eventStore.append('account-1', [event('AccountRegistered', { email: 'a@x.in' })], {
      expectedRevision: 'no_stream',
    });
    await eventStore.append('wallet-1', [event('CoinsPurchased', { coins: 11 })], {
      expectedRevision: 'no_stream',
    });
    await eventStore.append('account-1', [event('RoleGranted', { role: 'auditor' })], {
      expectedRevision: 0,
    });
    const forwarder = new Forwarder({ eventStore, bus, checkpoints: readStore, logger });
    forwarder.start();

    await expect.poll(() => accounts.length).toBe(2);
    await expect.poll(() => wallets.length).toBe(1);
    expect(accounts.map((m) => m.key)).toEqual(['account-1', 'account-1']);
    expect(accounts.map((m) => (m.value as ForwardedEvent).type)).toEqual([
      'AccountRegistered',
      'RoleGranted',
    ]);
    const first = accounts[0]!.value as ForwardedEvent;
    expect(first).toMatchObject({
      streamId: 'account-1',
      revision: 0,
      data: { email: 'a@x.in' },
      metadata: meta,
    });
    expect(accounts[0]!.headers).toMatchObject({
      'event-type': 'AccountRegistered',
      'event-id': first.id,
    });
    expect(wallets[0]!.value).toMatchObject({ type: 'CoinsPurchased', data: { coins: 11 } });
    await forwarder.stop();
  });

  it('resumes from its checkpoint after a restart without publishing old events again', async () => {
    const accounts = await listen('account');
    await eventStore.append('account-2', [event('AccountRegistered')], {
      expectedRevision: 'no_stream',
    });
    const first = new Forwarder({ eventStore, bus, checkpoints: readStore, logger });
    first.start();
    await expect.poll(() => accounts.length).toBe(1);
    await first.stop();
    expect(await readStore.getCheckpoint(FORWARDER_CHECKPOINT)).toMatchObject({
      position: first.position,
    });

    await eventStore.append('account-2', [event('PasswordChanged')], { expectedRevision: 0 });
    const second = new Forwarder({ eventStore, bus, checkpoints: readStore, logger });
    second.start();
    await expect
      .poll(() => accounts.map((m) => (m.value as ForwardedEvent).type))
      .toEqual(['AccountRegistered', 'PasswordChanged']);
    await eventStore.append('account-2', [event('LoggedOut')], { expectedRevision: 1 });
    await expect.poll(() => accounts.length).toBe(3);
    await second.stop();
  });

  it('stops at once even when stopped before it has read its checkpoint', async () => {
    const forwarder = new Forwarder({ eventStore, bus, checkpoints: readStore, logger });
    forwarder.start();
    await forwarder.stop();
    const accounts = await listen('account');
    await eventStore.append('account-3', [event('AccountRegistered')], {
      expectedRevision: 'no_stream',
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(accounts).toHaveLength(0);
  });
});

describe('batches under a byte cap', () => {
  const message = (n: number, size: number) => ({ key: `s-${n}`, value: 'x'.repeat(size) });

  it('keeps order, never exceeds the cap, and sends a message alone over the cap alone', () => {
    const messages = [
      ...Array.from({ length: 30 }, (_, n) => message(n, 1000)),
      message(30, 9000),
      message(31, 10),
    ];
    const batches = batchesWithin(messages, 4096, messageBytes);
    expect(batches.flat()).toEqual(messages);
    for (const batch of batches) {
      const bytes = 128 + batch.reduce((sum, m) => sum + messageBytes(m), 0);
      if (batch.length > 1) expect(bytes).toBeLessThanOrEqual(4096);
    }
    expect(batches.find((batch) => batch.includes(messages[30]!))).toEqual([messages[30]]);
    expect(batches.length).toBeGreaterThan(30 / 4);
  });
});

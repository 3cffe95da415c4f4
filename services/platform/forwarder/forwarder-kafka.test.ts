/**
 * The forwarder on the run's real Kafka broker (infra/testing/kafka-global-setup.ts), with a
 * topic limit of 64 KiB: the broker's default (1 MiB) scaled down sixteen times, so a catch-up
 * over the limit stays small.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import kafkajs from 'kafkajs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@linkcoin/domain/shared/messages.ts';
import { KafkaBus } from '@linkcoin/infra/bus/kafka.ts';
import type { DeliveredMessage } from '@linkcoin/infra/bus/port.ts';
import { SqliteEventStore } from '@linkcoin/infra/eventstore/sqlite.ts';
import { SqliteReadStore } from '@linkcoin/infra/readstore/sqlite.ts';
import { testKafkaBrokers } from '@linkcoin/infra/testing/kafka.ts';
import { capturedLogs } from '@linkcoin/infra/testing/logs.ts';
import {
  FORWARDER_CHECKPOINT,
  FORWARDER_DEAD_LETTER_TOPIC,
  Forwarder,
  topicForCategory,
  type ForwardedEvent,
  type ParkedEvent,
} from './forwarder.ts';

const LIMIT = 64 * 1024;
const meta: EventMetadata = {
  actorUserId: 'u1',
  correlationId: 'c1',
  causationId: null,
  schemaVersion: 1,
  timestamp: '2026-01-01T00:00:00.000Z',
};

describe('the forwarder on a real Kafka broker', () => {
  let dir: string;
  let eventStore: SqliteEventStore;
  let readStore: SqliteReadStore;
  let bus: KafkaBus;
  let forwarder: Forwarder | undefined;
  let category: string;
  const logs = capturedLogs();

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'linkcoin-fwd-kafka-'));
    eventStore = new SqliteEventStore({ path: join(dir, 'events.db'), idleRecheckMs: 50 });
    readStore = new SqliteReadStore({ path: join(dir, 'read.db') });
    bus = new KafkaBus({
      brokers: testKafkaBrokers(),
      clientId: 'linkcoin-forwarder-test',
      logger: logs.logger,
      maxMessageBytes: LIMIT,
    });
    await bus.connect();
    // A category (and so a topic) of its own: the broker is shared by the whole run.
    category = `fwd${randomUUID().replaceAll('-', '')}`;
    // The topic as a broker with the default settings would hold it: its limit is the broker's.
    const admin = new kafkajs.Kafka({
      clientId: 'linkcoin-forwarder-test-admin',
      brokers: testKafkaBrokers(),
      logLevel: kafkajs.logLevel.NOTHING,
    }).admin();
    await admin.connect();
    await admin.createTopics({
      waitForLeaders: true,
      topics: [
        {
          topic: topicForCategory(category),
          numPartitions: 3,
          configEntries: [{ name: 'max.message.bytes', value: String(LIMIT) }],
        },
      ],
    });
    await admin.disconnect();
  });
  afterEach(async () => {
    await forwarder?.stop();
    await bus.close();
    await readStore.close();
    await eventStore.close();
    await rm(dir, { recursive: true, force: true });
  });

  const listen = async (topic: string) => {
    const received: DeliveredMessage[] = [];
    await bus.subscribe({
      groupId: `test-${randomUUID()}`,
      topics: [topic],
      fromBeginning: true,
      handler: async (message) => {
        received.push(message);
      },
    });
    return received;
  };

  const note = (n: number, size = 2000) => ({
    type: 'NoteWritten',
    data: { n, text: 'न'.repeat(size / 3) },
    metadata: meta,
  });

  it('forwards a catch-up larger than the topic limit in publishes under it, in order', async () => {
    const received = await listen(topicForCategory(category));
    // About 200 KiB for one stream: one publish of it all is refused by the broker.
    await eventStore.append(
      `${category}-1`,
      Array.from({ length: 100 }, (_, n) => note(n)),
      { expectedRevision: 'no_stream' },
    );
    forwarder = new Forwarder({ eventStore, bus, checkpoints: readStore, logger: logs.logger });
    forwarder.start();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(100);
    expect(received.map((m) => (m.value as ForwardedEvent).revision)).toEqual(
      Array.from({ length: 100 }, (_, n) => n),
    );
    await expect
      .poll(async () => (await readStore.getCheckpoint(FORWARDER_CHECKPOINT))?.position)
      .toBe(await eventStore.headPosition());
  });

  it('parks an event the bus cannot carry with an alert, and forwards the others', async () => {
    const received = await listen(topicForCategory(category));
    const parked = await listen(FORWARDER_DEAD_LETTER_TOPIC);
    const appended = await eventStore.append(
      `${category}-2`,
      [note(1), note(2, 100 * 1024), note(3)],
      { expectedRevision: 'no_stream' },
    );
    forwarder = new Forwarder({ eventStore, bus, checkpoints: readStore, logger: logs.logger });
    forwarder.start();
    await expect
      .poll(() => received.map((m) => (m.value as ForwardedEvent).data), { timeout: 30_000 })
      .toEqual([expect.objectContaining({ n: 1 }), expect.objectContaining({ n: 3 })]);
    const big = appended.events[1]!;
    await expect
      .poll(() => parked.filter((m) => (m.value as ParkedEvent).event.id === big.id).length, {
        timeout: 30_000,
      })
      .toBe(1);
    expect(parked.find((m) => (m.value as ParkedEvent).event.id === big.id)!.value).toMatchObject({
      event: {
        streamId: `${category}-2`,
        revision: 1,
        position: big.position,
        type: 'NoteWritten',
      },
      limit: LIMIT,
    });
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ alert: 'forwarder-dead-letter', id: big.id }),
    );
    await expect
      .poll(async () => (await readStore.getCheckpoint(FORWARDER_CHECKPOINT))?.position)
      .toBe(appended.position);
  });
});

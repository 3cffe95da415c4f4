import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@linkcoin/domain/shared/messages.ts';
import { KafkaBus } from '@linkcoin/infra/bus/kafka.ts';
import type { DeliveredMessage } from '@linkcoin/infra/bus/port.ts';
import { SqliteEventStore } from '@linkcoin/infra/eventstore/sqlite.ts';
import { SqliteReadStore } from '@linkcoin/infra/readstore/sqlite.ts';
import { silentLogger } from '@linkcoin/infra/shared/logger.ts';
import { testKafkaBrokers } from '@linkcoin/infra/testing/kafka.ts';
import { topicForCategory } from '../platform/forwarder/forwarder.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { joinDataDir, lockDataDir } from './data-dir-lock.ts';
import { runSingleton, type Singleton } from './singleton.ts';

const meta: EventMetadata = {
  actorUserId: null,
  correlationId: 'singleton-test',
  causationId: null,
  schemaVersion: 1,
  timestamp: '2026-01-01T00:00:00.000Z',
};

describe('singleton roles under a lease', () => {
  let dir: string;
  let readStore: SqliteReadStore;
  const running: Singleton[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'linkcoin-singleton-'));
    readStore = new SqliteReadStore({ path: join(dir, 'read.db') });
  });
  afterEach(async () => {
    await Promise.all(running.map((singleton) => singleton.stop()));
    running.length = 0;
    await readStore.close();
    await rm(dir, { recursive: true, force: true });
  });

  const contender = (holder: string, working: Set<string>, store = readStore) => {
    const singleton = runSingleton({
      name: 'forwarder',
      readStore: store,
      holder,
      ttlMs: 1000,
      logger: silentLogger,
      start: async () => {
        working.add(holder);
        return { stop: async () => void working.delete(holder) };
      },
    });
    running.push(singleton);
    return singleton;
  };

  it('runs the role in one process at a time; another takes over when it stops', async () => {
    const working = new Set<string>();
    const a = contender('a', working);
    await expect.poll(() => [...working]).toEqual(['a']);
    const b = contender('b', working);
    // b stands by while a renews its lease, well past the lease's time.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([...working]).toEqual(['a']);
    expect(b.leading()).toBe(false);
    await a.stop();
    await expect.poll(() => [...working], { timeout: 5000 }).toEqual(['b']);
    expect(b.leading()).toBe(true);
  });

  it('takes over from a process that died holding the lease once it runs out, and the stalled one stops', async () => {
    const working = new Set<string>();
    // A process whose store stops answering (it hangs, or its host is cut off).
    let cutOff = false;
    const flaky = {
      acquireLease: async (name: string, holder: string, ttlMs: number) => {
        if (cutOff) throw new Error('the read store does not answer');
        return readStore.acquireLease(name, holder, ttlMs);
      },
      releaseLease: async () => undefined,
    };
    contender('stalled', working, flaky as unknown as SqliteReadStore);
    await expect.poll(() => [...working]).toEqual(['stalled']);
    contender('healthy', working);
    cutOff = true;
    await expect.poll(() => working.has('stalled'), { timeout: 5000 }).toBe(false);
    await expect.poll(() => [...working], { timeout: 5000 }).toEqual(['healthy']);
  });
});

describe('the data directory shared by the distributed runtime', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-shared-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // Another live process: the one that started this test worker.
  const other = { pid: process.ppid, purpose: 'linkcoin api', since: new Date().toISOString() };

  it('refuses to be held alone while processes of the distributed runtime share it', () => {
    mkdirSync(join(dataDir, '.members'), { recursive: true });
    writeFileSync(join(dataDir, '.members', `${other.pid}.json`), JSON.stringify(other));
    expect(() => lockDataDir(dataDir, 'linkcoin rebuild')).toThrow(
      `is in use by the processes ${other.pid} (linkcoin api)`,
    );
  });

  it('refuses a process of the distributed runtime while another holds it alone', () => {
    writeFileSync(join(dataDir, '.lock'), JSON.stringify(other));
    expect(() => joinDataDir(dataDir, 'linkcoin gateway')).toThrow('which holds it alone');
  });

  it('lets several processes join it, and be held alone once they have left', () => {
    const first = joinDataDir(dataDir, 'linkcoin api');
    const second = joinDataDir(dataDir, 'linkcoin api');
    first();
    second();
    const unlock = lockDataDir(dataDir, 'linkcoin rebuild');
    unlock();
  });
});

describe('two forwarder processes on one data directory and a real Kafka broker', () => {
  let dataDir: string;
  const servers: TestServer[] = [];
  let bus: KafkaBus;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-two-forwarders-'));
    bus = new KafkaBus({
      brokers: testKafkaBrokers(),
      clientId: 'linkcoin-two-forwarders',
      logger: silentLogger,
    });
    await bus.connect();
  });
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    servers.length = 0;
    await bus.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('forwards each event once, and goes on once the leading forwarder stops', async () => {
    const env = {
      BUS: 'kafka',
      KAFKA_BROKERS: testKafkaBrokers().join(','),
      SINGLETON_LEASE_TTL_MS: '1000',
    };
    for (let n = 0; n < 2; n++) {
      servers.push(await startTestServer({ dataDir, roles: ['forwarder'], env }));
    }
    const category = `twice${randomUUID().replaceAll('-', '')}`;
    const received: DeliveredMessage[] = [];
    await bus.subscribe({
      groupId: `test-${category}`,
      topics: [topicForCategory(category)],
      fromBeginning: true,
      handler: async (message) => void received.push(message),
    });
    const events = new SqliteEventStore({ path: join(dataDir, 'eventstore.db') });
    try {
      const append = (n: number) =>
        events.append(`${category}-1`, [{ type: 'Noted', data: { n }, metadata: meta }], {
          expectedRevision: n === 0 ? 'no_stream' : n - 1,
        });
      for (let n = 0; n < 5; n++) await append(n);
      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(5);
      const leader = servers.shift()!;
      await leader.stop();
      for (let n = 5; n < 10; n++) await append(n);
      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(10);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(received.map((m) => (m.value as { data: { n: number } }).data.n)).toEqual(
        Array.from({ length: 10 }, (_, n) => n),
      );
    } finally {
      await events.close();
    }
  });
});

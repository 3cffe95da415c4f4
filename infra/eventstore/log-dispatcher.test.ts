import type { EventMetadata } from '@linkcoin/domain/shared/messages.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteReadStore } from '../readstore/sqlite.ts';
import { ProjectionRunner, type Projection } from '../readstore/projections.ts';
import { silentLogger } from '../shared/logger.ts';
import { LogDispatcher } from './log-dispatcher.ts';
import { SqliteEventStore } from './sqlite.ts';

const metadata: EventMetadata = {
  actorUserId: null,
  correlationId: 'c',
  causationId: null,
  schemaVersion: 1,
  timestamp: '2026-01-01T00:00:00.000Z',
};

/** A read model counting the events of its types, per stream, in collection `<name>`. */
const counter = (
  name: string,
  eventTypes: readonly string[],
  options: { failWhile?: () => boolean } = {},
): Projection => ({
  name,
  version: 1,
  collections: [{ name }],
  eventTypes,
  apply: async (event, tx) => {
    if (options.failWhile?.()) throw new Error(`${name} is broken`);
    const doc = (await tx.get<{ n: number }>(name, event.streamId)) ?? { n: 0 };
    await tx.put(name, event.streamId, { n: doc.n + 1 });
  },
});

const until = async (check: () => Promise<boolean> | boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('the log dispatcher: one reader of the log per process', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.reverse()) await close();
    closers.length = 0;
  });

  const setup = async (projections: readonly Projection[]) => {
    const events = new SqliteEventStore({ path: ':memory:', idleRecheckMs: 50 });
    const reads = new SqliteReadStore({ path: ':memory:' });
    const log = new LogDispatcher(events);
    const runner = new ProjectionRunner({
      eventStore: events,
      log,
      readStore: reads,
      projections,
      logger: silentLogger,
      retryDelayMs: () => 20,
    });
    closers.push(async () => {
      await runner.stop();
      await log.stop();
      await events.close();
      await reads.close();
    });
    await runner.start();
    const append = async (stream: string, type: string) =>
      (await events.append(stream, [{ type, data: {}, metadata }], { expectedRevision: 'any' }))
        .position;
    const count = async (name: string, stream: string) =>
      (await reads.collection<{ n: number }>(name).get(stream))?.n ?? 0;
    return { events, reads, log, runner, append, count };
  };

  it('reads each live page once for every consumer, each given only its event types', async () => {
    const projections = Array.from({ length: 8 }, (_, i) =>
      counter(`count${i}`, i % 2 === 0 ? ['Even'] : ['Odd']),
    );
    const { log, runner, append, count } = await setup(projections);
    await until(async () => (await runner.statuses()).every((s) => s.state === 'live'));
    const before = log.pagesRead;
    for (let i = 0; i < 20; i++) {
      const position = await append('s-1', i % 2 === 0 ? 'Even' : 'Odd');
      expect(await runner.waitFor(position)).toBe(true);
    }
    // One page per append for all eight read models (each used to read its own).
    expect(log.pagesRead - before).toBeLessThanOrEqual(20);
    expect(await count('count0', 's-1')).toBe(10);
    expect(await count('count1', 's-1')).toBe(10);
    expect(await count('count7', 's-1')).toBe(10);
  });

  it('a projection that throws does not stop the others, and resumes from its place', async () => {
    let broken = false;
    const { runner, reads, append, count } = await setup([
      counter('healthy', ['Thing']),
      counter('fragile', ['Thing'], { failWhile: () => broken }),
    ]);
    await append('s-1', 'Thing');
    await until(async () => (await count('fragile', 's-1')) === 1);
    broken = true;
    for (let i = 0; i < 5; i++) await append('s-1', 'Thing');
    // The healthy one goes on while the fragile one fails and retries.
    await until(async () => (await count('healthy', 's-1')) === 6);
    await until(async () =>
      (await runner.statuses()).some((s) => s.name === 'fragile' && s.state === 'failing'),
    );
    expect(await count('fragile', 's-1')).toBe(1);
    const stuck = await reads.getCheckpoint('fragile');
    broken = false;
    // It catches up from its own checkpoint: nothing skipped, nothing applied twice.
    await until(async () => (await count('fragile', 's-1')) === 6);
    expect(stuck?.position).toBeLessThan((await reads.getCheckpoint('healthy'))!.position!);
    const last = await append('s-1', 'Thing');
    expect(await runner.waitFor(last)).toBe(true);
    expect(await count('fragile', 's-1')).toBe(7);
    expect(await count('healthy', 's-1')).toBe(7);
  });

  it('rebuilds one read model while the others stay live and keep applying', async () => {
    const { runner, append, count } = await setup([
      counter('first', ['Thing']),
      counter('second', ['Thing', 'Other']),
    ]);
    for (let i = 0; i < 300; i++) await append(`s-${i % 3}`, i % 2 ? 'Thing' : 'Other');
    await until(async () => (await count('second', 's-0')) === 100);
    const rebuilding = runner.rebuild(['second']);
    // Writes go on during the rebuild; the first read model follows them live.
    const during = await append('s-9', 'Thing');
    await until(async () => (await count('first', 's-9')) === 1);
    await rebuilding;
    expect(await runner.waitFor(during)).toBe(true);
    expect(await count('second', 's-0')).toBe(100);
    expect(await count('second', 's-9')).toBe(1);
    expect(await count('first', 's-9')).toBe(1);
    const statuses = await runner.statuses();
    await until(async () => (await runner.statuses()).every((s) => s.state === 'live'));
    expect(statuses.map((s) => s.name).sort()).toEqual(['first', 'second']);
  });

  it('hands a slow consumer its events in order without holding a fast one', async () => {
    const events = new SqliteEventStore({ path: ':memory:', idleRecheckMs: 50 });
    const log = new LogDispatcher(events, { maxQueuedEvents: 5 });
    closers.push(async () => {
      await log.stop();
      await events.close();
    });
    const fast: number[] = [];
    const slow: number[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const a = log.subscribeToAll({
      after: null,
      onEvents: async (batch) => void fast.push(...batch.map((e) => e.position)),
    });
    const b = log.subscribeToAll({
      after: null,
      onEvents: async (batch) => {
        await gate;
        slow.push(...batch.map((e) => e.position));
      },
    });
    for (let i = 0; i < 20; i++) {
      await events.append('s-1', [{ type: 'T', data: {}, metadata }], { expectedRevision: 'any' });
    }
    await until(() => fast.length === 20);
    expect(slow).toEqual([]);
    release();
    await until(() => slow.length === 20);
    expect(slow).toEqual(fast);
    expect(fast).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await Promise.all([a.stop(), b.stop()]);
  });
});

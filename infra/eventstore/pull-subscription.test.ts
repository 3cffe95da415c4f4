import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { pullSubscription } from './pull-subscription.ts';

/** An in-memory log with the store's two hooks, counting the pages read. */
const fakeLog = () => {
  const events: RecordedEvent[] = [];
  const listeners = new Set<() => void>();
  const reads: { after: number | null; found: number }[] = [];
  const append = (type: string) => {
    const position = events.length + 1;
    events.push({
      id: `e${position}`,
      streamId: 's-1',
      revision: position - 1,
      position,
      type,
      data: {},
      metadata: {
        actorUserId: null,
        correlationId: 'c',
        causationId: null,
        schemaVersion: 1,
        timestamp: '2026-01-01T00:00:00.000Z',
      },
    });
    // As the SQLite store does: listeners are told after the commit, in a later macrotask.
    setImmediate(() => {
      for (const listener of [...listeners]) listener();
    });
  };
  return {
    append,
    reads,
    readPage: async (after: number | null, maxCount: number) => {
      const page = events.filter((e) => e.position > (after ?? 0)).slice(0, maxCount);
      reads.push({ after, found: page.length });
      return {
        events: page,
        lastPosition: page.at(-1)?.position ?? after,
        isEnd: page.length < maxCount,
      };
    },
    waitForAppend: (wake: () => void) => {
      const listener = () => {
        listeners.delete(listener);
        wake();
      };
      listeners.add(listener);
      return listener;
    },
  };
};

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
};

describe('pull subscription', () => {
  it('reads each live append once, with no empty read after it', async () => {
    const log = fakeLog();
    const seen: string[] = [];
    const subscription = pullSubscription({
      after: null,
      onEvents: async (events) => {
        seen.push(...events.map((e) => e.type));
      },
      readPage: log.readPage,
      waitForAppend: log.waitForAppend,
    });
    await until(() => subscription.isLive());
    for (const type of ['A', 'B', 'C']) {
      log.append(type);
      await until(() => seen.includes(type));
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual(['A', 'B', 'C']);
    // The first read finds the log empty; then one read per append, each finding its event.
    expect(log.reads.map((read) => read.found)).toEqual([0, 1, 1, 1]);
    await subscription.stop();
  });

  it('delivers an append made while the last page is being handled', async () => {
    const log = fakeLog();
    log.append('First');
    const seen: string[] = [];
    const subscription = pullSubscription({
      after: null,
      onEvents: async (events) => {
        seen.push(...events.map((e) => e.type));
        if (events.some((e) => e.type === 'First')) {
          log.append('DuringDelivery');
          await new Promise((r) => setTimeout(r, 20)); // the append's wake-up fires meanwhile
        }
      },
      readPage: log.readPage,
      waitForAppend: log.waitForAppend,
    });
    await until(() => seen.length === 2);
    expect(seen).toEqual(['First', 'DuringDelivery']);
    await subscription.stop();
  });

  it('reads full pages back to back, then waits at the first short one', async () => {
    const log = fakeLog();
    for (let i = 0; i < 5; i++) log.append(`E${i}`);
    await new Promise((r) => setImmediate(r)); // their wake-ups have gone by
    const seen: string[] = [];
    const subscription = pullSubscription({
      after: null,
      maxBatchSize: 2,
      onEvents: async (events) => {
        seen.push(...events.map((e) => e.type));
      },
      readPage: log.readPage,
      waitForAppend: log.waitForAppend,
    });
    await until(() => seen.length === 5 && subscription.isLive());
    expect(log.reads.map((read) => read.found)).toEqual([2, 2, 1]);
    await subscription.stop();
    await expect(subscription.done).resolves.toBeUndefined();
  });

  it('ends with the handler error, leaving no wake-up armed', async () => {
    const log = fakeLog();
    log.append('Poison');
    const subscription = pullSubscription({
      after: null,
      onEvents: async () => {
        throw new Error('handler failed');
      },
      readPage: log.readPage,
      waitForAppend: log.waitForAppend,
    });
    await expect(subscription.done).rejects.toThrow('handler failed');
    log.append('Later');
    await new Promise((r) => setTimeout(r, 20));
    expect(log.reads).toHaveLength(1);
  });
});

/**
 * The KurrentDB subscription wrapper driven by a fake server stream (an object-mode Readable
 * that emits `caughtUp` like the client's AllStreamSubscription), so batching, checkpoints,
 * live detection, failure and stop are checked without a server.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { kurrentSubscription, type SubscriptionSource } from './kurrentdb-subscription.ts';

type FakeItem = { position: number; streamId?: string };

const fakeSource = () => {
  const stream = new PassThrough({ objectMode: true }) as PassThrough & SubscriptionSource;
  let unsubscribed = false;
  stream.unsubscribe = async () => {
    unsubscribed = true;
  };
  return { stream, wasUnsubscribed: () => unsubscribed };
};

const toRecorded = (item: FakeItem): RecordedEvent | null =>
  item.streamId?.startsWith('$')
    ? null
    : {
        id: `e${item.position}`,
        streamId: item.streamId ?? 'card-1',
        revision: item.position,
        position: item.position,
        type: 'Happened',
        data: {},
        metadata: {
          actorUserId: null,
          correlationId: 'c',
          causationId: null,
          schemaVersion: 1,
          timestamp: '2026-01-01T00:00:00.000Z',
        },
      };

describe('KurrentDB subscription wrapper', () => {
  it('delivers in order, skips what is at or before the checkpoint, then goes live', async () => {
    const { stream } = fakeSource();
    const batches: number[][] = [];
    const subscription = kurrentSubscription<FakeItem>({
      source: stream,
      after: 20,
      toRecorded,
      onEvents: async (events) => {
        batches.push(events.map((e) => e.position));
      },
    });
    // A server whose start position is inclusive would send the checkpoint event again.
    for (const position of [20, 30, 40]) stream.write({ position });
    stream.write({ position: 45, streamId: '$stats-node' });
    await expect.poll(() => batches.flat()).toEqual([30, 40]);
    expect(subscription.isLive()).toBe(false);
    stream.emit('caughtUp', {});
    await expect.poll(() => subscription.isLive()).toBe(true);
    stream.write({ position: 50 });
    await expect.poll(() => batches.flat()).toEqual([30, 40, 50]);
    await subscription.stop();
    await expect(subscription.done).resolves.toBeUndefined();
  });

  it('waits for each batch before delivering the next, within the batch size', async () => {
    const { stream } = fakeSource();
    const seen: number[][] = [];
    let running = 0;
    let overlapped = false;
    const subscription = kurrentSubscription<FakeItem>({
      source: stream,
      after: null,
      maxBatchSize: 2,
      toRecorded,
      onEvents: async (events) => {
        running += 1;
        overlapped ||= running > 1;
        await new Promise((resolve) => setImmediate(resolve));
        seen.push(events.map((e) => e.position));
        running -= 1;
      },
    });
    for (let position = 1; position <= 5; position++) stream.write({ position });
    await expect.poll(() => seen.flat()).toEqual([1, 2, 3, 4, 5]);
    expect(seen.every((batch) => batch.length <= 2)).toBe(true);
    expect(overlapped).toBe(false);
    await subscription.stop();
  });

  it('rejects `done` when a handler throws, and unsubscribes', async () => {
    const { stream, wasUnsubscribed } = fakeSource();
    const subscription = kurrentSubscription<FakeItem>({
      source: stream,
      after: null,
      toRecorded,
      onEvents: async () => {
        throw new Error('handler failed');
      },
    });
    stream.write({ position: 1 });
    await expect(subscription.done).rejects.toThrow('handler failed');
    expect(wasUnsubscribed()).toBe(true);
  });

  it('rejects `done` when the server ends the subscription, so the caller resubscribes', async () => {
    const { stream } = fakeSource();
    const subscription = kurrentSubscription<FakeItem>({
      source: stream,
      after: null,
      toRecorded,
      onEvents: async () => undefined,
    });
    stream.end();
    await expect(subscription.done).rejects.toThrow('ended without being stopped');
  });

  it('counts reaching the head as caught up when the server sends no caughtUp', async () => {
    const { stream } = fakeSource();
    const subscription = kurrentSubscription<FakeItem>({
      source: stream,
      after: null,
      toRecorded,
      onEvents: async () => undefined,
      headAtStart: Promise.resolve(2),
    });
    stream.write({ position: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(subscription.isLive()).toBe(false);
    stream.write({ position: 2 });
    await expect.poll(() => subscription.isLive()).toBe(true);
    await subscription.stop();
  });

  it('is live at once when there is nothing to catch up', async () => {
    const { stream } = fakeSource();
    const subscription = kurrentSubscription<FakeItem>({
      source: stream,
      after: 9,
      toRecorded,
      onEvents: async () => undefined,
      headAtStart: Promise.resolve(9),
    });
    await expect.poll(() => subscription.isLive()).toBe(true);
    await subscription.stop();
  });

  it('stops while idle, and waits for a running handler before resolving', async () => {
    const { stream, wasUnsubscribed } = fakeSource();
    let release: () => void = () => undefined;
    let started = false;
    let finished = false;
    const subscription = kurrentSubscription<FakeItem>({
      source: stream,
      after: null,
      toRecorded,
      onEvents: async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
          started = true;
        });
        finished = true;
      },
    });
    stream.write({ position: 1 });
    await expect.poll(() => started).toBe(true);
    const stopping = subscription.stop();
    release();
    await stopping;
    expect(finished).toBe(true);
    expect(wasUnsubscribed()).toBe(true);
  });
});

/**
 * The port's catch-up-then-live subscription over a KurrentDB `$all` subscription stream: one
 * server subscription covers both phases, so nothing between them is skipped or doubled.
 */
import type { Readable } from 'node:stream';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { AllSubscription, SubscribeToAllOptions } from './port.ts';

/** What the adapter needs of the client's `AllStreamSubscription` (an object-mode Readable). */
export type SubscriptionSource = Readable & { unsubscribe(): Promise<void> };

export type KurrentSubscriptionOptions<Item> = SubscribeToAllOptions & {
  source: SubscriptionSource;
  /** An item as the port's event, or null for what the port never shows (system records). */
  toRecorded: (item: Item) => RecordedEvent | null;
  /**
   * The head of the log when subscribing. Servers before 23.10 send no `caughtUp`; reaching
   * this position (or having nothing to catch up) then counts as caught up.
   */
  headAtStart?: Promise<number | null>;
};

type Next<Item> = IteratorResult<Item> | 'stopped';

export const kurrentSubscription = <Item>(
  options: KurrentSubscriptionOptions<Item>,
): AllSubscription => {
  const { source, after, onEvents, toRecorded } = options;
  const maxBatchSize = options.maxBatchSize ?? 500;
  let stopped = false;
  let live = false;
  let caughtUpSignalled = false;
  let head: number | null | undefined;
  let wakeOnStop: (() => void) | undefined;
  const stopSignal = new Promise<'stopped'>((resolve) => {
    wakeOnStop = () => resolve('stopped');
  });

  let handling = false;
  let lastDelivered = after;
  const markLiveIfCaughtUp = () => {
    if (handling || source.readableLength > 0) return;
    if (caughtUpSignalled) live = true;
    if (
      head !== undefined &&
      (head === null || (lastDelivered !== null && lastDelivered >= head))
    ) {
      live = true;
    }
  };
  // `caughtUp` may arrive with earlier events still buffered or being handled: live is reported
  // once those are delivered. A server already at the head sends `caughtUp` and then nothing.
  source.on('caughtUp', () => {
    caughtUpSignalled = true;
    markLiveIfCaughtUp();
  });
  void options.headAtStart?.then(
    (position) => {
      head = position;
      markLiveIfCaughtUp();
    },
    () => undefined, // only a hint: without it, live waits for the server's caughtUp
  );

  const run = async (): Promise<void> => {
    const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Item>;
    let batch: RecordedEvent[] = [];
    try {
      for (;;) {
        const pending = iterator.next();
        pending.catch(() => undefined); // when stop wins the race, nobody else awaits it
        const next: Next<Item> = await Promise.race([pending, stopSignal]);
        if (next === 'stopped') return;
        if (next.done) {
          if (stopped) return;
          throw new Error('The KurrentDB subscription ended without being stopped');
        }
        const event = toRecorded(next.value);
        if (event && (after === null || event.position > after)) batch.push(event);
        // Deliver what has arrived: a full batch, or everything buffered so far.
        if (batch.length > 0 && (batch.length >= maxBatchSize || source.readableLength === 0)) {
          const delivering = batch;
          batch = [];
          handling = true;
          try {
            await onEvents(delivering);
          } finally {
            handling = false;
          }
          if (stopped) return;
          lastDelivered = delivering.at(-1)!.position;
          markLiveIfCaughtUp();
        } else if (batch.length === 0) {
          markLiveIfCaughtUp();
        }
      }
    } catch (error) {
      if (stopped) return; // the stream errors as it is torn down
      throw error;
    } finally {
      await source.unsubscribe().catch(() => undefined);
      source.destroy();
    }
  };

  const done = run();
  done.catch(() => undefined); // observed by whoever awaits `done`; never an unhandled rejection
  return {
    done,
    isLive: () => live,
    stop: async () => {
      stopped = true;
      wakeOnStop?.();
      await done.catch(() => undefined);
    },
  };
};

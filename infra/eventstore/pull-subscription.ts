import type { AllSubscription, ReadAllPage, SubscribeToAllOptions } from './port.ts';

type PullSubscriptionOptions = SubscribeToAllOptions & {
  readPage: (after: number | null, maxCount: number) => Promise<ReadAllPage>;
  /**
   * Arms a one-shot wake-up for the next append and returns a function that fires it early
   * (used by stop). Must register synchronously so no append is missed after an empty page.
   */
  waitForAppend: (wake: () => void) => () => void;
};

/**
 * A catch-up-then-live subscription over a pageable log: read pages until the end, then sleep
 * until the store signals an append, and read again from the last delivered position. Live
 * and catch-up are one loop, so nothing between them can be skipped or delivered twice. Each
 * append costs one read per subscriber: the page it is in (not a second, empty one).
 */
export const pullSubscription = (options: PullSubscriptionOptions): AllSubscription => {
  const maxBatchSize = options.maxBatchSize ?? 500;
  let stopped = false;
  let live = false;
  let cancelWait: (() => void) | null = null;

  const run = async (): Promise<void> => {
    let position = options.after;
    while (!stopped) {
      const page = await options.readPage(position, maxBatchSize);
      if (stopped) return;
      // A short page is the end of the log: the wake-up is armed now, before the page is
      // delivered, so an append made during delivery wakes the loop at once, and an append-free
      // delivery is not followed by a read that would find nothing.
      const woken =
        page.events.length < maxBatchSize
          ? new Promise<void>((resolve) => {
              cancelWait = options.waitForAppend(resolve);
            })
          : null;
      if (page.events.length > 0) {
        try {
          await options.onEvents(page.events);
        } catch (error) {
          (cancelWait as (() => void) | null)?.();
          throw error;
        }
        position = page.lastPosition;
      }
      if (woken) {
        live = true;
        await woken;
        cancelWait = null;
      }
    }
  };

  const done = run();
  done.catch(() => undefined); // observed by whoever awaits `done`; never an unhandled rejection
  return {
    done,
    isLive: () => live,
    stop: async () => {
      stopped = true;
      (cancelWait as (() => void) | null)?.();
      await done.catch(() => undefined);
    },
  };
};

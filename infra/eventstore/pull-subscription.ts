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
 * and catch-up are one loop, so nothing between them can be skipped or delivered twice.
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
      if (page.events.length === 0) {
        live = true;
        await new Promise<void>((resolve) => {
          cancelWait = options.waitForAppend(resolve);
        });
        cancelWait = null;
        continue;
      }
      await options.onEvents(page.events);
      position = page.lastPosition;
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

import type { EventStore } from '@linkcoin/infra/eventstore/port.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import {
  lagsOf,
  type Projection,
  type ProjectionRunner,
  type ProjectionStatus,
} from '@linkcoin/infra/readstore/projections.ts';

/**
 * How far the read models are, seen from the API: lets a command handler answer with the state
 * it just wrote (read-your-writes) and `/readyz` report each projection's lag.
 */
export interface ProjectionProgress {
  waitFor(position: number | null, timeoutMs?: number): Promise<boolean>;
  statuses(): Promise<ProjectionStatus[]>;
  /** Where the read models run in this process: tells each new position all have applied. */
  onApplied?(listener: (position: number) => void): () => void;
}

/** In the embedded runtime the runner is in the same process: it is asked directly. */
export const localProgress = (runner: ProjectionRunner): ProjectionProgress => ({
  waitFor: (position, timeoutMs) => runner.waitFor(position, timeoutMs),
  statuses: () => runner.statuses(),
  onApplied: (listener) => runner.onApplied(listener),
});

/**
 * Another process's projector telling this one where it is (an API worker told by the writer):
 * `told` is called with each position every read model has applied; `statuses` come from
 * `fallback` (the stored checkpoints).
 */
export const toldProgress = (
  fallback: ProjectionProgress,
): ProjectionProgress & { told: (position: number) => void } => {
  let applied: number | null = null;
  const waiters = new Set<{ position: number; done: (reached: boolean) => void }>();
  return {
    told: (position) => {
      if (applied !== null && position <= applied) return;
      applied = position;
      for (const waiter of waiters) if (waiter.position <= position) waiter.done(true);
    },
    waitFor: async (position, timeoutMs = 5000) => {
      if (position === null || (applied !== null && applied >= position)) return true;
      return new Promise<boolean>((resolve) => {
        const waiter = {
          position,
          done: (reached: boolean) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(reached);
          },
        };
        // Told nothing in time (the writer busy or restarting): the stored checkpoints decide.
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          void fallback.waitFor(position, 0).then(resolve);
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    statuses: () => fallback.statuses(),
  };
};

/**
 * In the distributed runtime the projector is another process: the API reads the checkpoints
 * the projector stores with its writes.
 */
export const checkpointProgress = (
  eventStore: Pick<EventStore, 'headPosition' | 'eventsAfter'>,
  readStore: Pick<ReadStore, 'getCheckpoint'>,
  projections: readonly Projection[],
  pollMs = 20,
): ProjectionProgress => {
  const positions = async () =>
    Promise.all(
      projections.map(async (projection) => ({
        projection,
        position: (await readStore.getCheckpoint(projection.name))?.position ?? null,
      })),
    );
  return {
    async waitFor(position, timeoutMs = 5000) {
      if (position === null) return true;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const current = await positions();
        if (current.every((entry) => entry.position !== null && entry.position >= position)) {
          return true;
        }
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    async statuses() {
      const [head, current] = await Promise.all([eventStore.headPosition(), positions()]);
      const lags = await lagsOf(
        eventStore,
        current.map((entry) => entry.position),
      );
      return current.map(({ projection, position }, index) => ({
        name: projection.name,
        state: lags[index] === 0 ? 'live' : 'catching_up',
        position,
        head,
        lag: lags[index]!,
      }));
    },
  };
};

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
}

/** In the embedded runtime the runner is in the same process: it is asked directly. */
export const localProgress = (runner: ProjectionRunner): ProjectionProgress => ({
  waitFor: (position, timeoutMs) => runner.waitFor(position, timeoutMs),
  statuses: () => runner.statuses(),
});

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

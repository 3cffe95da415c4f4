import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

/**
 * A process manager reacts to events by sending commands, and keeps what it waits for (for
 * instance deadlines) in its own read-model collections. It runs like a projection, with a
 * checkpoint; the commands it sends carry an idempotency key derived from the event that caused
 * them, so a batch replayed after a crash never acts twice.
 */
export type ProcessManager = Readonly<{
  /** Reacts to events; its collections hold the process' own state. */
  projection: Projection;
  /** Fires what is due (deadlines), at `intervalMs`; must be idempotent. */
  tick?: Readonly<{
    intervalMs: number;
    run: (now: Date, state: ReadStore) => Promise<void>;
  }>;
}>;

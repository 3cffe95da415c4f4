import { WorkerCalls } from '../shared/worker-calls.ts';
import type { AppendOutcome, AppendToCommit, BatchOutcome } from './sqlite-commit.ts';

/**
 * The SQLite event store's commits in a worker thread (`sqlite-writer.worker.ts`): a commit
 * with `synchronous=FULL` waits for the disk (an fsync: 0.5 ms on an idle disk, tens of ms on a
 * busy one), and on the event loop that wait stops every request. In the thread it stops only
 * the appends that wait for it; the appends arriving meanwhile gather into the next group
 * commit. An append is still answered only once its commit returned (on disk). The store uses
 * the thread only while measured commits are slow (commit-place.ts).
 */

export type WriterSetup = Readonly<{ path: string; synchronous: 'FULL' | 'NORMAL' }>;
export type WriterRequest = {
  appends: readonly AppendToCommit[];
  /** See commitBatch: the head when the store's previous commit went through the loop. */
  knownHead?: number | null;
};

/** An error as it crosses the thread: its name and message (a class does not survive). */
type WireError = { name: string; message: string; code?: string };
type WireOutcome =
  | { committed: true; othersWrote: boolean; outcomes: readonly WireAppendOutcome[] }
  | { committed: false; error: WireError };
type WireAppendOutcome =
  Exclude<AppendOutcome, { kind: 'failed' }> | { kind: 'failed'; error: WireError };

export type WriterAnswer = { outcome: WireOutcome; commitMs: number };

/** A batch's outcome and how long its commit took in the thread (what the loop would wait). */
export type ThreadCommit = Readonly<{ outcome: BatchOutcome; commitMs: number }>;

const wireError = (error: unknown): WireError => {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
  };
};

const fromWireError = (wire: WireError): Error => {
  const error = new Error(wire.message);
  error.name = wire.name;
  if (wire.code) (error as Error & { code?: string }).code = wire.code;
  return error;
};

export const toWire = (outcome: BatchOutcome): WireOutcome =>
  outcome.committed
    ? {
        committed: true,
        othersWrote: outcome.othersWrote,
        outcomes: outcome.outcomes.map((result) =>
          result.kind === 'failed' ? { kind: 'failed', error: wireError(result.error) } : result,
        ),
      }
    : { committed: false, error: wireError(outcome.error) };

const fromWire = (outcome: WireOutcome): BatchOutcome =>
  outcome.committed
    ? {
        committed: true,
        othersWrote: outcome.othersWrote,
        outcomes: outcome.outcomes.map((result) =>
          result.kind === 'failed'
            ? { kind: 'failed', error: fromWireError(result.error) }
            : result,
        ),
      }
    : { committed: false, error: fromWireError(outcome.error) };

/**
 * The main thread's side: `commit` resolves with the batch's outcome once it is committed (or
 * rolled back); a thread that failed or exited answers every batch as not committed.
 */
export class SqliteWriterThread {
  readonly #calls: WorkerCalls<WriterRequest, WriterAnswer>;

  constructor(setup: WriterSetup) {
    this.#calls = new WorkerCalls(
      new URL('./sqlite-writer.worker.ts', import.meta.url),
      setup,
      "The event store's writer thread",
    );
  }

  commit(appends: readonly AppendToCommit[], knownHead?: number | null): Promise<ThreadCommit> {
    return this.#calls.call({ appends, ...(knownHead !== undefined ? { knownHead } : {}) }).then(
      (answer) => ({ outcome: fromWire(answer.outcome), commitMs: answer.commitMs }),
      (error: Error) => ({ outcome: { committed: false, error }, commitMs: 0 }),
    );
  }

  /** Closes the thread's connection once the batches sent before are committed. */
  close(): Promise<void> {
    return this.#calls.close();
  }
}

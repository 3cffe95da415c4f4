import { Worker } from 'node:worker_threads';
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
export type WriterRequest =
  | {
      type: 'commit';
      id: number;
      appends: readonly AppendToCommit[];
      /** See commitBatch: the head when the store's previous commit went through the loop. */
      knownHead?: number | null;
    }
  | { type: 'close' };

/** An error as it crosses the thread: its name and message (a class does not survive). */
type WireError = { name: string; message: string; code?: string };
type WireOutcome =
  | { committed: true; othersWrote: boolean; outcomes: readonly WireAppendOutcome[] }
  | { committed: false; error: WireError };
type WireAppendOutcome =
  Exclude<AppendOutcome, { kind: 'failed' }> | { kind: 'failed'; error: WireError };

export type WriterReply =
  { type: 'committed'; id: number; outcome: WireOutcome; commitMs: number } | { type: 'closed' };

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
 * The main thread's side: one batch in the thread at a time; `commit` resolves with the batch's
 * outcome once it is committed (or rolled back).
 */
export class SqliteWriterThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, (commit: ThreadCommit) => void>();
  #nextId = 1;
  #closed: Promise<void> | null = null;
  #failure: Error | null = null;

  constructor(setup: WriterSetup) {
    this.#worker = new Worker(new URL('./sqlite-writer.worker.ts', import.meta.url), {
      workerData: setup,
    });
    // The thread keeps the process alive only while a commit is under way (as a write on the
    // event loop would): an idle store left open never holds a process that is done.
    this.#worker.unref();
    this.#worker.on('message', (reply: WriterReply) => {
      if (reply.type !== 'committed') return;
      const settle = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) this.#worker.unref();
      settle?.({ outcome: fromWire(reply.outcome), commitMs: reply.commitMs });
    });
    const fail = (error: Error) => {
      this.#failure = error;
      for (const settle of this.#pending.values()) {
        settle({ outcome: { committed: false, error }, commitMs: 0 });
      }
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => {
      if (this.#pending.size) fail(new Error(`The event store's writer thread exited (${code})`));
    });
  }

  commit(appends: readonly AppendToCommit[], knownHead?: number | null): Promise<ThreadCommit> {
    if (this.#failure) {
      return Promise.resolve({ outcome: { committed: false, error: this.#failure }, commitMs: 0 });
    }
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      this.#worker.ref();
      this.#worker.postMessage({
        type: 'commit',
        id,
        appends,
        ...(knownHead !== undefined ? { knownHead } : {}),
      } satisfies WriterRequest);
    });
  }

  /** Closes the thread's connection once the batches sent before are committed. */
  close(): Promise<void> {
    this.#closed ??= new Promise<void>((resolve) => {
      if (this.#failure) {
        void this.#worker.terminate().then(() => resolve());
        return;
      }
      this.#worker.ref();
      this.#worker.on('message', (reply: WriterReply) => {
        if (reply.type === 'closed') void this.#worker.terminate().then(() => resolve());
      });
      this.#worker.postMessage({ type: 'close' } satisfies WriterRequest);
    });
    return this.#closed;
  }
}

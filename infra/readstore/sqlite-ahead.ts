import { Worker } from 'node:worker_threads';
import type { StoredCheckpoint } from './port.ts';
import type { RowTables, RowWrite } from './sqlite-rows.ts';

/**
 * The SQLite read store's writer thread for rebuilds (`sqlite-ahead.worker.ts`): a projection
 * rebuilding from zero applies a batch on the event loop (reading the log, folding the events,
 * working out each document's JSON, keys, text and list rows), hands its writes here, and applies
 * the next batch while this thread writes the one before into the file: the fold and SQLite's
 * own work (the rows, the text index, the list entries, the commit) on the two cores at once.
 */

export type AheadSetup = Readonly<{ path: string }>;

export type AheadBatch = Readonly<{
  name: string;
  version: number;
  /** The checkpoint the batch was applied after (null: none stored). */
  after: StoredCheckpoint | null;
  /** The checkpoint it moves to. */
  position: number;
  collections: readonly { tables: RowTables; writes: readonly RowWrite[] }[];
}>;

export type AheadRequest = ({ type: 'batch'; id: number } & AheadBatch) | { type: 'close' };
export type AheadReply = { type: 'written'; id: number; error: string | null } | { type: 'closed' };

/** The event loop's side: batches written in the order sent, each settling once committed. */
export class AheadWriter {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #failure: Error | null = null;
  #closed: Promise<void> | null = null;

  constructor(setup: AheadSetup) {
    this.#worker = new Worker(new URL('./sqlite-ahead.worker.ts', import.meta.url), {
      workerData: setup,
    });
    // Kept alive only while a batch is being written.
    this.#worker.unref();
    this.#worker.on('message', (reply: AheadReply) => {
      if (reply.type !== 'written') return;
      const settle = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (!settle) return;
      if (reply.error === null) settle.resolve();
      else settle.reject(new Error(reply.error));
    });
    const fail = (error: Error) => {
      this.#failure = error;
      for (const settle of this.#pending.values()) settle.reject(error);
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => {
      fail(new Error(`The read store's writer thread exited (${code})`));
    });
  }

  /** True once the thread has failed or exited: every write is then refused. */
  get failed(): boolean {
    return this.#failure !== null;
  }

  /** Writes a batch and its checkpoint in one transaction; settles once committed. */
  write(batch: AheadBatch): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.ref();
      this.#worker.postMessage({ type: 'batch', id, ...batch } satisfies AheadRequest);
    });
  }

  /** Closes the thread's connection once the batches sent before are written. */
  close(): Promise<void> {
    this.#closed ??= new Promise<void>((resolve) => {
      if (this.#failure) {
        void this.#worker.terminate().then(() => resolve());
        return;
      }
      this.#worker.ref();
      this.#worker.on('message', (reply: AheadReply) => {
        if (reply.type === 'closed') void this.#worker.terminate().then(() => resolve());
      });
      this.#worker.postMessage({ type: 'close' } satisfies AheadRequest);
    });
    return this.#closed;
  }
}

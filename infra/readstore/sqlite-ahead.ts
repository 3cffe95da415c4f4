import { WorkerCalls } from '../shared/worker-calls.ts';
import type { StoredCheckpoint } from './port.ts';
import type { RowDocuments, RowShape, RowTables } from './sqlite-rows.ts';

/**
 * The SQLite read store's writer thread for rebuilds (`sqlite-ahead.worker.ts`): a projection
 * rebuilding from zero applies a batch on the event loop (reading the log, folding the events),
 * hands its documents here as JSON, and applies the next batch while this thread works out each
 * document's keys, text and list rows and writes them into the file: the fold and SQLite's own
 * work (the rows, the text index, the list entries, the commit) on the two cores at once.
 * It also checkpoints the log once a rebuild's indexes are built (`checkpoint`).
 */

export type AheadSetup = Readonly<{ path: string }>;

export type AheadBatch = Readonly<{
  name: string;
  version: number;
  /** The checkpoint the batch was applied after (null: none stored). */
  after: StoredCheckpoint | null;
  /** The checkpoint it moves to. */
  position: number;
  /** Each collection's documents as JSON; the thread works out their keys, text and lists. */
  collections: readonly { tables: RowTables; shape: RowShape; documents: RowDocuments }[];
}>;

/**
 * What the thread is asked: a batch to write, or to copy the write-ahead log into the file (a
 * passive checkpoint: it waits for no one, and no one waits for it).
 */
export type AheadRequest = AheadBatch | Readonly<{ checkpoint: true }>;

/** The thread's answer: null once committed (or checkpointed), else why it was not. */
export type AheadAnswer = { error: string | null };

/** The event loop's side: batches written in the order sent, each settling once committed. */
export class AheadWriter {
  readonly #calls: WorkerCalls<AheadRequest, AheadAnswer>;

  constructor(setup: AheadSetup) {
    this.#calls = new WorkerCalls(
      new URL('./sqlite-ahead.worker.ts', import.meta.url),
      setup,
      "The read store's writer thread",
    );
  }

  /** True once the thread has failed or exited: every write is then refused. */
  get failed(): boolean {
    return this.#calls.failure !== null;
  }

  /** Writes a batch and its checkpoint in one transaction; settles once committed. */
  async write(batch: AheadBatch): Promise<void> {
    const { error } = await this.#calls.call(batch);
    if (error !== null) throw new Error(error);
  }

  /**
   * Copies the write-ahead log into the file on the thread (`PRAGMA wal_checkpoint(PASSIVE)`),
   * after the batches sent before: the log a rebuild's index builds wrote (hundreds of
   * megabytes) is then not copied by the event loop's next commit.
   */
  async checkpoint(): Promise<void> {
    const { error } = await this.#calls.call({ checkpoint: true });
    if (error !== null) throw new Error(error);
  }

  /** Closes the thread's connection once the batches sent before are written. */
  close(): Promise<void> {
    return this.#calls.close();
  }
}

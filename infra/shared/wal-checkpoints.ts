import { statSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints of one SQLite file, in a worker thread instead of inside a commit.
 *
 * SQLite's automatic checkpoint runs in the COMMIT that takes the write-ahead log past 1,000
 * pages: that commit copies every page of the log into the database file and syncs it, on the
 * event loop, while every request waits. Measured with the bench's add to list (27 November,
 * quiet machine), turning it off moved 940 and 1,147 adds/s to 1,398 and 1,417.
 *
 * Here the connections that commit have the automatic checkpoint turned off, and the store
 * calls `afterCommit()` after each of its commits: at most every `CHECK_INTERVAL_MS` it looks at
 * the log's size (one stat), and past the threshold it asks the checkpoint thread, which has its
 * own connection to the file, for a PASSIVE checkpoint (it never waits for readers or the
 * writer; what it cannot copy yet is copied by the next). SQLite's locking lets a checkpoint and
 * commits run at the same time; once the log is wholly copied, the next commit starts it again
 * from its beginning, so its size stays near the threshold.
 *
 * The thread starts at the first checkpoint it is asked for (a small store, such as a test's,
 * never starts one). If it fails, the connections get SQLite's automatic checkpoint back: the
 * log never grows without bound.
 */
export type WalCheckpointsOptions = Readonly<{
  /** The database file (its log is `<path>-wal`). */
  path: string;
  /** The synchronous setting of the stores' connections (the checkpoint syncs as they do). */
  synchronous: 'FULL' | 'NORMAL';
  /** The log size that asks for a checkpoint; default SQLite's own (1,000 pages of 4 KiB). */
  thresholdBytes?: number;
  /** Called once if the thread fails (a store gives its other connections their checkpoint back). */
  onFallBack?: () => void;
  /** How often, at most, a commit looks at the log's size; default `CHECK_INTERVAL_MS`. */
  checkIntervalMs?: number;
  /** Tests: another worker script (one that fails, to check the fall-back). */
  workerUrl?: URL;
}>;

export type CheckpointRequest = { type: 'checkpoint' } | { type: 'close' };
export type CheckpointReply =
  | { type: 'checkpointed'; busy: boolean; logPages: number; copiedPages: number }
  | { type: 'failed'; message: string }
  | { type: 'closed' };

/** SQLite's default automatic checkpoint: 1,000 pages of the default 4 KiB. */
export const DEFAULT_CHECKPOINT_BYTES = 1000 * 4096;
/** How often, at most, a commit looks at the log's size. */
export const CHECK_INTERVAL_MS = 10;
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

export class WalCheckpoints {
  readonly #options: WalCheckpointsOptions;
  readonly #walPath: string;
  readonly #threshold: number;
  /** The connections that commit to the file (their automatic checkpoint is off while we run). */
  readonly #connections = new Set<DatabaseSync>();
  #worker: Worker | null = null;
  #inFlight = false;
  #lastCheck = 0;
  #failed = false;
  #closed = false;
  #completed = 0;
  #idleWaiters: (() => void)[] = [];

  constructor(options: WalCheckpointsOptions) {
    this.#options = options;
    this.#walPath = `${options.path}-wal`;
    this.#threshold = options.thresholdBytes ?? DEFAULT_CHECKPOINT_BYTES;
  }

  /** Hands the automatic checkpoint of a connection that commits to this file over to the thread. */
  adopt(db: DatabaseSync): void {
    this.#connections.add(db);
    if (!this.#failed) db.exec('PRAGMA wal_autocheckpoint = 0');
  }

  /** Checkpoints completed by the thread (tests, the bench). */
  get completed(): number {
    return this.#completed;
  }

  /** Whether the thread failed and the connections checkpoint by themselves again. */
  get fellBack(): boolean {
    return this.#failed;
  }

  /** Called after each commit: asks for a checkpoint when the log has grown past the threshold. */
  afterCommit(): void {
    if (this.#failed || this.#closed || this.#inFlight) return;
    const now = performance.now();
    if (now - this.#lastCheck < (this.#options.checkIntervalMs ?? CHECK_INTERVAL_MS)) return;
    this.#lastCheck = now;
    let size: number;
    try {
      size = statSync(this.#walPath).size;
    } catch {
      return; // no log yet
    }
    if (size < this.#threshold) return;
    this.#inFlight = true;
    this.#workerOrNull()?.postMessage({ type: 'checkpoint' } satisfies CheckpointRequest);
  }

  /** Resolves once no checkpoint is under way (tests). */
  idle(): Promise<void> {
    if (!this.#inFlight) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  #workerOrNull(): Worker | null {
    if (this.#worker) return this.#worker;
    try {
      const worker = new Worker(
        this.#options.workerUrl ?? new URL('./wal-checkpoints.worker.ts', import.meta.url),
        { workerData: { path: this.#options.path, synchronous: this.#options.synchronous } },
      );
      // Held only while a checkpoint runs: an idle store never keeps a finished process alive.
      worker.unref();
      worker.on('message', (reply: CheckpointReply) => {
        if (reply.type === 'checkpointed') {
          this.#completed += 1;
          this.#settle();
        } else if (reply.type === 'failed') {
          this.#fallBack();
        }
      });
      worker.on('error', () => this.#fallBack());
      worker.on('exit', () => {
        if (!this.#closed) this.#fallBack();
      });
      this.#worker = worker;
      worker.ref();
      return worker;
    } catch {
      this.#fallBack();
      return null;
    }
  }

  #settle(): void {
    this.#inFlight = false;
    this.#worker?.unref();
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const wake of waiters) wake();
  }

  /** The thread is gone: the connections checkpoint inside their commits again, as SQLite does. */
  #fallBack(): void {
    if (this.#failed) return;
    this.#failed = true;
    for (const db of this.#connections) {
      try {
        if (db.isOpen) db.exec(`PRAGMA wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
      } catch {
        // A connection closing meanwhile checkpoints as it closes.
      }
    }
    this.#options.onFallBack?.();
    const worker = this.#worker;
    this.#worker = null;
    void worker?.terminate();
    this.#settle();
  }

  /** Stops the thread once its checkpoint (if any) is done; the stores then close their files. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = null;
    if (!worker) return;
    worker.ref();
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      worker.once('exit', done);
      worker.on('message', (reply: CheckpointReply) => {
        if (reply.type === 'closed') void worker.terminate();
      });
      worker.postMessage({ type: 'close' } satisfies CheckpointRequest);
    });
    this.#settle();
  }
}

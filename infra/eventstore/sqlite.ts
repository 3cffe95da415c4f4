import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { PortStatus } from '../shared/port-status.ts';
import { migrate, type Migration } from '../shared/sqlite-migrations.ts';
import {
  assertValidStreamId,
  expectationHolds,
  WrongExpectedRevisionError,
  type AllSubscription,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadAllPage,
  type ReadStreamOptions,
  type SubscribeToAllOptions,
} from './port.ts';
import { pullSubscription } from './pull-subscription.ts';

export type SqliteEventStoreOptions = Readonly<{
  /** A file path, or ':memory:' for tests. */
  path: string;
  /** FULL (default) syncs every commit; NORMAL may lose the last commits on power loss. */
  synchronous?: 'FULL' | 'NORMAL';
  /**
   * Subscribers are woken at once by appends made through this instance. Appends made by
   * another process on the same file are picked up by an idle re-check at this interval.
   */
  idleRecheckMs?: number;
}>;

type EventRow = {
  position: number;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
};

type PendingAppend = {
  streamId: string;
  events: readonly EventToAppend[];
  expectedRevision: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
};

const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'events',
    sql: `
      CREATE TABLE events (
        position   INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id   TEXT    NOT NULL UNIQUE,
        stream_id  TEXT    NOT NULL,
        revision   INTEGER NOT NULL,
        type       TEXT    NOT NULL,
        data       TEXT    NOT NULL,
        metadata   TEXT    NOT NULL,
        UNIQUE (stream_id, revision)
      );
      CREATE INDEX events_by_type ON events (type, position);
    `,
  },
];

const COLUMNS = 'position, event_id, stream_id, revision, type, data, metadata';

const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  streamId: row.stream_id,
  revision: row.revision,
  position: row.position,
  type: row.type,
  data: JSON.parse(row.data) as object,
  metadata: JSON.parse(row.metadata) as RecordedEvent['metadata'],
});

/**
 * The embedded event store: one SQLite file in WAL mode.
 *
 * Appends that arrive in the same tick are committed together in one transaction (group
 * commit), so concurrent writers share one fsync; each append is still checked against its
 * own expected revision, in arrival order, and fails or succeeds on its own.
 */
export class SqliteEventStore implements EventStore {
  readonly adapter = 'sqlite';
  readonly #db: DatabaseSync;
  readonly #idleRecheckMs: number;
  readonly #statements: {
    currentRevision: StatementSync;
    insert: StatementSync;
    readForwards: StatementSync;
    readForwardsAll: StatementSync;
    readBackwards: StatementSync;
    readBackwardsAll: StatementSync;
    readAllBound: StatementSync;
    head: StatementSync;
  };
  /** The global log's page query, one statement per page size (see #readAllStatement). */
  readonly #readAllBySize = new Map<number, StatementSync>();
  #queue: PendingAppend[] = [];
  #flushScheduled = false;
  #closed = false;
  readonly #appendListeners = new Set<() => void>();
  readonly #subscriptions = new Set<AllSubscription>();

  constructor(options: SqliteEventStoreOptions) {
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    this.#db = new DatabaseSync(options.path);
    this.#db.exec(`
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = ${options.synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'};
      PRAGMA busy_timeout = 5000;
    `);
    migrate(this.#db, 'eventstore', migrations);
    this.#idleRecheckMs = options.idleRecheckMs ?? 1000;
    const columns = COLUMNS;
    this.#statements = {
      currentRevision: this.#db.prepare(
        'SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
      ),
      insert: this.#db.prepare(
        'INSERT INTO events (event_id, stream_id, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      // A bound LIMIT makes SQLite plan the statement again on every run (8.5 µs against
      // 2.5 µs for a stream read): reads of a whole stream, the common case, have none.
      readForwards: this.#db.prepare(
        `SELECT ${columns} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`,
      ),
      readForwardsAll: this.#db.prepare(
        `SELECT ${columns} FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision ASC`,
      ),
      readBackwards: this.#db.prepare(
        `SELECT ${columns} FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
      ),
      readBackwardsAll: this.#db.prepare(
        `SELECT ${columns} FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC`,
      ),
      readAllBound: this.#db.prepare(
        `SELECT ${columns} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`,
      ),
      head: this.#db.prepare('SELECT position FROM events ORDER BY position DESC LIMIT 1'),
    };
  }

  append(
    streamId: string,
    events: readonly EventToAppend[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (this.#closed) return Promise.reject(new Error('The event store is closed'));
    assertValidStreamId(streamId);
    return new Promise((resolve, reject) => {
      this.#queue.push({
        streamId,
        events,
        expectedRevision: options.expectedRevision,
        resolve,
        reject,
      });
      if (!this.#flushScheduled) {
        this.#flushScheduled = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  /** Commits every queued append in one transaction; each append succeeds or fails alone. */
  #flush(): void {
    this.#flushScheduled = false;
    const batch = this.#queue;
    this.#queue = [];
    if (batch.length === 0) return;
    const outcomes: Array<() => void> = [];
    try {
      this.#db.exec('BEGIN IMMEDIATE');
      for (const request of batch) outcomes.push(this.#appendInTransaction(request));
      this.#db.exec('COMMIT');
    } catch (error) {
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
      for (const request of batch) request.reject(error);
      return;
    }
    for (const settle of outcomes) settle();
    this.#notifyAppended();
  }

  #appendInTransaction(request: PendingAppend): () => void {
    const { streamId, events, expectedRevision } = request;
    const row = this.#statements.currentRevision.get(streamId) as { revision: number } | undefined;
    const current = row?.revision ?? -1;
    if (!expectationHolds(expectedRevision, current)) {
      const error = new WrongExpectedRevisionError(
        streamId,
        expectedRevision,
        current === -1 ? 'no_stream' : current,
      );
      return () => request.reject(error);
    }
    this.#db.exec('SAVEPOINT append');
    try {
      const recorded: RecordedEvent[] = [];
      let revision = current;
      for (const event of events) {
        revision += 1;
        const id = event.id ?? randomUUID();
        const data = JSON.stringify(event.data);
        const metadata = JSON.stringify(event.metadata);
        const result = this.#statements.insert.run(
          id,
          streamId,
          revision,
          event.type,
          data,
          metadata,
        );
        recorded.push({
          id,
          streamId,
          revision,
          position: Number(result.lastInsertRowid),
          type: event.type,
          data: event.data,
          metadata: event.metadata,
        });
      }
      this.#db.exec('RELEASE append');
      const last = recorded.at(-1);
      const position = last?.position ?? this.#headSync() ?? 0;
      return () => request.resolve({ nextExpectedRevision: revision, position, events: recorded });
    } catch (error) {
      this.#db.exec('ROLLBACK TO append');
      this.#db.exec('RELEASE append');
      return () => request.reject(error);
    }
  }

  #notifyAppended(): void {
    for (const listener of [...this.#appendListeners]) listener();
  }

  async readStream(
    streamId: string,
    options: ReadStreamOptions = {},
  ): Promise<readonly RecordedEvent[]> {
    const { maxCount } = options;
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    const statements = this.#statements;
    const rows =
      maxCount === undefined
        ? (backwards ? statements.readBackwardsAll : statements.readForwardsAll).all(streamId, from)
        : (backwards ? statements.readBackwards : statements.readForwards).all(
            streamId,
            from,
            maxCount,
          );
    return (rows as EventRow[]).map(toRecorded);
  }

  async readAll(options: ReadAllOptions): Promise<ReadAllPage> {
    return this.#readAllSync(options.after, options.maxCount);
  }

  /**
   * The page query with its size written into the SQL (planned once, not on every page: 2.2 µs
   * against 6.7 µs). Subscribers use a few page sizes; past 16 the map starts again.
   */
  #readAllRows(after: number, maxCount: number): EventRow[] {
    if (!Number.isSafeInteger(maxCount) || maxCount < 1) {
      return this.#statements.readAllBound.all(after, maxCount) as EventRow[];
    }
    let statement = this.#readAllBySize.get(maxCount);
    if (!statement) {
      if (this.#readAllBySize.size >= 16) this.#readAllBySize.clear();
      statement = this.#db.prepare(
        `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ${maxCount}`,
      );
      this.#readAllBySize.set(maxCount, statement);
    }
    return statement.all(after) as EventRow[];
  }

  #readAllSync(after: number | null, maxCount: number): ReadAllPage {
    const rows = this.#readAllRows(after ?? 0, maxCount);
    const events = rows.map(toRecorded);
    return {
      events,
      lastPosition: events.at(-1)?.position ?? after,
      isEnd: events.length < maxCount,
    };
  }

  subscribeToAll(options: SubscribeToAllOptions): AllSubscription {
    const subscription = pullSubscription({
      ...options,
      readPage: async (after, maxCount) => this.#readAllSync(after, maxCount),
      waitForAppend: (wake) => {
        // Registered synchronously after an empty read: no append can slip in between.
        const listener = () => {
          clearTimeout(timer);
          this.#appendListeners.delete(listener);
          wake();
        };
        const timer = setTimeout(listener, this.#idleRecheckMs);
        timer.unref();
        this.#appendListeners.add(listener);
        return listener;
      },
    });
    this.#subscriptions.add(subscription);
    void subscription.done.then(
      () => this.#subscriptions.delete(subscription),
      () => this.#subscriptions.delete(subscription),
    );
    return subscription;
  }

  async headPosition(): Promise<number | null> {
    return this.#headSync();
  }

  #headSync(): number | null {
    const row = this.#statements.head.get() as { position: number } | undefined;
    return row?.position ?? null;
  }

  async status(): Promise<PortStatus> {
    try {
      this.#db.prepare('SELECT 1').get();
      return { port: 'eventstore', adapter: this.adapter, ok: !this.#closed };
    } catch (error) {
      return { port: 'eventstore', adapter: this.adapter, ok: false, detail: String(error) };
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    // Accepted appends still queued are committed before the file is closed.
    this.#flush();
    this.#closed = true;
    await Promise.all([...this.#subscriptions].map((subscription) => subscription.stop()));
    this.#db.close();
  }
}

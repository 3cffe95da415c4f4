import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { PortStatus } from '../shared/port-status.ts';
import { migrate, type Migration } from '../shared/sqlite-migrations.ts';
import {
  commitBatch,
  prepareCommit,
  type AppendToCommit,
  type BatchOutcome,
  type CommitStatements,
} from './sqlite-commit.ts';
import {
  assertValidStreamId,
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
import {
  afterCommit,
  DEFAULT_COMMIT_PLACE_POLICY,
  startingPlace,
  type CommitPlace,
  type CommitPlacePolicy,
  type CommitPlaceState,
} from './commit-place.ts';
import { pullSubscription } from './pull-subscription.ts';
import { SqliteWriterThread } from './sqlite-writer.ts';

export type SqliteEventStoreOptions = Readonly<{
  /** A file path, or ':memory:' for tests. */
  path: string;
  /** FULL (default) syncs every commit; NORMAL may lose the last commits on power loss. */
  synchronous?: 'FULL' | 'NORMAL';
  /**
   * Nothing but this store writes to the file (the embedded runtime holds the data directory's
   * lock). The store then knows the head of each stream it has read to the end or appended to
   * (the last `STREAM_HEADS_KEPT` of them) and answers a forward read past the head without
   * SQL: the command handler's check that a cached stream has nothing new, once or twice per
   * request. Without it (the default), every read asks the file.
   */
  soleWriter?: boolean;
  /**
   * Subscribers are woken at once by appends made through this instance. Appends made by
   * another process on the same file are picked up by an idle re-check at this interval.
   */
  idleRecheckMs?: number;
  /**
   * Where commits run. `'when-slow'`: on the event loop while measured COMMITs (the log write
   * and its fsync) are fast, in a worker thread (sqlite-writer.ts)
   * while they are slow, so a slow fsync never blocks the loop and a fast one does not pay two
   * thread hops (commit-place.ts). `true`: always in the thread;
   * `false`: always on the loop. Default: `'when-slow'` for a file with `synchronous=FULL` (the
   * wait worth moving), `false` for ':memory:' (a thread cannot share it) and NORMAL (no fsync
   * per commit).
   */
  writerThread?: boolean | 'when-slow';
  /** With `'when-slow'`: the thresholds of the move (tests make the store move at will). */
  commitPlacePolicy?: CommitPlacePolicy;
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

/** An append on its way to the commit: its events' ids (given, or made here) and their text. */
type SerialisedAppend = { request: PendingAppend; ids: string[]; append: AppendToCommit };

const serialise = (request: PendingAppend): SerialisedAppend => {
  const ids = request.events.map((event) => event.id ?? randomUUID());
  return {
    request,
    ids,
    append: {
      streamId: request.streamId,
      expectedRevision: request.expectedRevision,
      events: request.events.map((event, i) => ({
        id: ids[i]!,
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata),
      })),
    },
  };
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

/** How many stream heads a sole writer remembers (about 100 bytes each); the oldest go first. */
export const STREAM_HEADS_KEPT = 50_000;

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
    readForwards: StatementSync;
    readForwardsAll: StatementSync;
    readBackwards: StatementSync;
    readBackwardsAll: StatementSync;
    readAllBound: StatementSync;
    head: StatementSync;
  };
  /** The global log's page query, one statement per page size (see #readAllStatement). */
  readonly #readAllBySize = new Map<number, StatementSync>();
  readonly #commitStatements: CommitStatements;
  #queue: PendingAppend[] = [];
  #flushScheduled = false;
  /**
   * The writer thread, started with the store (not at the first move: its start, 0.1 to 0.4 s
   * on a busy machine, would hold the appends of the moment the disk is already slow).
   */
  readonly #writer: SqliteWriterThread | null;
  /** Where the next commit goes; null: never moves (no thread, or always the thread). */
  #place: CommitPlaceState | null;
  readonly #placePolicy: CommitPlacePolicy;
  /** The connection (loop or thread) whose commit last wrote, and the head it left. */
  #lastWriter: CommitPlace | null = null;
  #lastHead: number | null = null;
  /** The batch the writer thread is committing (one at a time; the next gathers meanwhile). */
  #inFlight: Promise<void> | null = null;
  #closed = false;
  /** Each stream's last revision as this store last saw it (-1: no events); sole writer only. */
  #heads: Map<string, number> | null;
  readonly #appendListeners = new Set<() => void>();
  readonly #subscriptions = new Set<AllSubscription>();

  constructor(options: SqliteEventStoreOptions) {
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    const synchronous = options.synchronous === 'NORMAL' ? 'NORMAL' : 'FULL';
    this.#db = new DatabaseSync(options.path);
    // busy_timeout first: another process opening the same file at once then waits for it.
    this.#db.exec(`
      PRAGMA busy_timeout = 5000;
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = ${synchronous};
    `);
    migrate(this.#db, 'eventstore', migrations);
    this.#commitStatements = prepareCommit(this.#db);
    const thread =
      options.writerThread ??
      (options.path !== ':memory:' && synchronous === 'FULL' ? 'when-slow' : false);
    this.#writer = thread ? new SqliteWriterThread({ path: options.path, synchronous }) : null;
    this.#place = thread === 'when-slow' ? startingPlace('loop') : null;
    this.#placePolicy = options.commitPlacePolicy ?? DEFAULT_COMMIT_PLACE_POLICY;
    this.#heads = options.soleWriter ? new Map() : null;
    this.#idleRecheckMs = options.idleRecheckMs ?? 1000;
    const columns = COLUMNS;
    this.#statements = {
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
      if (!this.#flushScheduled && !this.#inFlight) {
        this.#flushScheduled = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  /** Commits every queued append in one transaction; each append succeeds or fails alone. */
  #flush(): void {
    this.#flushScheduled = false;
    const batch: SerialisedAppend[] = [];
    for (const request of this.#queue) {
      try {
        batch.push(serialise(request));
      } catch (error) {
        request.reject(error); // data that cannot be stored as JSON fails alone
      }
    }
    this.#queue = [];
    if (batch.length === 0) return;
    const appends = batch.map((item) => item.append);
    const writer = this.#writer;
    const place: CommitPlace = writer && this.#place?.place !== 'loop' ? 'thread' : 'loop';
    // The other connection wrote last: this one's data_version moved by the store's own commit.
    const knownHead =
      this.#lastWriter !== null && this.#lastWriter !== place ? this.#lastHead : undefined;
    if (place === 'loop' || !writer) {
      const timing = { commitMs: 0 };
      const outcome = commitBatch(this.#db, this.#commitStatements, appends, knownHead, timing);
      this.#committed('loop', outcome, timing.commitMs);
      this.#settle(batch, outcome);
      return;
    }
    // One batch in the thread at a time: appends arriving while it commits wait for the next,
    // which takes them all (the longer the disk takes, the more each fsync carries).
    this.#inFlight = writer.commit(appends, knownHead).then(({ outcome, commitMs }) => {
      this.#inFlight = null;
      this.#committed('thread', outcome, commitMs);
      this.#settle(batch, outcome);
      if (this.#queue.length > 0) this.#flush();
    });
  }

  /** Notes which connection wrote and the head it left, and where the next commit goes. */
  #committed(place: CommitPlace, outcome: BatchOutcome, commitMs: number): void {
    if (this.#place) this.#place = afterCommit(this.#place, commitMs, this.#placePolicy);
    if (!outcome.committed) return;
    for (const result of outcome.outcomes) {
      if (result.kind !== 'appended' || result.earlier || result.positions.length === 0) continue;
      this.#lastWriter = place;
      this.#lastHead = Math.max(this.#lastHead ?? 0, result.head);
    }
  }

  /** Commits everything accepted so far (close: an accepted write is never dropped). */
  async #drain(): Promise<void> {
    for (;;) {
      if (this.#inFlight) await this.#inFlight;
      else if (this.#queue.length > 0) this.#flush();
      else return;
    }
  }

  /** Remembers a stream's head (most recently seen last: a Map keeps insertion order). */
  #sawHead(streamId: string, revision: number): void {
    const heads = this.#heads;
    if (!heads) return;
    const known = heads.get(streamId);
    if (known !== undefined && known > revision) return; // a read that began before an append
    heads.delete(streamId);
    heads.set(streamId, revision);
    if (heads.size > STREAM_HEADS_KEPT) heads.delete(heads.keys().next().value as string);
  }

  #settle(batch: readonly SerialisedAppend[], outcome: BatchOutcome): void {
    if (!outcome.committed) {
      for (const { request } of batch) request.reject(outcome.error);
      return;
    }
    if (outcome.othersWrote && this.#heads) {
      // Not the sole writer after all: what it knew of stream heads may be behind the file.
      this.#heads = null;
    }
    outcome.outcomes.forEach((result, i) => {
      const { request, ids } = batch[i]!;
      const { streamId, events, expectedRevision } = request;
      if (result.kind === 'conflict') {
        const actual = result.current === -1 ? 'no_stream' : result.current;
        request.reject(new WrongExpectedRevisionError(streamId, expectedRevision, actual));
      } else if (result.kind === 'failed') {
        request.reject(result.error);
      } else {
        const first = result.revision - events.length + 1;
        const recorded: RecordedEvent[] = events.map((event, k) => ({
          id: ids[k]!,
          streamId,
          revision: first + k,
          position: result.positions[k]!,
          type: event.type,
          data: event.data,
          metadata: event.metadata,
        }));
        // An earlier copy says nothing of where the stream's head is now.
        if (!result.earlier) this.#sawHead(streamId, result.revision);
        request.resolve({
          nextExpectedRevision: result.revision,
          position: result.head,
          events: recorded,
        });
      }
    });
    this.#notifyAppended();
  }

  #notifyAppended(): void {
    for (const listener of [...this.#appendListeners]) listener();
  }

  knownHead(streamId: string): number | undefined {
    return this.#heads?.get(streamId);
  }

  async readStream(
    streamId: string,
    options: ReadStreamOptions = {},
  ): Promise<readonly RecordedEvent[]> {
    const { maxCount } = options;
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    const toTheEnd = !backwards && maxCount === undefined;
    if (toTheEnd && from > (this.#heads?.get(streamId) ?? Number.MAX_SAFE_INTEGER)) return [];
    const statements = this.#statements;
    const rows =
      maxCount === undefined
        ? (backwards ? statements.readBackwardsAll : statements.readForwardsAll).all(streamId, from)
        : (backwards ? statements.readBackwards : statements.readForwards).all(
            streamId,
            from,
            maxCount,
          );
    if (toTheEnd && this.#heads) {
      const last = (rows as EventRow[]).at(-1);
      if (last) this.#sawHead(streamId, last.revision);
      else if (from === 0) this.#sawHead(streamId, -1);
    }
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

  async eventsAfter(after: number | null, atMost: number): Promise<number> {
    const row = this.#db
      .prepare('SELECT count(*) AS n FROM (SELECT 1 FROM events WHERE position > ? LIMIT ?)')
      .get(after ?? 0, atMost) as { n: number };
    return row.n;
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
    if (this.#writer) await this.#drain();
    else this.#flush();
    this.#closed = true;
    await this.#writer?.close();
    await Promise.all([...this.#subscriptions].map((subscription) => subscription.stop()));
    this.#db.close();
  }
}

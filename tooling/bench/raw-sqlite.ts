import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { EventMetadata } from '@linkcoin/domain/shared/messages.ts';
import { SqliteEventStore } from '@linkcoin/infra/eventstore/sqlite.ts';

export type Synchronous = 'FULL' | 'NORMAL';

export const metadata: EventMetadata = {
  actorUserId: 'bench',
  correlationId: 'bench',
  causationId: null,
  schemaVersion: 1,
  timestamp: '2026-01-01T00:00:00.000Z',
};
export const payload = { creatorId: 'c-000123', coins: 1, note: 'Add to list: 7 days of chat' };

/** A fresh temporary directory for one run, removed afterwards. */
export const withTempDir = async <T>(work: (dir: string) => Promise<T>): Promise<T> => {
  const dir = await mkdtemp(join(tmpdir(), 'linkcoin-bench-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** The event store on a fresh file, closed after the work. */
export const withStore = <T>(
  synchronous: Synchronous,
  work: (store: SqliteEventStore) => Promise<T>,
): Promise<T> =>
  withTempDir(async (dir) => {
    const store = new SqliteEventStore({ path: join(dir, 'events.db'), synchronous });
    try {
      return await work(store);
    } finally {
      await store.close();
    }
  });

/**
 * The baseline's database: a plain node:sqlite connection with the store's pragmas, on a file
 * whose events table the store itself created, so the table shape is the store's by
 * construction (columns, unique constraints, index).
 */
type EventRow = {
  position: number;
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
};

/** Rows of the events table parsed into objects, as a reader of the store would use them. */
const parsed = (rows: unknown[]) =>
  (rows as EventRow[]).map((row) => ({
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data) as object,
    metadata: JSON.parse(row.metadata) as object,
  }));

export class RawEvents {
  readonly db: DatabaseSync;
  readonly #insert: StatementSync;
  readonly #latest: StatementSync;
  readonly #after: StatementSync;
  readonly #stream: StatementSync;

  private constructor(path: string, synchronous: Synchronous) {
    this.db = new DatabaseSync(path);
    this.db.exec(`
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = ${synchronous};
      PRAGMA busy_timeout = 5000;
    `);
    this.#insert = this.db.prepare(
      'INSERT INTO events (event_id, stream_id, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.#latest = this.db.prepare(
      'SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
    );
    this.#after = this.db.prepare(
      'SELECT position, event_id, stream_id, revision, type, data, metadata FROM events WHERE position > ? ORDER BY position ASC LIMIT ?',
    );
    this.#stream = this.db.prepare(
      'SELECT position, event_id, stream_id, revision, type, data, metadata FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision ASC LIMIT ?',
    );
  }

  static async open(path: string, synchronous: Synchronous): Promise<RawEvents> {
    await new SqliteEventStore({ path, synchronous }).close();
    return new RawEvents(path, synchronous);
  }

  /** One plain INSERT, serialising the event as the store does. */
  insert(streamId: string, revision: number, type = 'CoinsSpent', data: object = payload): void {
    this.#insert.run(
      randomUUID(),
      streamId,
      revision,
      type,
      JSON.stringify(data),
      JSON.stringify(metadata),
    );
  }

  latestRevision(streamId: string): number {
    const row = this.#latest.get(streamId) as { revision: number } | undefined;
    return row?.revision ?? -1;
  }

  /** One page of the global log, parsed into objects as a reader would use them. */
  readAfter(after: number, maxCount: number): { count: number; last: number } {
    const events = parsed(this.#after.all(after, maxCount));
    return { count: events.length, last: events.at(-1)?.position ?? after };
  }

  /** One page of a stream from a revision on, parsed as a reader would use it: the count read. */
  readStream(streamId: string, fromRevision: number, maxCount: number): number {
    return parsed(this.#stream.all(streamId, fromRevision, maxCount)).length;
  }

  transaction(work: () => void): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      work();
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  close(): void {
    this.db.close();
  }
}

/** A baseline database on a fresh file, closed after the work. */
export const withRaw = <T>(
  synchronous: Synchronous,
  work: (raw: RawEvents) => Promise<T> | T,
): Promise<T> =>
  withTempDir(async (dir) => {
    const raw = await RawEvents.open(join(dir, 'events.db'), synchronous);
    try {
      return await work(raw);
    } finally {
      raw.close();
    }
  });

import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { expectationHolds, type ExpectedRevision } from './port.ts';

/**
 * The group commit of the SQLite event store: the appends of one tick, already serialised, in
 * one transaction, and what became of each. Plain data in, plain data out.
 */

/** One append of the batch, its events already serialised. */
export type AppendToCommit = Readonly<{
  streamId: string;
  expectedRevision: ExpectedRevision;
  events: readonly Readonly<{ id: string; type: string; data: string; metadata: string }>[];
}>;

export type AppendOutcome =
  | Readonly<{ kind: 'appended'; revision: number; positions: readonly number[]; head: number }>
  /** The expectation did not hold; `current` is the stream's revision, -1 without events. */
  | Readonly<{ kind: 'conflict'; current: number }>
  | Readonly<{ kind: 'failed'; error: unknown }>;

/**
 * Each append's outcome, in order; or the error that rolled the whole batch back. `othersWrote`:
 * another connection had committed to the file since this one's previous commit.
 */
export type BatchOutcome =
  | Readonly<{ committed: true; outcomes: readonly AppendOutcome[]; othersWrote: boolean }>
  | Readonly<{ committed: false; error: unknown }>;

export type CommitStatements = Readonly<{
  currentRevision: StatementSync;
  insert: StatementSync;
  head: StatementSync;
  dataVersion: StatementSync;
  /** PRAGMA data_version at this connection's previous commit (it moves on others' commits). */
  seen: { dataVersion: number };
}>;

export const prepareCommit = (db: DatabaseSync): CommitStatements => ({
  currentRevision: db.prepare(
    'SELECT revision FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
  ),
  insert: db.prepare(
    'INSERT INTO events (event_id, stream_id, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  ),
  head: db.prepare('SELECT position FROM events ORDER BY position DESC LIMIT 1'),
  dataVersion: db.prepare('PRAGMA data_version'),
  seen: {
    dataVersion: (db.prepare('PRAGMA data_version').get() as { data_version: number }).data_version,
  },
});

const appendInTransaction = (
  db: DatabaseSync,
  statements: CommitStatements,
  append: AppendToCommit,
): AppendOutcome => {
  const row = statements.currentRevision.get(append.streamId) as { revision: number } | undefined;
  const current = row?.revision ?? -1;
  if (!expectationHolds(append.expectedRevision, current)) return { kind: 'conflict', current };
  db.exec('SAVEPOINT append');
  try {
    const positions: number[] = [];
    let revision = current;
    for (const event of append.events) {
      revision += 1;
      const result = statements.insert.run(
        event.id,
        append.streamId,
        revision,
        event.type,
        event.data,
        event.metadata,
      );
      positions.push(Number(result.lastInsertRowid));
    }
    db.exec('RELEASE append');
    const head =
      positions.at(-1) ?? (statements.head.get() as { position: number } | undefined)?.position;
    return { kind: 'appended', revision, positions, head: head ?? 0 };
  } catch (error) {
    db.exec('ROLLBACK TO append');
    db.exec('RELEASE append');
    return { kind: 'failed', error };
  }
};

/**
 * Commits the appends in one transaction (one fsync for all), each checked against its own
 * expected revision in order and succeeding or failing alone (a savepoint each).
 */
export const commitBatch = (
  db: DatabaseSync,
  statements: CommitStatements,
  appends: readonly AppendToCommit[],
): BatchOutcome => {
  const outcomes: AppendOutcome[] = [];
  try {
    db.exec('BEGIN IMMEDIATE');
    const { data_version: version } = statements.dataVersion.get() as { data_version: number };
    const othersWrote = version !== statements.seen.dataVersion;
    statements.seen.dataVersion = version;
    for (const append of appends) outcomes.push(appendInTransaction(db, statements, append));
    db.exec('COMMIT');
    return { committed: true, outcomes, othersWrote };
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    return { committed: false, error };
  }
};

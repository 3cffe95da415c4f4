// The SQLite read store's rebuild writer thread (sqlite-ahead.ts): its own connection to the
// file, where it writes each batch a rebuild applied on the event loop, with its checkpoint, in
// one transaction, and the checkpoint of the log once a rebuild's indexes are built. Plain data in
// (each document's JSON, from which it works out its keys, text and list rows), an outcome out.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { workerData } from 'node:worker_threads';
import { answerCalls } from '../shared/worker-calls.ts';
import { movesForward } from './checkpoints.ts';
import type { AheadAnswer, AheadBatch, AheadRequest, AheadSetup } from './sqlite-ahead.ts';
import { rowWritesOf, writeRows } from './sqlite-rows.ts';

const setup = workerData as AheadSetup;
const db = new DatabaseSync(setup.path);
db.exec(`
  PRAGMA busy_timeout = 5000;
  PRAGMA journal_mode = WAL;
  PRAGMA synchronous = NORMAL;
`);
const statements = new Map<string, StatementSync>();
const prepare = (sql: string): StatementSync => {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size > 200) statements.clear();
    statements.set(sql, (statement = db.prepare(sql)));
  }
  return statement;
};

const write = (request: AheadBatch): void => {
  prepare('BEGIN IMMEDIATE').run();
  try {
    // The batch follows the checkpoint the event loop applied it after: had another runner
    // moved it meanwhile, its events would be applied twice or skipped.
    const stored = prepare('SELECT position, version FROM checkpoints WHERE name = ?').get(
      request.name,
    ) as { position: number | null; version: number } | undefined;
    const expected = request.after;
    const same =
      (stored === undefined && expected === null) ||
      (stored !== undefined &&
        expected !== null &&
        stored.position === expected.position &&
        stored.version === expected.version);
    if (!same)
      throw new Error(`The checkpoint of ${request.name} moved while its batch was applied`);
    for (const collection of request.collections) {
      writeRows(prepare, collection.tables, rowWritesOf(collection.shape, collection.documents));
    }
    if (movesForward(stored ?? null, request.version, request.position)) {
      prepare(
        `INSERT INTO checkpoints (name, position, version, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET position = excluded.position, version = excluded.version,
         updated_at = excluded.updated_at`,
      ).run(request.name, request.position, request.version, new Date().toISOString());
    }
    prepare('COMMIT').run();
  } catch (error) {
    if (db.isTransaction) prepare('ROLLBACK').run();
    throw error;
  }
};

answerCalls<AheadRequest, AheadAnswer>(
  (request) => {
    try {
      // Passive: copies what no reader still needs, and gives way to the writer connection.
      if ('checkpoint' in request) db.exec('PRAGMA wal_checkpoint(PASSIVE)');
      else write(request);
      return { error: null };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  },
  () => db.close(),
);

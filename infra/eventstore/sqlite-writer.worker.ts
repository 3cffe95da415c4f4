// The SQLite event store's writer thread: its own connection to the file, the group commit
// (sqlite-commit.ts) and its fsync, away from the event loop that serves requests. Plain data
// in (serialised appends), plain data out (each append's outcome); see sqlite-writer.ts.
import { DatabaseSync } from 'node:sqlite';
import { workerData } from 'node:worker_threads';
import { answerCalls } from '../shared/worker-calls.ts';
import { commitBatch, prepareCommit, type AppendToCommit } from './sqlite-commit.ts';
import {
  toWire,
  type WriterAnswer,
  type WriterRequest,
  type WriterSetup,
} from './sqlite-writer.ts';

const setup = workerData as WriterSetup;
const db = new DatabaseSync(setup.path);
db.exec(`
  PRAGMA busy_timeout = 5000;
  PRAGMA journal_mode = WAL;
  PRAGMA synchronous = ${setup.synchronous};
`);
const statements = prepareCommit(db);

answerCalls<WriterRequest, WriterAnswer>(
  (request) => {
    const timing = { commitMs: 0 };
    const outcome = commitBatch(
      db,
      statements,
      request.appends as AppendToCommit[],
      request.knownHead,
      timing,
    );
    return { outcome: toWire(outcome), commitMs: timing.commitMs };
  },
  () => db.close(),
);

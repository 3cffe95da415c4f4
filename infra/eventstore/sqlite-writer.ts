// The SQLite event store's writer thread: its own connection to the file, committing the
// batches the store's thread sends, so the fsync of `synchronous=FULL` (milliseconds on a busy
// disk) never stops the event loop. See sqlite-commit.ts for what a commit does.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { commitBatch, prepareCommit, type AppendToCommit } from './sqlite-commit.ts';

export type WriterData = Readonly<{ path: string; synchronous: 'FULL' | 'NORMAL' }>;
export type WriterRequest =
  | Readonly<{ type: 'commit'; id: number; appends: readonly AppendToCommit[] }>
  | Readonly<{ type: 'close' }>;

const port = parentPort;
if (!port) throw new Error('sqlite-writer.ts runs as a worker thread of the event store');
const { path, synchronous } = workerData as WriterData;
const db = new DatabaseSync(path);
db.exec(`
  PRAGMA journal_mode = WAL;
  PRAGMA synchronous = ${synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'};
  PRAGMA busy_timeout = 5000;
`);
const statements = prepareCommit(db);

port.on('message', (request: WriterRequest) => {
  if (request.type === 'close') {
    db.close();
    port.close();
    return;
  }
  port.postMessage({ id: request.id, ...commitBatch(db, statements, request.appends) });
});

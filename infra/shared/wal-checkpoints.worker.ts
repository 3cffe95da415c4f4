// The checkpoint thread of one SQLite file (see wal-checkpoints.ts): its own connection, a
// PASSIVE checkpoint each time it is asked, away from the event loop that commits and serves.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointReply, CheckpointRequest } from './wal-checkpoints.ts';

const setup = workerData as { path: string; synchronous: 'FULL' | 'NORMAL' };
const db = new DatabaseSync(setup.path);
db.exec(`
  PRAGMA busy_timeout = 5000;
  PRAGMA synchronous = ${setup.synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'};
`);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');

parentPort!.on('message', (request: CheckpointRequest) => {
  if (request.type === 'close') {
    db.close();
    parentPort!.postMessage({ type: 'closed' } satisfies CheckpointReply);
    return;
  }
  try {
    const row = checkpoint.get() as { busy: number; log: number; checkpointed: number };
    parentPort!.postMessage({
      type: 'checkpointed',
      busy: row.busy !== 0,
      logPages: row.log,
      copiedPages: row.checkpointed,
    } satisfies CheckpointReply);
  } catch (error) {
    parentPort!.postMessage({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
    } satisfies CheckpointReply);
  }
});

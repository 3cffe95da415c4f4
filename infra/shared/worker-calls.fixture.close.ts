// A process for worker-calls.test.ts: closes the thread while a call is still under way, with
// nothing else keeping the process alive, and says so once the close has settled.
import { WorkerCalls } from './worker-calls.ts';

const calls = new WorkerCalls<{ n: number; waitMs?: number }, { doubled: number }>(
  new URL('./worker-calls.fixture.worker.ts', import.meta.url),
  { closedMarker: new Int32Array(new SharedArrayBuffer(4)), closeWaitMs: 200 },
  'The doubling thread',
);
const answer = calls.call({ n: 8, waitMs: 100 });
await calls.close();
process.stdout.write(`closed after ${JSON.stringify(await answer)}\n`);

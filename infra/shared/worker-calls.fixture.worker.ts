// A thread for worker-calls.test.ts: doubles a number; -1 throws out of the answer (the thread
// fails), -2 exits the thread, a delay makes the answer wait. Its close is told to the test.
import { workerData } from 'node:worker_threads';
import { answerCalls } from './worker-calls.ts';

const { closedMarker } = workerData as { closedMarker: Int32Array };

answerCalls<{ n: number; waitMs?: number }, { doubled: number }>(
  ({ n, waitMs }) => {
    if (waitMs) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, waitMs);
    if (n === -1) throw new Error('the answer failed');
    if (n === -2) process.exit(3);
    return { doubled: n * 2 };
  },
  () => {
    Atomics.store(closedMarker, 0, 1);
  },
);

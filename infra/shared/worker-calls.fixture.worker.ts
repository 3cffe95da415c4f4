// A thread for worker-calls.test.ts: doubles a number; -1 throws out of the answer (the thread
// fails), -2 exits the thread, a delay makes the answer wait. Its close is told to the test,
// after `closeWaitMs` (a connection that takes a while to close).
import { workerData } from 'node:worker_threads';
import { answerCalls } from './worker-calls.ts';

const { closedMarker, closeWaitMs } = workerData as {
  closedMarker: Int32Array;
  closeWaitMs?: number;
};
const wait = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

answerCalls<{ n: number; waitMs?: number }, { doubled: number }>(
  ({ n, waitMs }) => {
    if (waitMs) wait(waitMs);
    if (n === -1) throw new Error('the answer failed');
    if (n === -2) process.exit(3);
    return { doubled: n * 2 };
  },
  () => {
    if (closeWaitMs) wait(closeWaitMs);
    Atomics.store(closedMarker, 0, 1);
  },
);

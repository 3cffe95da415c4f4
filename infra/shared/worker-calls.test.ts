import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerCalls } from './worker-calls.ts';

type Request = { n: number; waitMs?: number };
type Answer = { doubled: number };

const opened: WorkerCalls<Request, Answer>[] = [];
const start = () => {
  const closedMarker = new Int32Array(new SharedArrayBuffer(4));
  const calls = new WorkerCalls<Request, Answer>(
    new URL('./worker-calls.fixture.worker.ts', import.meta.url),
    { closedMarker },
    'The doubling thread',
  );
  opened.push(calls);
  return { calls, closed: () => Atomics.load(closedMarker, 0) === 1 };
};

afterEach(async () => {
  await Promise.all(opened.splice(0).map((calls) => calls.close()));
});

describe('calls to a worker thread', () => {
  it('settles each call with its own answer, in the order sent', async () => {
    const { calls } = start();
    const settled: number[] = [];
    const answers = await Promise.all(
      [{ n: 1, waitMs: 30 }, { n: 2 }, { n: 3, waitMs: 10 }, { n: 4 }].map(async (request) => {
        const answer = await calls.call(request);
        settled.push(request.n);
        return answer.doubled;
      }),
    );
    expect(answers).toEqual([2, 4, 6, 8]);
    expect(settled).toEqual([1, 2, 3, 4]);
    expect(calls.failure).toBeNull();
  });

  it('refuses the calls under way and every later one once the thread fails', async () => {
    const { calls } = start();
    const failing = calls.call({ n: -1 });
    const queued = calls.call({ n: 5 });
    await expect(failing).rejects.toThrow('the answer failed');
    await expect(queued).rejects.toThrow('the answer failed');
    expect(calls.failure?.message).toBe('the answer failed');
    await expect(calls.call({ n: 6 })).rejects.toThrow('the answer failed');
  });

  it('refuses every call once the thread has exited, saying so', async () => {
    const { calls } = start();
    await expect(calls.call({ n: -2 })).rejects.toThrow('The doubling thread exited (3)');
    await expect(calls.call({ n: 7 })).rejects.toThrow('The doubling thread exited (3)');
  });

  it('closes once the calls sent before it are answered', async () => {
    const { calls, closed } = start();
    const answer = calls.call({ n: 8, waitMs: 50 });
    const closing = calls.close();
    expect(closed()).toBe(false);
    await closing;
    await expect(answer).resolves.toEqual({ doubled: 16 });
    expect(closed()).toBe(true);
    // Closed twice: the same close.
    await calls.close();
  });

  it('keeps the process alive until the thread has closed, though the last call was answered first', () => {
    // In a process of its own: here the test runner keeps the loop alive whatever happens.
    const run = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('./worker-calls.fixture.close.ts', import.meta.url))],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(run.stderr).not.toMatch('unsettled');
    expect(run.stdout).toBe('closed after {"doubled":16}\n');
    expect(run.status).toBe(0);
  });

  it('closes a thread that has already failed without waiting for it', async () => {
    const { calls } = start();
    await expect(calls.call({ n: -2 })).rejects.toThrow('exited');
    await calls.close();
  });
});

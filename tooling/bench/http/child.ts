// IPC between the bench and the processes it starts: the real server and the bare express app.
import { fork, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

export type MemoryFigures = Readonly<{
  peakHeapUsed: number;
  /** Heap still in use after a full garbage collection: what the process holds on to. */
  retainedHeap: number;
  maxRss: number;
}>;
/** CPU time the process has used so far (user + system), in microseconds. */
export type CpuFigure = Readonly<{ cpuMicros: number }>;

type Request =
  | { id: number; type: 'memory' }
  | { id: number; type: 'cpu' }
  | { id: number; type: 'profile-start' }
  | { id: number; type: 'profile-stop'; path: string }
  | { id: number; type: 'stop' };
type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
type Ready<Info> = { type: 'ready'; info: Info };
type Failed = { type: 'failed'; error: string };

/**
 * A child that serves through processes of its own (a cluster) reports theirs: the CPU time and
 * the peak resident memory of that tree instead of its own.
 */
export type ServedBy = Readonly<{
  cpuMicros: () => Promise<number>;
  maxRss: () => Promise<number>;
}>;

/**
 * The child's side: samples its heap, answers memory and CPU-profile requests, and stops when
 * asked (or when the bench goes away).
 */
export const serveBench = <Info>(
  info: Info,
  stop: () => Promise<void>,
  servedBy?: ServedBy,
): void => {
  if (!process.send) throw new Error('Start this file from the bench (it needs an IPC channel)');
  let peakHeapUsed = 0;
  const sampler = setInterval(() => {
    peakHeapUsed = Math.max(peakHeapUsed, process.memoryUsage().heapUsed);
  }, 50);
  sampler.unref();
  let session: Session | null = null;
  const handlers = {
    memory: async (): Promise<MemoryFigures> => {
      const peak = Math.max(peakHeapUsed, process.memoryUsage().heapUsed);
      const gc = new Session();
      gc.connect();
      await gc.post('HeapProfiler.collectGarbage');
      gc.disconnect();
      return {
        peakHeapUsed: peak,
        retainedHeap: process.memoryUsage().heapUsed,
        maxRss: servedBy ? await servedBy.maxRss() : process.resourceUsage().maxRSS * 1024,
      };
    },
    cpu: async (): Promise<CpuFigure> => {
      if (servedBy) return { cpuMicros: await servedBy.cpuMicros() };
      const usage = process.cpuUsage();
      return { cpuMicros: usage.user + usage.system };
    },
    'profile-start': async () => {
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 250 });
      await session.post('Profiler.start');
      return null;
    },
    'profile-stop': async (request: { path: string }) => {
      if (!session) throw new Error('No profile is being recorded');
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      session = null;
      await writeFile(request.path, JSON.stringify(profile));
      return request.path;
    },
    stop: async () => {
      await stop();
      setImmediate(() => process.exit(0));
      return null;
    },
  };
  process.on('message', (message: Request) => {
    const handler = handlers[message.type] as (request: Request) => Promise<unknown>;
    handler(message).then(
      (result) => process.send!({ id: message.id, ok: true, result } satisfies Reply),
      (error: unknown) =>
        process.send!({ id: message.id, ok: false, error: String(error) } satisfies Reply),
    );
  });
  process.on('disconnect', () => void stop().finally(() => process.exit(0)));
  process.send({ type: 'ready', info } satisfies Ready<Info>);
};

/** Reports a start-up failure to the bench and exits. */
export const failToBench = (error: unknown): never => {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.send?.({ type: 'failed', error: text } satisfies Failed);
  process.exit(1);
};

export type Child<Info> = Readonly<{
  info: Info;
  pid: number;
  memory: () => Promise<MemoryFigures>;
  cpuMicros: () => Promise<number>;
  /** Bytes the process has written to its standard output (its log) so far. */
  logBytes: () => number;
  startProfile: () => Promise<void>;
  stopProfile: (path: string) => Promise<string>;
  stop: () => Promise<void>;
}>;

/** Starts a bench child (a TypeScript entry point run by this Node) and waits for it to be ready. */
export const startChild = <Info>(
  entry: string,
  options: { env?: Record<string, string>; startupTimeoutMs?: number } = {},
): Promise<Child<Info>> =>
  new Promise((resolve, reject) => {
    const child: ChildProcess = fork(entry, [], {
      env: { ...process.env, ...options.env },
      // The server's JSON logs are counted and dropped (as by a log shipper); its errors stay
      // visible.
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      execArgv: [],
    });
    let nextId = 1;
    let logBytes = 0;
    child.stdout?.on('data', (chunk: Buffer) => {
      logBytes += chunk.length;
    });
    const pending = new Map<
      number,
      { resolve: (value: unknown) => void; reject: (e: Error) => void }
    >();
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const call = (request: Record<string, unknown> & { type: Request['type'] }) =>
      new Promise<unknown>((ok, fail) => {
        if (!child.connected) return fail(new Error(`${entry} is not running`));
        const id = nextId++;
        pending.set(id, { resolve: ok, reject: fail });
        child.send({ ...request, id });
      });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not start within ${options.startupTimeoutMs ?? 120_000} ms`));
    }, options.startupTimeoutMs ?? 120_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      for (const waiter of pending.values()) {
        waiter.reject(new Error(`${entry} exited (${signal ?? code})`));
      }
      reject(new Error(`${entry} exited before it was ready (${signal ?? code})`));
    });
    child.on('message', (message: Reply | Ready<Info> | Failed) => {
      if ('type' in message && message.type === 'failed') {
        clearTimeout(timer);
        reject(new Error(`${entry} failed to start: ${message.error}`));
        return;
      }
      if ('type' in message && message.type === 'ready') {
        clearTimeout(timer);
        resolve({
          info: message.info,
          pid: child.pid!,
          memory: () => call({ type: 'memory' }) as Promise<MemoryFigures>,
          cpuMicros: async () => ((await call({ type: 'cpu' })) as CpuFigure).cpuMicros,
          logBytes: () => logBytes,
          startProfile: async () => {
            await call({ type: 'profile-start' });
          },
          stopProfile: (path) => call({ type: 'profile-stop', path }) as Promise<string>,
          stop: async () => {
            if (child.exitCode !== null || child.signalCode !== null) return;
            const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
            await call({ type: 'stop' }).catch(() => undefined);
            await exited;
            clearTimeout(killer);
          },
        });
        return;
      }
      const reply = message as Reply;
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.result);
      else waiter.reject(new Error(reply.error));
    });
  });

// The real embedded runtime with API workers (WORKERS > 1) for a bench child, as `make start`
// runs it: services/runtime/main.ts in a process of its own (one writer process, N API workers
// on one port). Its log lines go on to the child's output, where the bench counts them, and its
// CPU time and memory are those of the whole process tree (process-tree.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnTied } from '@linkcoin/infra/shared/tied-process.ts';
import { REPO_ROOT } from '@linkcoin/services/platform/config.ts';
import { startTestServer, type TestServer } from '@linkcoin/services/testing/test-server.ts';
import { failToBench, serveBench, type ServedBy } from './child.ts';
import { treeCpuMicros, treePeakRss } from './process-tree.ts';

/** API workers the bench's worker rows run with (BENCH_WORKERS, 2 unless set). */
export const BENCH_WORKERS = process.env.BENCH_WORKERS ?? '2';

export type WorkersRuntime = Readonly<{
  url: string;
  /** What the bench reads for this runtime: the writer's and its workers' CPU and memory. */
  servedBy: ServedBy;
  /** Stops the runtime (SIGTERM, as an operator would). */
  stop: () => Promise<void>;
}>;

/** Starts main.ts with `WORKERS` on `dataDir` and waits for its API's address. */
export const startWorkersRuntime = async (
  dataDir: string,
  env: Readonly<Record<string, string>>,
  workers: string = BENCH_WORKERS,
): Promise<WorkersRuntime> => {
  const server = spawnTied(process.execPath, [join(REPO_ROOT, 'services/runtime/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
      DATA_DIR: dataDir,
      WORKERS: workers,
    },
  });
  const stop = async () => {
    await server.kill('SIGTERM');
    await server.exited;
  };
  try {
    const errors: string[] = [];
    server.onStderrLine((line) => errors.push(line));
    const url = await new Promise<string>((resolve, reject) => {
      let buffered = '';
      server.shell.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        process.stdout.write(chunk);
        buffered += chunk;
        let newline;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          const api = /API:\s+(http:\/\/\S+)\/api/.exec(buffered.slice(0, newline));
          buffered = buffered.slice(newline + 1);
          if (api) resolve(api[1]!);
        }
      });
      void server.exited.then(() =>
        reject(new Error(`exited while starting:\n${errors.join('\n')}`)),
      );
    });
    const root = await server.pid;
    return {
      url,
      servedBy: { cpuMicros: () => treeCpuMicros(root), maxRss: () => treePeakRss(root) },
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
};

/**
 * A bench child's server, seeded in process and then served: by that in-process runtime (the
 * default), or, with BENCH_WORKERS_ROWS=1 in the child's environment, by the runtime with API
 * workers started on the same data directory once the seeding runtime has stopped (the same
 * `env`, so the same signing secret: the seeded sessions stay valid). Seeding in process lets
 * a bench open accounts and conversations through the deciders, as chat-process.ts does.
 */
export const serveSeeded = async <Info extends { url: string }>(
  env: Readonly<Record<string, string>>,
  seed: (server: TestServer) => Promise<Info>,
): Promise<void> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-bench-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  try {
    const seeding = await startTestServer({ env, dataDir });
    const info = await seed(seeding);
    if (process.env.BENCH_WORKERS_ROWS !== '1') {
      serveBench<Info>(info, async () => {
        await seeding.stop();
        await removeDir();
      });
      return;
    }
    await seeding.stop();
    // The test server's own defaults, then the bench's: the runtime is configured alike.
    const workers = await startWorkersRuntime(dataDir, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      LOG_FORMAT: 'json',
      SHUTDOWN_TIMEOUT_MS: '2000',
      ...env,
    });
    serveBench<Info>(
      { ...info, url: workers.url },
      async () => {
        await workers.stop();
        await removeDir();
      },
      workers.servedBy,
    );
  } catch (error) {
    await removeDir().catch(() => undefined);
    failToBench(error);
  }
};

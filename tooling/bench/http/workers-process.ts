// The real embedded runtime with API workers beside its writer (WORKERS, default 2), as `make
// start` runs it (workers-runtime.ts), for the HTTP profile measures: seeded through its API with
// creators who have saved their profile, then driven by wrk. Its CPU time and memory are those
// of the writer and its workers together.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { failToBench, serveBench } from './child.ts';
import { BENCH_USERS, benchServerEnv, seedCreators } from './seed.ts';
import type { ServerInfo } from './server-process.ts';
import { BENCH_WORKERS, startWorkersRuntime } from './workers-runtime.ts';

const env = benchServerEnv();
const dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-bench-workers-'));
try {
  const runtime = await startWorkersRuntime(dataDir, env);
  const stop = async () => {
    await runtime.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const users = await seedCreators({ url: runtime.url, dataDir }, BENCH_USERS);
    serveBench<ServerInfo>(
      {
        url: runtime.url,
        users,
        settings: `WORKERS=${BENCH_WORKERS} (one writer process and ${BENCH_WORKERS} API workers), NODE_ENV=${env.NODE_ENV}, LOG_LEVEL=${env.LOG_LEVEL} (JSON, counted and dropped), SQLITE_SYNCHRONOUS=${env.SQLITE_SYNCHRONOUS}`,
      },
      stop,
      runtime.servedBy,
    );
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
} catch (error) {
  await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  failToBench(error);
}

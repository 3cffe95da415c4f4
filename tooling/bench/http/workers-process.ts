// The real embedded runtime with API workers beside its writer (WORKERS, default 2), as `make
// start` runs it (services/runtime/main.ts: one writer process, N API workers on one port), for
// the HTTP measures: seeded with creators who have saved their profile, then driven by wrk. Its
// CPU time and memory are those of the writer and its workers together (process-tree.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnTied } from '@linkcoin/infra/shared/tied-process.ts';
import { REPO_ROOT } from '@linkcoin/services/platform/config.ts';
import { failToBench, serveBench } from './child.ts';
import { treeCpuMicros, treePeakRss } from './process-tree.ts';
import { BENCH_USERS, benchServerEnv, seedCreators } from './seed.ts';
import type { ServerInfo } from './server-process.ts';

const WORKERS = process.env.BENCH_WORKERS ?? '2';
const env = { ...benchServerEnv(), WORKERS };

const dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-bench-workers-'));
const server = spawnTied(process.execPath, [join(REPO_ROOT, 'services/runtime/main.ts')], {
  cwd: REPO_ROOT,
  env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...env },
});
const stop = async () => {
  await server.kill('SIGTERM');
  await server.exited;
  await rm(dataDir, { recursive: true, force: true });
};
try {
  const errors: string[] = [];
  server.onStderrLine((line) => errors.push(line));
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    server.shell.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      // The log lines go on to this process's output, where the bench counts them.
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
  const users = await seedCreators({ url, dataDir }, BENCH_USERS);
  const root = await server.pid;
  serveBench<ServerInfo>(
    {
      url,
      users,
      settings: `WORKERS=${WORKERS} (one writer process and ${WORKERS} API workers), NODE_ENV=${env.NODE_ENV}, LOG_LEVEL=${env.LOG_LEVEL} (JSON, counted and dropped), SQLITE_SYNCHRONOUS=${env.SQLITE_SYNCHRONOUS}`,
    },
    stop,
    { cpuMicros: () => treeCpuMicros(root), maxRss: () => treePeakRss(root) },
  );
} catch (error) {
  await stop().catch(() => undefined);
  failToBench(error);
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { BoundedContext } from '../platform/context.ts';
import { loadConfig } from '../platform/config.ts';
import type { Clock } from '../platform/clock.ts';
import { ALL_ROLES, startRuntime, type Role, type Runtime } from '../runtime/runtime.ts';

export type TestServer = Readonly<{
  /** Base URL, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  dataDir: string;
  runtime: Runtime;
  stop: () => Promise<void>;
}>;

export type TestServerOptions = Readonly<{
  /** Extra environment for loadConfig (the process environment is not read). */
  env?: Readonly<Record<string, string>>;
  roles?: readonly Role[];
  /** Reuse a data directory (for restart tests); it is then not deleted on stop. */
  dataDir?: string;
  clock?: Clock;
  logger?: Logger;
  /** The product's contexts unless given (a test may add one of its own). */
  contexts?: readonly BoundedContext[];
}>;

/**
 * The real embedded runtime on 127.0.0.1 with a free port and a fresh temporary data directory,
 * for HTTP and browser tests. `stop` shuts it down and deletes the directory.
 */
export const startTestServer = async (options: TestServerOptions = {}): Promise<TestServer> => {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'linkcoin-test-')));
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    LOG_FORMAT: 'json',
    SQLITE_SYNCHRONOUS: 'NORMAL',
    SHUTDOWN_TIMEOUT_MS: '2000',
    ...options.env,
  });
  const runtime = await startRuntime({
    config,
    roles: options.roles ?? ALL_ROLES,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.contexts ? { contexts: options.contexts } : {}),
  });
  return {
    url: runtime.url,
    dataDir,
    runtime,
    stop: async () => {
      await runtime.stop();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** A clock tests can move forward. */
export const adjustableClock = () => {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms;
    },
  };
};

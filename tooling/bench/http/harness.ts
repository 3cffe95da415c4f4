import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BareInfo } from './bare-express.ts';
import { startChild, type Child } from './child.ts';
import type { ServerInfo } from './server-process.ts';
import { ensureWrk, runWrk, type Scenario, type WrkResult } from './wrk.ts';

const here = import.meta.dirname;

/** The request shapes the HTTP measures send: to the real server, or to the bare endpoint. */
export type ScenarioName =
  'save' | 'save-one-user' | 'read-signed-in' | 'read-anonymous' | 'bare-put' | 'bare-get';

export type HttpHarness = Readonly<{
  server: Child<ServerInfo>;
  bare: Child<BareInfo>;
  /**
   * Runs wrk with the scenario's script for `seconds` against its process; also answers the
   * CPU time that process used per request (robust to other load on the machine).
   */
  load: (
    scenario: ScenarioName,
    seconds: number,
  ) => Promise<WrkResult & { cpuMicrosPerRequest: number }>;
  stop: () => Promise<void>;
}>;

/**
 * Starts the real embedded runtime and the bare express app, each in its own process; wrk is
 * a third process. Fails at once, before the slow seeding, when wrk is missing.
 */
export const startHarness = async (progress: (line: string) => void): Promise<HttpHarness> => {
  ensureWrk();
  const scriptDir = await mkdtemp(join(tmpdir(), 'linkcoin-bench-wrk-'));
  progress('http: starting the server (registering creators) and the bare express app');
  const [server, bare] = await Promise.allSettled([
    startChild<ServerInfo>(join(here, 'server-process.ts')),
    startChild<BareInfo>(join(here, 'bare-express.ts')),
  ]);
  if (server.status === 'rejected' || bare.status === 'rejected') {
    if (server.status === 'fulfilled') await server.value.stop();
    if (bare.status === 'fulfilled') await bare.value.stop();
    await rm(scriptDir, { recursive: true, force: true });
    throw server.status === 'rejected' ? server.reason : (bare as PromiseRejectedResult).reason;
  }
  const { users } = server.value.info;
  const scenarios: Record<ScenarioName, { scenario: Scenario; url: string }> = {
    save: {
      url: server.value.info.url,
      scenario: {
        method: 'PUT',
        path: '"/api/pageowners/updateUser/" .. u.id',
        signedIn: true,
        body: true,
        users,
      },
    },
    'save-one-user': {
      url: server.value.info.url,
      scenario: {
        method: 'PUT',
        path: '"/api/pageowners/updateUser/" .. u.id',
        signedIn: true,
        body: true,
        countConflicts: true,
        users: users.slice(0, 1),
      },
    },
    'read-signed-in': {
      url: server.value.info.url,
      scenario: { method: 'GET', path: '"/api/pageowners/user/" .. v.id', signedIn: true, users },
    },
    'read-anonymous': {
      url: server.value.info.url,
      scenario: { method: 'GET', path: '"/api/pageowners/user/" .. v.id', signedIn: false, users },
    },
    'bare-put': {
      url: bare.value.info.url,
      scenario: { method: 'PUT', path: '"/ping"', signedIn: true, body: true, users },
    },
    'bare-get': {
      url: bare.value.info.url,
      scenario: { method: 'GET', path: '"/ping"', signedIn: true, users },
    },
  };
  return {
    server: server.value,
    bare: bare.value,
    load: async (name, seconds) => {
      const { url, scenario } = scenarios[name];
      const target = url === bare.value.info.url ? bare.value : server.value;
      const before = await target.cpuMicros();
      const result = await runWrk(scriptDir, url, scenario, seconds);
      const used = (await target.cpuMicros()) - before;
      return { ...result, cpuMicrosPerRequest: Math.round(used / Math.max(1, result.requests)) };
    },
    stop: async () => {
      await Promise.allSettled([server.value.stop(), bare.value.stop()]);
      await rm(scriptDir, { recursive: true, force: true });
    },
  };
};

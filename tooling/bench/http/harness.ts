import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BareInfo } from './bare-express.ts';
import type { DurableBareInfo } from './durable-bare.ts';
import { startChild, type Child } from './child.ts';
import type { ServerInfo } from './server-process.ts';
import { ensureWrk, runWrk, type Scenario, type WrkResult } from './wrk.ts';

const here = import.meta.dirname;

/** The request shapes the HTTP measures send: to the real server, or to the bare endpoint. */
export type ScenarioName =
  | 'save'
  | 'save-one-user'
  | 'read-signed-in'
  | 'read-anonymous'
  | 'bare-put'
  | 'durable-put'
  | 'bare-get';

/** The scenarios that drive the real runtime (the others drive a bare app). */
const SERVER_SCENARIOS = {
  save: true,
  'save-one-user': true,
  'read-signed-in': true,
  'read-anonymous': true,
} as const;
type ServerScenario = keyof typeof SERVER_SCENARIOS;
/** A scenario and the process it drives. */
type Driven = { scenario: Scenario; target: Child<{ url: string }> };

/** What a wrk run measured, with the serving process's own costs. */
export type LoadResult = WrkResult & {
  cpuMicrosPerRequest: number;
  /** Bytes of log the process wrote per 1,000 requests. */
  logBytesPer1000: number;
  /** The process's peak resident memory so far, in bytes. */
  peakRss: number;
};

export type HttpHarness = Readonly<{
  server: Child<ServerInfo>;
  bare: Child<BareInfo>;
  /** The durable bare endpoint (durable-bare.ts): express + a FULL SQLite insert, group-committed. */
  durable: Child<DurableBareInfo>;
  /**
   * Runs wrk with the scenario's script for `seconds` against its process; also answers the
   * CPU time that process used per request (robust to other load on the machine). `on`: another
   * server for the server's scenarios (the runtime with API workers, workers-process.ts).
   */
  load: (scenario: ScenarioName, seconds: number, on?: Child<ServerInfo>) => Promise<LoadResult>;
  stop: () => Promise<void>;
}>;

/**
 * Starts the real embedded runtime and the bare express app, each in its own process; wrk is
 * a third process. Fails at once, before the slow seeding, when wrk is missing.
 */
export const startHarness = async (progress: (line: string) => void): Promise<HttpHarness> => {
  ensureWrk();
  const scriptDir = await mkdtemp(join(tmpdir(), 'linkcoin-bench-wrk-'));
  progress('http: starting the server (registering creators) and the bare express apps');
  const [server, bare, durable] = await Promise.allSettled([
    startChild<ServerInfo>(join(here, 'server-process.ts')),
    startChild<BareInfo>(join(here, 'bare-express.ts')),
    startChild<DurableBareInfo>(join(here, 'durable-bare.ts')),
  ]);
  if (server.status === 'rejected' || bare.status === 'rejected' || durable.status === 'rejected') {
    for (const started of [server, bare, durable]) {
      if (started.status === 'fulfilled') await started.value.stop();
    }
    await rm(scriptDir, { recursive: true, force: true });
    throw ([server, bare, durable].find((s) => s.status === 'rejected') as PromiseRejectedResult)
      .reason;
  }
  const { users } = server.value.info;
  const serverScenarios = (target: Child<ServerInfo>): Record<ServerScenario, Driven> => {
    const { users } = target.info;
    const save = {
      method: 'PUT',
      path: '"/api/pageowners/updateUser/" .. u.id',
      signedIn: true,
      body: true,
    } as const;
    const read = { method: 'GET', path: '"/api/pageowners/user/" .. v.id' } as const;
    return {
      save: { target, scenario: { ...save, users } },
      'save-one-user': {
        target,
        scenario: { ...save, countConflicts: true, users: users.slice(0, 1) },
      },
      'read-signed-in': { target, scenario: { ...read, signedIn: true, users } },
      'read-anonymous': { target, scenario: { ...read, signedIn: false, users } },
    };
  };
  const scenarios: Record<ScenarioName, Driven> = {
    ...serverScenarios(server.value),
    'bare-put': {
      target: bare.value,
      scenario: { method: 'PUT', path: '"/ping"', signedIn: true, body: true, users },
    },
    'durable-put': {
      target: durable.value,
      scenario: { method: 'PUT', path: '"/ping"', signedIn: true, body: true, users },
    },
    'bare-get': {
      target: bare.value,
      scenario: { method: 'GET', path: '"/ping"', signedIn: true, users },
    },
  };
  return {
    server: server.value,
    bare: bare.value,
    durable: durable.value,
    load: async (name, seconds, on) => {
      const { target, scenario } =
        on && name in SERVER_SCENARIOS
          ? serverScenarios(on)[name as ServerScenario]
          : scenarios[name];
      const url = target.info.url;
      const before = await target.cpuMicros();
      const logBefore = target.logBytes();
      const result = await runWrk(scriptDir, url, scenario, seconds);
      const used = (await target.cpuMicros()) - before;
      // Lines still in the pipe arrive within a moment.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const requests = Math.max(1, result.requests);
      return {
        ...result,
        cpuMicrosPerRequest: Math.round(used / requests),
        logBytesPer1000: Math.round(((target.logBytes() - logBefore) * 1000) / requests),
        peakRss: (await target.memory()).maxRss,
      };
    },
    stop: async () => {
      await Promise.allSettled([server.value.stop(), bare.value.stop(), durable.value.stop()]);
      await rm(scriptDir, { recursive: true, force: true });
    },
  };
};

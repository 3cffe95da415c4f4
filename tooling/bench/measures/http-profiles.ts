import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { summariseProfile, type CpuProfile } from '../cpu-profile.ts';
import type { LoadResult, ScenarioName } from '../http/harness.ts';
import { WRK_CONNECTIONS, WRK_THREADS, type WrkResult } from '../http/wrk.ts';
import type { Measure } from '../measure.ts';
import type { Row } from '../table.ts';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 2);

/** Errors beyond this share of the answers make a figure meaningless: not measured. */
export const checkAnswers = (name: string, result: WrkResult, allowed = 0) => {
  const bad = result.non2xx - allowed + result.socketErrors;
  if (bad > Math.max(2, result.requests * 0.01)) {
    throw new Error(
      `${name}: ${result.non2xx} answers outside 2xx (${allowed} expected) and ${result.socketErrors} socket errors in ${result.requests} requests`,
    );
  }
};

/**
 * The profile wizard's save and a profile read on the real runtime, each against the bare
 * express endpoint, with wrk (50 connections) in its own process. Runs alternate between the
 * server and the bare app, and the best of the rounds is kept for each.
 */
export const httpProfiles: Measure = {
  name: 'HTTP profiles (wrk)',
  run: async ({ progress, http, profileDir, appendix }) => {
    const harness = await http();
    const best = new Map<ScenarioName, LoadResult>();
    const load = async (name: ScenarioName, seconds = SECONDS) => {
      progress(`http: ${name} for ${seconds} s`);
      const result = await harness.load(name, seconds);
      if (name === 'save-one-user') checkAnswers(name, result, result.conflicts);
      else checkAnswers(name, result);
      const previous = best.get(name);
      if (!previous || result.perSecond > previous.perSecond) best.set(name, result);
      return result;
    };
    // Warm-up: the JIT, the caches and the SQLite pages, on both sides; not kept.
    for (const name of ['bare-put', 'durable-put', 'save', 'bare-get', 'read-signed-in'] as const) {
      await harness.load(name, 2);
    }
    const conflicts = { answers: 0, conflicts: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      await load('bare-put');
      await load('durable-put');
      await load('save');
      await load('bare-get');
      await load('read-signed-in');
      await load('read-anonymous');
      const oneUser = await load('save-one-user');
      conflicts.answers += oneUser.requests;
      conflicts.conflicts += oneUser.conflicts;
    }
    if (profileDir) {
      for (const name of ['save', 'read-signed-in', 'read-anonymous'] as const) {
        progress(`http: ${name} under the CPU profiler`);
        await harness.server.startProfile();
        await harness.load(name, SECONDS);
        const path = await harness.server.stopProfile(join(profileDir, `${name}.cpuprofile`));
        const profile = JSON.parse(await readFile(path, 'utf8')) as CpuProfile;
        appendix(`CPU profile of the server, ${name} (${path})`, summariseProfile(profile));
      }
    }
    const figure = (name: ScenarioName) => best.get(name)!;
    const settings = `wrk -t${WRK_THREADS} -c${WRK_CONNECTIONS}, best of ${ROUNDS} runs of ${SECONDS} s`;
    const latency = (name: ScenarioName) =>
      `p50 ${figure(name).p50Ms.toFixed(1)} ms, p99 ${figure(name).p99Ms.toFixed(1)} ms, ${figure(name).cpuMicrosPerRequest} µs CPU/request, peak RSS ${Math.round(figure(name).peakRss / 2 ** 20)} MiB, log ${figure(name).logBytesPer1000.toLocaleString('en-US')} B/1,000 requests`;
    const writes = 'HTTP writes: the bare express app, PUT of the same body parsed by express.json';
    const durableWrites =
      'durable HTTP writes: the bare express app, PUT of the same body parsed and inserted with raw node:sqlite (synchronous=FULL, group-committed across concurrent requests), own process';
    const reads = 'HTTP reads: the bare express app, GET answering a tiny JSON';
    appendix(
      'HTTP settings',
      `${settings}; server: ${harness.server.info.settings}; ${harness.server.info.users.length} creators`,
    );
    return [
      {
        measure: `Profile saves, ${harness.server.info.users.length} users (PUT updateUser)`,
        value: figure('save').perSecond,
        unit: 'requests/s',
        baseline: figure('durable-put').perSecond,
        baselineIs: durableWrites,
        better: 'higher',
        target: 0.5,
        note: `${latency('save')}; durable bare ${latency('durable-put')}`,
      },
      {
        measure: 'Profile saves, against the pure bare PUT',
        value: figure('save').perSecond,
        unit: 'requests/s',
        baseline: figure('bare-put').perSecond,
        baselineIs: writes,
        better: 'higher',
        note: `bare ${latency('bare-put')}`,
      },
      {
        measure: 'Profile reads, signed in (GET user/:id)',
        value: figure('read-signed-in').perSecond,
        unit: 'requests/s',
        baseline: figure('bare-get').perSecond,
        baselineIs: reads,
        better: 'higher',
        target: 0.7,
        note: `${latency('read-signed-in')}; bare ${latency('bare-get')}`,
      },
      {
        measure: 'Profile reads, anonymous (GET user/:id)',
        value: figure('read-anonymous').perSecond,
        unit: 'requests/s',
        baseline: figure('bare-get').perSecond,
        baselineIs: reads,
        better: 'higher',
        target: 0.7,
        note: `${latency('read-anonymous')}; bare ${latency('bare-get')}`,
      },
      {
        measure: 'Profile saves, one user, 50 at once',
        value: figure('save-one-user').perSecond,
        unit: 'requests/s',
        baseline: figure('durable-put').perSecond,
        baselineIs: durableWrites,
        better: 'higher',
      },
      {
        measure: 'Conflicts (409) among those saves',
        value: conflicts.conflicts,
        unit: 'answers',
        baseline: conflicts.answers,
        baselineIs: 'conflicts: every answer to the saves of one user (ratio = share answered 409)',
        better: 'lower',
        target: 0.01,
      },
    ] satisfies Row[];
  },
};

import { join } from 'node:path';
import type { LoadResult, ScenarioName } from '../http/harness.ts';
import { startChild } from '../http/child.ts';
import type { ServerInfo } from '../http/server-process.ts';
import { BENCH_WORKERS as WORKERS } from '../http/workers-runtime.ts';
import { WRK_CONNECTIONS, WRK_THREADS } from '../http/wrk.ts';
import { checkAnswers } from './http-profiles.ts';
import type { Measure } from '../measure.ts';
import type { Row } from '../table.ts';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 2);

/**
 * Both cores (issue 22): the profile save and reads on the runtime as `make start` runs it with
 * WORKERS=2 (one writer process, two API workers on one port: services/runtime/workers.ts),
 * against the same bare endpoints as the one-process rows (http-profiles.ts), alternated, the
 * best of the rounds kept. CPU and memory are the writer's and its workers' together. No
 * target: the judged rows are the one-process runtime's, the default on a 2-core machine; these
 * show what the workers change.
 */
export const httpWorkers: Measure = {
  name: `HTTP profiles with API workers (WORKERS=${WORKERS})`,
  run: async ({ progress, http, appendix }) => {
    const harness = await http();
    progress(`http: starting the runtime with WORKERS=${WORKERS} (registering creators)`);
    const workers = await startChild<ServerInfo>(
      join(import.meta.dirname, '../http/workers-process.ts'),
    );
    try {
      const best = new Map<string, LoadResult>();
      const load = async (name: ScenarioName, onWorkers: boolean) => {
        progress(`http: ${name}${onWorkers ? ` with WORKERS=${WORKERS}` : ''} for ${SECONDS} s`);
        const result = await harness.load(name, SECONDS, onWorkers ? workers : undefined);
        checkAnswers(name, result);
        const key = `${name}${onWorkers ? '@workers' : ''}`;
        const previous = best.get(key);
        if (!previous || result.perSecond > previous.perSecond) best.set(key, result);
      };
      // Warm-up of the workers (the JIT, the caches, the SQLite pages); not kept.
      for (const name of ['save', 'read-signed-in', 'read-anonymous'] as const) {
        await harness.load(name, 2, workers);
      }
      for (let round = 0; round < ROUNDS; round++) {
        await load('durable-put', false);
        await load('save', true);
        await load('bare-get', false);
        await load('read-signed-in', true);
        await load('read-anonymous', true);
      }
      const figure = (key: string) => best.get(key)!;
      const latency = (key: string) =>
        `p50 ${figure(key).p50Ms.toFixed(1)} ms, p99 ${figure(key).p99Ms.toFixed(1)} ms, ${figure(key).cpuMicrosPerRequest} µs CPU/request, peak RSS ${Math.round(figure(key).peakRss / 2 ** 20)} MiB`;
      appendix(
        `HTTP settings with API workers`,
        `wrk -t${WRK_THREADS} -c${WRK_CONNECTIONS}, best of ${ROUNDS} runs of ${SECONDS} s; server: ${workers.info.settings}; CPU and peak RSS summed over the writer and its workers; ${workers.info.users.length} creators`,
      );
      return [
        {
          measure: `Profile saves, WORKERS=${WORKERS} (writer + ${WORKERS} API workers)`,
          value: figure('save@workers').perSecond,
          unit: 'requests/s',
          baseline: figure('durable-put').perSecond,
          baselineIs:
            'durable HTTP writes: the bare express app, PUT of the same body parsed and inserted with raw node:sqlite (synchronous=FULL, group-committed across concurrent requests), own process',
          better: 'higher',
          note: `${latency('save@workers')}; durable bare ${latency('durable-put')}`,
        },
        {
          measure: `Profile reads, signed in, WORKERS=${WORKERS}`,
          value: figure('read-signed-in@workers').perSecond,
          unit: 'requests/s',
          baseline: figure('bare-get').perSecond,
          baselineIs: 'HTTP reads: the bare express app, GET answering a tiny JSON',
          better: 'higher',
          note: `${latency('read-signed-in@workers')}; bare ${latency('bare-get')}`,
        },
        {
          measure: `Profile reads, anonymous, WORKERS=${WORKERS}`,
          value: figure('read-anonymous@workers').perSecond,
          unit: 'requests/s',
          baseline: figure('bare-get').perSecond,
          baselineIs: 'HTTP reads: the bare express app, GET answering a tiny JSON',
          better: 'higher',
          note: `${latency('read-anonymous@workers')}`,
        },
      ] satisfies Row[];
    } finally {
      await workers.stop();
    }
  },
};

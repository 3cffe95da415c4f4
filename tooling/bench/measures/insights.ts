// Creator insights (issue 24): what recording impressions and views costs the directory search
// and the profile read (the same server code with the recorder on and off, same run, wrk in
// its own process), and the insights query for a creator with a year of daily rows among
// 100,000 creators (rows seeded straight into the read store).
//
//   node tooling/bench/run.ts --only insights
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DayRow } from '@linkcoin/domain/insights/daily.ts';
import { summarise } from '@linkcoin/domain/insights/summary.ts';
import { loadConfig } from '@linkcoin/services/platform/config.ts';
import { createCommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import { insightsHandlers } from '@linkcoin/services/insights/handlers.ts';
import { INSIGHTS_DAYS, insightsProjection } from '@linkcoin/services/insights/projection.ts';
import { openEventStore, openReadStore } from '@linkcoin/services/runtime/adapters.ts';
import { createLogger } from '@linkcoin/services/runtime/logger.ts';
import { startChild, type Child } from '../http/child.ts';
import { ensureWrk, runWrk, type Scenario, type WrkResult } from '../http/wrk.ts';
import type { InsightsServerInfo } from '../insights/server.ts';
import { creatorId, seedInsights } from '../insights/seed.ts';
import type { Measure } from '../measure.ts';
import type { Row } from '../table.ts';

const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 2);
const CREATORS = Number(process.env.BENCH_INSIGHTS_CREATORS ?? 100_000);
/** Days of rows every creator has; the measured ones have a whole year. */
const DAYS_EACH = Number(process.env.BENCH_INSIGHTS_DAYS_EACH ?? 7);
const YEAR_LONG = Number(process.env.BENCH_INSIGHTS_YEAR_LONG ?? 200);
const QUERIES = Number(process.env.BENCH_INSIGHTS_QUERIES ?? 2000);
const QUERY_ROUNDS = Number(process.env.BENCH_INSIGHTS_QUERY_ROUNDS ?? 3);
const P95_BUDGET_MS = 20;
const TODAY = new Date('2026-11-27T06:00:00.000Z');

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

type Load = 'search' | 'profile';
const scenario = (load: Load, info: InsightsServerInfo): Scenario =>
  load === 'search'
    ? {
        method: 'GET',
        path: '"/api/pageowners/users?search=bench"',
        signedIn: true,
        users: info.users,
      }
    : { method: 'GET', path: '"/api/pageowners/user/" .. v.id', signedIn: true, users: info.users };

const recordingRows = async (progress: (line: string) => void): Promise<Row[]> => {
  ensureWrk();
  progress('insights: starting three servers, the recorder off, on, and off again');
  const entry = join(import.meta.dirname, '../insights/server.ts');
  // The recorder on between two servers with it off (started before and after it): the on/off
  // ratio is judged against their mean, and their own ratio (an A/A comparison) is printed.
  const started = await Promise.allSettled([
    startChild<InsightsServerInfo>(entry, { env: { ANALYTICS_RECORDING: 'off' } }),
    startChild<InsightsServerInfo>(entry, { env: { ANALYTICS_RECORDING: 'on' } }),
    startChild<InsightsServerInfo>(entry, { env: { ANALYTICS_RECORDING: 'off' } }),
  ]);
  const children = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const scriptDir = await mkdtemp(join(tmpdir(), 'linkcoin-bench-insights-'));
  try {
    if (children.length < 3) {
      throw (started.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason;
    }
    const [off, on, again] = children as [
      Child<InsightsServerInfo>,
      Child<InsightsServerInfo>,
      Child<InsightsServerInfo>,
    ];
    const labelOf = (child: Child<InsightsServerInfo>) =>
      child === on ? 'on' : child === off ? 'off' : 'again';
    const best = new Map<string, WrkResult>();
    const run = async (child: Child<InsightsServerInfo>, load: Load, seconds: number) => {
      const result = await runWrk(scriptDir, child.info.url, scenario(load, child.info), seconds);
      if (result.non2xx + result.socketErrors > Math.max(2, result.requests * 0.01)) {
        throw new Error(
          `insights ${load}: ${result.non2xx} answers outside 2xx in ${result.requests}`,
        );
      }
      const key = `${load}-${labelOf(child)}`;
      const previous = best.get(key);
      if (!previous || result.perSecond > previous.perSecond) best.set(key, result);
    };
    for (const load of ['search', 'profile'] as const) {
      for (const child of [on, off, again]) {
        await runWrk(scriptDir, child.info.url, scenario(load, child.info), 2);
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const load of ['search', 'profile'] as const) {
        progress(`insights: ${load}, round ${round + 1}, recorder off, on, off again`);
        await run(off, load, SECONDS);
        await run(on, load, SECONDS);
        await run(again, load, SECONDS);
      }
    }
    // Judged against both servers with the recorder off, started before and after it: which
    // process a server is (the first started, the last) moves its figure by up to 15 % here.
    const row = (load: Load, what: string): Row => {
      const value = best.get(`${load}-on`)!;
      const before = best.get(`${load}-off`)!;
      const after = best.get(`${load}-again`)!;
      return {
        measure: `${what}, impressions and views recorded`,
        value: value.perSecond,
        unit: 'requests/s',
        baseline: (before.perSecond + after.perSecond) / 2,
        baselineIs: `${what.toLowerCase()} with ANALYTICS_RECORDING=off: the mean of two servers of the same code, started before and after, same run`,
        better: 'higher',
        target: 0.95,
        note: `on p50 ${value.p50Ms.toFixed(1)} ms p99 ${value.p99Ms.toFixed(1)} ms; off ${Math.round(before.perSecond)} and ${Math.round(after.perSecond)}/s, p50 ${before.p50Ms.toFixed(1)} and ${after.p50Ms.toFixed(1)} ms; wrk best of ${ROUNDS} × ${SECONDS} s`,
      };
    };
    /** Two servers with the recorder off, measured the same way: the bench's own spread. */
    const spread = (load: Load, what: string): Row => {
      const value = best.get(`${load}-again`)!;
      const baseline = best.get(`${load}-off`)!;
      return {
        measure: `${what}, a second server with the recorder off (A/A spread)`,
        value: value.perSecond,
        unit: 'requests/s',
        baseline: baseline.perSecond,
        baselineIs: `${what.toLowerCase()} with ANALYTICS_RECORDING=off: the same server code, same run`,
        better: 'higher',
        note: 'read the recorded ratio against this one: two identical servers differ by this much here',
      };
    };
    return [
      row('search', 'Directory search (GET users?search, 10 creators a page)'),
      spread('search', 'Directory search (GET users?search, 10 creators a page)'),
      row('profile', 'Profile read (GET user/:id, signed in)'),
      spread('profile', 'Profile read (GET user/:id, signed in)'),
    ];
  } finally {
    await Promise.allSettled(children.map((child) => child.stop()));
    await rm(scriptDir, { recursive: true, force: true });
  }
};

const queryRows = async (
  progress: (line: string) => void,
  appendix: (title: string, text: string) => void,
): Promise<Row[]> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-bench-insights-rows-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SERVE_FRONTENDS: 'false',
    SQLITE_SYNCHRONOUS: 'NORMAL',
  });
  const eventStore = await openEventStore(config, createLogger(config, 'bench'));
  const readStore = await openReadStore(config);
  try {
    await readStore.ensureCollections(insightsProjection.collections);
    const started = performance.now();
    const rows = await seedInsights(
      readStore,
      INSIGHTS_DAYS,
      { creators: CREATORS, daysEach: DAYS_EACH, yearLong: YEAR_LONG, today: TODAY },
      progress,
    );
    progress(
      `insights: ${rows.toLocaleString('en-US')} rows seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const { insightsOf } = insightsHandlers({
      commands: createCommandHandler(eventStore),
      readStore,
    });
    const days = readStore.collection<DayRow>(INSIGHTS_DAYS);
    const subjects = Array.from({ length: YEAR_LONG }, (_, i) => creatorId(i));
    // The baseline's rows, read once: the same answer computed from memory, no store.
    const inMemory = new Map<string, DayRow[]>();
    for (const id of subjects) {
      inMemory.set(id, await days.find({ where: { creatorId: id }, sort: [['day', 1]] }));
    }
    const visibility = { level: 'basic' as const, percent: 40, next: null, missing: [] };
    const periods = [7, 30, 90] as const;
    for (let i = 0; i < 50; i++) await insightsOf(subjects[i % YEAR_LONG]!, 90, TODAY);
    // Rounds of the same queries, the subject and the baseline in turn; each percentile the
    // best of the rounds (on a shared machine noise only ever slows a round down).
    const rounds = Array.from({ length: QUERY_ROUNDS }, () => ({
      timings: [] as number[],
      baseline: [] as number[],
    }));
    for (const round of rounds) {
      for (let i = 0; i < QUERIES; i++) {
        const id = subjects[(i * 7919) % YEAR_LONG]!;
        const period = periods[i % 3]!;
        let at = performance.now();
        const answer = await insightsOf(id, period, TODAY);
        round.timings.push(performance.now() - at);
        if (answer.daily.length !== period) throw new Error('insights: a period came back short');
        at = performance.now();
        summarise(inMemory.get(id)!, TODAY, period, visibility);
        round.baseline.push(performance.now() - at);
      }
      round.timings.sort((a, b) => a - b);
      round.baseline.sort((a, b) => a - b);
    }
    const bestOf = (pick: (r: (typeof rounds)[number]) => number[], p: number) =>
      Math.min(...rounds.map((r) => percentile(pick(r), p)));
    const timings = [50, 95, 99].map((p) => bestOf((r) => r.timings, p));
    const baseline = [50, 95, 99].map((p) => bestOf((r) => r.baseline, p));
    const p95 = timings[1]!;
    appendix(
      'Insights query',
      [
        `  ${rows.toLocaleString('en-US')} day rows: ${CREATORS.toLocaleString('en-US')} creators × ${DAYS_EACH} days, ${YEAR_LONG} of them × 365 days`,
        `  ${QUERY_ROUNDS} rounds of ${QUERIES} queries (7, 30 and 90 days in turn) of year-long creators, in process through the handler (rows + profile stream + summary), best round per percentile: p50 ${round(timings[0]!)} ms, p95 ${round(p95)} ms, p99 ${round(timings[2]!)} ms; each round's p95: ${rounds.map((r) => round(percentile(r.timings, 95))).join(', ')} ms`,
        `  p95 budget ${P95_BUDGET_MS} ms: ${p95 <= P95_BUDGET_MS ? 'meets' : 'MISSES'}`,
      ].join('\n'),
    );
    return ([50, 95, 99] as const).map((p, index): Row => ({
      measure: `Insights query p${p}, a year of days (${CREATORS.toLocaleString('en-US')} creators)`,
      value: round(timings[index]!),
      unit: 'ms',
      baseline: round(baseline[index]!),
      baselineIs:
        'insights summary: the same answer computed from the rows held in memory, no store',
      better: 'lower',
      ...(p === 95
        ? { note: `budget ${P95_BUDGET_MS} ms: ${p95 <= P95_BUDGET_MS ? 'meets' : 'MISSES'}` }
        : {}),
    }));
  } finally {
    await readStore.close();
    await eventStore.close();
    await rm(dataDir, { recursive: true, force: true });
  }
};

export const insights: Measure = {
  name: 'Creator insights',
  run: async ({ progress, appendix }) => [
    ...(await recordingRows(progress)),
    ...(await queryRows(progress, appendix)),
  ],
};

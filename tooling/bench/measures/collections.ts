import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summariseProfile, type CpuProfile } from '../cpu-profile.ts';
import type { BareInfo } from '../http/bare-express.ts';
import type { DurableBareInfo } from '../http/durable-bare.ts';
import { startChild } from '../http/child.ts';
import type { CollectionsServerInfo } from '../http/collections-process.ts';
import { ensureWrk, runWrk, WRK_CONNECTIONS, WRK_THREADS, type WrkResult } from '../http/wrk.ts';
import type { Measure } from '../measure.ts';
import type { Row } from '../table.ts';
import { BENCH_WORKERS } from '../http/workers-runtime.ts';

const here = join(import.meta.dirname, '..', 'http');
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 2);

const listedBy = async (url: string, userId: string, token: string): Promise<number> => {
  const answer = (await (
    await fetch(`${url}/api/collection/users/${userId}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { collections?: unknown };
  if (!Array.isArray(answer.collections)) throw new Error('GET /api/collection/users gave no list');
  return answer.collections.length;
};

const balanceOf = async (url: string, token: string): Promise<number> => {
  const answer = (await (
    await fetch(`${url}/api/wallet/me`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { balance?: unknown };
  if (typeof answer.balance !== 'number') throw new Error('GET /api/wallet/me gave no balance');
  return answer.balance;
};

/**
 * Add to List with 50 brands at once (`POST /api/collection/users/add`, each request a new
 * brand-creator pair, so every one spends a coin and opens a connection), with wrk in its own
 * process, beside the bare express app's JSON endpoint in the same run. Afterwards every coin is
 * accounted for: the coins the brands lost equal the creators on their lists (requests still in
 * flight when wrk stops are served but not counted by wrk, so the answers cannot be the measure).
 * `onWorkers`: the same against the runtime with API workers (BENCH_WORKERS, 2), seeded alike;
 * its rows carry no target (the judged rows are the default runtime's) and no CPU profile (the
 * serving processes are not the bench child).
 */
const addToList = (onWorkers: boolean): Measure => ({
  name: onWorkers ? `Add to list with API workers (WORKERS=${BENCH_WORKERS})` : 'Add to list (wrk)',
  run: async ({ progress, profileDir: asked, appendix }) => {
    const profileDir = onWorkers ? undefined : asked;
    const on = onWorkers
      ? `, WORKERS=${BENCH_WORKERS} (writer + ${BENCH_WORKERS} API workers)`
      : '';
    ensureWrk();
    progress('add to list: starting a server (registering brands and creators) and the bare app');
    const scriptDir = await mkdtemp(join(tmpdir(), 'linkcoin-bench-add-'));
    const [server, bare, durable] = await Promise.all([
      startChild<CollectionsServerInfo>(join(here, 'collections-process.ts'), {
        // Registering 250 accounts hashes 500 passwords (scrypt): slow on a busy machine.
        startupTimeoutMs: 600_000,
        ...(onWorkers ? { env: { BENCH_WORKERS_ROWS: '1' } } : {}),
      }),
      startChild<BareInfo>(join(here, 'bare-express.ts')),
      startChild<DurableBareInfo>(join(here, 'durable-bare.ts')),
    ]);
    /** A run with the serving process's CPU time per request. */
    const costed = async (
      child: { cpuMicros: () => Promise<number> },
      run: () => Promise<WrkResult>,
    ): Promise<WrkResult & { cpu: number }> => {
      const before = await child.cpuMicros();
      const result = await run();
      const used = (await child.cpuMicros()) - before;
      return { ...result, cpu: Math.round(used / Math.max(1, result.requests)) };
    };
    try {
      const { brands, creators, coins } = server.info;
      let startAt = 0;
      let added = 0;
      const pairs = brands.length * creators.length;
      const add = async (seconds: number): Promise<WrkResult> => {
        const result = await runWrk(
          scriptDir,
          server.info.url,
          {
            method: 'POST',
            path: '"/api/collection/users/add"',
            signedIn: true,
            users: brands,
            pairs: { targets: creators, startAt },
          },
          seconds,
        );
        // Requests still in flight when wrk stopped may have been served: skip past them.
        startAt += result.requests + result.non2xx + 4 * WRK_CONNECTIONS;
        added += result.requests - result.non2xx;
        if (result.non2xx + result.socketErrors > 0) {
          throw new Error(
            `add to list: ${result.non2xx} answers outside 2xx and ${result.socketErrors} socket errors in ${result.requests} requests`,
          );
        }
        return result;
      };
      const bareRun = async (seconds: number, target: { info: { url: string } } = bare) => {
        const result = await runWrk(
          scriptDir,
          target.info.url,
          { method: 'PUT', path: '"/ping"', signedIn: true, body: true, users: brands },
          seconds,
        );
        if (result.non2xx + result.socketErrors > 0) {
          throw new Error(`add to list: the bare endpoint answered ${result.non2xx} errors`);
        }
        return result;
      };
      progress('add to list: warm-up');
      await bareRun(1);
      const warm = await add(1);
      // Every request needs a pair never added: size the runs to the pairs left, with room for
      // a run half again as fast as the warm-up.
      const seconds = Math.max(
        1,
        Math.min(
          SECONDS,
          // One run more under the profiler, when asked for.
          Math.floor((pairs - startAt) / ((ROUNDS + (profileDir ? 1 : 0)) * 1.5 * warm.perSecond)),
        ),
      );
      await bareRun(1, durable);
      type Costed = WrkResult & { cpu: number };
      const best = {
        value: null as Costed | null,
        baseline: null as Costed | null,
        durable: null as Costed | null,
      };
      for (let round = 0; round < ROUNDS; round++) {
        progress(`add to list: bare for ${seconds} s`);
        const b = await costed(bare, () => bareRun(seconds));
        progress(`add to list: durable bare for ${seconds} s`);
        const d = await costed(durable, () => bareRun(seconds, durable));
        progress(`add to list: ${brands.length} brands for ${seconds} s`);
        const a = await costed(server, () => add(seconds));
        if (!best.baseline || b.perSecond > best.baseline.perSecond) best.baseline = b;
        if (!best.durable || d.perSecond > best.durable.perSecond) best.durable = d;
        if (!best.value || a.perSecond > best.value.perSecond) best.value = a;
      }
      if (profileDir) {
        progress('add to list: under the CPU profiler');
        await server.startProfile();
        await add(seconds);
        const path = await server.stopProfile(join(profileDir, 'add-to-list.cpuprofile'));
        const profile = JSON.parse(await readFile(path, 'utf8')) as CpuProfile;
        appendix(`CPU profile of the server, add to list (${path})`, summariseProfile(profile));
      }
      const [serverMemory, bareMemory, durableMemory] = await Promise.all([
        server.memory(),
        bare.memory(),
        durable.memory(),
      ]);
      const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
      progress('add to list: counting the brands’ coins and lists');
      let spent = 0;
      let listed = 0;
      // The lists are a read model: give the projection a moment to catch up.
      for (let attempt = 0; attempt < 50; attempt++) {
        spent = 0;
        listed = 0;
        for (const brand of brands) {
          spent += coins - (await balanceOf(server.info.url, brand.token));
          listed += await listedBy(server.info.url, brand.userId, brand.token);
        }
        if (spent === listed) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const value = best.value!;
      const baseline = best.baseline!;
      const durableBaseline = best.durable!;
      return [
        {
          measure: `Add to list, ${brands.length} brands at once (POST collection/users/add)${on}`,
          value: value.perSecond,
          unit: 'requests/s',
          baseline: durableBaseline.perSecond,
          baselineIs:
            'durable HTTP writes: the bare express app, PUT of the same body parsed and inserted with raw node:sqlite (synchronous=FULL, group-committed across concurrent requests), own process',
          better: 'higher',
          ...(onWorkers ? {} : { target: 0.4 }),
          note: `wrk -t${WRK_THREADS} -c${WRK_CONNECTIONS}, best of ${ROUNDS} runs of ${seconds} s; p50 ${value.p50Ms.toFixed(1)} ms, p99 ${value.p99Ms.toFixed(1)} ms, ${value.cpu} µs CPU/request, peak RSS ${mib(serverMemory.maxRss)}; each a coin spent and a connection opened (FULL), its conversation opened by the process manager; durable bare p50 ${durableBaseline.p50Ms.toFixed(1)} ms, ${durableBaseline.cpu} µs CPU/request, peak RSS ${mib(durableMemory.maxRss)}`,
        },
        {
          measure: `Add to list, against the pure bare PUT${on}`,
          value: value.perSecond,
          unit: 'requests/s',
          baseline: baseline.perSecond,
          baselineIs:
            'HTTP writes: the bare express app, PUT of a JSON body parsed by express.json',
          better: 'higher',
          note: `bare p50 ${baseline.p50Ms.toFixed(1)} ms, ${baseline.cpu} µs CPU/request, peak RSS ${mib(bareMemory.maxRss)}`,
        },
        {
          measure: `Coins spent without a creator on the list (must be 0)${on}`,
          value: Math.abs(spent - listed),
          unit: 'coins',
          baseline: spent,
          baselineIs:
            'coins: every coin the brands spent in the runs above (ratio = share unaccounted)',
          better: 'lower',
          target: 0,
          note: `${added} adds answered 2xx by wrk's count, ${spent} coins spent, ${listed} creators on the brands' lists`,
        },
      ] satisfies Row[];
    } finally {
      await Promise.allSettled([server.stop(), bare.stop(), durable.stop()]);
      await rm(scriptDir, { recursive: true, force: true });
    }
  },
});

export const collections = addToList(false);
export const collectionsOnWorkers = addToList(true);

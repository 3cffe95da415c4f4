import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BareInfo } from '../http/bare-express.ts';
import { startChild } from '../http/child.ts';
import type { CollectionsServerInfo } from '../http/collections-process.ts';
import { ensureWrk, runWrk, WRK_CONNECTIONS, WRK_THREADS, type WrkResult } from '../http/wrk.ts';
import type { Measure } from '../measure.ts';
import type { Row } from '../table.ts';

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
 */
export const collections: Measure = {
  name: 'Add to list (wrk)',
  run: async ({ progress }) => {
    ensureWrk();
    progress('add to list: starting a server (registering brands and creators) and the bare app');
    const scriptDir = await mkdtemp(join(tmpdir(), 'linkcoin-bench-add-'));
    const [server, bare] = await Promise.all([
      startChild<CollectionsServerInfo>(join(here, 'collections-process.ts'), {
        // Registering 250 accounts hashes 500 passwords (scrypt): slow on a busy machine.
        startupTimeoutMs: 600_000,
      }),
      startChild<BareInfo>(join(here, 'bare-express.ts')),
    ]);
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
      const bareRun = async (seconds: number) => {
        const result = await runWrk(
          scriptDir,
          bare.info.url,
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
        Math.min(SECONDS, Math.floor((pairs - startAt) / (ROUNDS * 1.5 * warm.perSecond))),
      );
      const best = { value: null as WrkResult | null, baseline: null as WrkResult | null };
      for (let round = 0; round < ROUNDS; round++) {
        progress(`add to list: bare for ${seconds} s`);
        const b = await bareRun(seconds);
        progress(`add to list: ${brands.length} brands for ${seconds} s`);
        const a = await add(seconds);
        if (!best.baseline || b.perSecond > best.baseline.perSecond) best.baseline = b;
        if (!best.value || a.perSecond > best.value.perSecond) best.value = a;
      }
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
      return [
        {
          measure: `Add to list, ${brands.length} brands at once (POST collection/users/add)`,
          value: value.perSecond,
          unit: 'requests/s',
          baseline: baseline.perSecond,
          baselineIs:
            'HTTP writes: the bare express app, PUT of a JSON body parsed by express.json',
          better: 'higher',
          note: `wrk -t${WRK_THREADS} -c${WRK_CONNECTIONS}, best of ${ROUNDS} runs of ${seconds} s; p50 ${value.p50Ms.toFixed(1)} ms, p99 ${value.p99Ms.toFixed(1)} ms; each a coin spent and a connection opened (FULL), its conversation opened by the process manager`,
        },
        {
          measure: 'Coins spent without a creator on the list (must be 0)',
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
      await Promise.allSettled([server.stop(), bare.stop()]);
      await rm(scriptDir, { recursive: true, force: true });
    }
  },
};

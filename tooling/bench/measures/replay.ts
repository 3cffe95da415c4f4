import { join } from 'node:path';
import { SqliteEventStore } from '@linkcoin/infra/eventstore/sqlite.ts';
import { bestOfAlternating, perSecond, type Measure } from '../measure.ts';
import { metadata, payload, RawEvents, withTempDir } from '../raw-sqlite.ts';
import type { Row } from '../table.ts';

const EVENTS = 200_000;
const PAGE = 1000;

/** Peak heap used while `work` runs, sampled every few milliseconds and after each page. */
const heapWatch = () => {
  let peak = process.memoryUsage().heapUsed;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  const timer = setInterval(sample, 5);
  return {
    sample,
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
};

/**
 * Reads the whole global log in pages of 1000, every event parsed, as a projection rebuild
 * does; the baseline reads the same file with a plain SELECT and JSON.parse.
 */
export const replay: Measure = {
  name: 'Global-log replay',
  run: ({ progress }) =>
    withTempDir(async (dir) => {
      const path = join(dir, 'events.db');
      const store = new SqliteEventStore({ path, synchronous: 'NORMAL' });
      const raw = await RawEvents.open(path, 'NORMAL').catch(async (error: unknown) => {
        await store.close();
        throw error;
      });
      try {
        progress(`replay: writing ${EVENTS.toLocaleString('en-US')} events`);
        const batch = Array.from({ length: 100 }, () => ({
          type: 'CoinsSpent',
          data: payload,
          metadata,
        }));
        for (let i = 0; i < EVENTS / 100; i++) {
          await store.append(`wallet-${i % 1000}`, batch, { expectedRevision: 'any' });
        }
        const heap = { store: 0, raw: 0 };
        const viaStore = async () => {
          const watch = heapWatch();
          const started = performance.now();
          let after: number | null = null;
          let seen = 0;
          for (;;) {
            const page = await store.readAll({ after, maxCount: PAGE });
            seen += page.events.length;
            after = page.lastPosition;
            watch.sample();
            if (page.isEnd) break;
          }
          const rate = perSecond(seen, performance.now() - started);
          heap.store = Math.max(heap.store, watch.stop());
          if (seen !== EVENTS) throw new Error(`replayed ${seen} of ${EVENTS}`);
          return rate;
        };
        const viaRaw = async () => {
          const watch = heapWatch();
          const started = performance.now();
          let after = 0;
          let seen = 0;
          for (;;) {
            const page = raw.readAfter(after, PAGE);
            seen += page.count;
            after = page.last;
            watch.sample();
            // Yield between pages as the store's async reads do.
            await new Promise((resolve) => setImmediate(resolve));
            if (page.count < PAGE) break;
          }
          const rate = perSecond(seen, performance.now() - started);
          heap.raw = Math.max(heap.raw, watch.stop());
          if (seen !== EVENTS) throw new Error(`raw replay read ${seen} of ${EVENTS}`);
          return rate;
        };
        progress('replay: reading it back');
        const { baseline, value } = await bestOfAlternating(3, viaRaw, viaStore);
        const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
        return [
          {
            measure: 'Global-log replay (pages of 1000, JSON parsed)',
            value,
            unit: 'events/s',
            baseline,
            baselineIs:
              'replay: raw node:sqlite SELECT of the same file in pages of 1000, each row JSON.parse-d',
            better: 'higher',
            target: 0.6,
          },
          {
            measure: 'Peak heap used during replay (bench process)',
            value: mib(heap.store),
            unit: 'MiB',
            baseline: mib(heap.raw),
            baselineIs: 'replay heap: peak heap used by the raw SELECT replay in the same process',
            better: 'lower',
            target: 2,
          },
        ] satisfies Row[];
      } finally {
        raw.close();
        await store.close();
      }
    }),
};

import { bestOfAlternating, type Measure } from '../measure.ts';
import { metadata, payload, withRaw, withStore } from '../raw-sqlite.ts';
import type { Row } from '../table.ts';

const SAMPLES = 500;

const percentiles = (latencies: number[]) => {
  latencies.sort((a, b) => a - b);
  return {
    p50: latencies[Math.floor(latencies.length * 0.5)]!,
    p99: latencies[Math.floor(latencies.length * 0.99)]!,
  };
};

/** Time from an append's call to its delivery to a live subscriber of the global log. */
const storeDelivery = () =>
  withStore('FULL', async (store) => {
    const latencies: number[] = [];
    let pending: { at: number; resolve: () => void } | null = null;
    const subscription = store.subscribeToAll({
      after: null,
      onEvents: async () => {
        if (pending) {
          latencies.push(performance.now() - pending.at);
          pending.resolve();
          pending = null;
        }
      },
    });
    for (let i = 0; i < SAMPLES; i++) {
      const delivered = new Promise<void>((resolve) => {
        pending = { at: performance.now(), resolve };
      });
      await store.append(`latency-${i}`, [{ type: 'Probe', data: payload, metadata }], {
        expectedRevision: 'no_stream',
      });
      await delivered;
    }
    await subscription.stop();
    return percentiles(latencies);
  });

/** The least it takes by hand: INSERT (committed), then SELECT the new row and parse it. */
const rawDelivery = () =>
  withRaw('FULL', async (raw) => {
    const latencies: number[] = [];
    let position = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const at = performance.now();
      raw.insert(`latency-${i}`, 0, 'Probe');
      const page = raw.readAfter(position, 500);
      latencies.push(performance.now() - at);
      position = page.last;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return percentiles(latencies);
  });

export const liveDelivery: Measure = {
  name: 'Append to live subscriber',
  run: async ({ progress }) => {
    progress('append to live subscriber latency');
    const runs: { store: ReturnType<typeof percentiles>[]; raw: ReturnType<typeof percentiles>[] } =
      { store: [], raw: [] };
    await bestOfAlternating(
      2,
      async () => {
        runs.raw.push(await rawDelivery());
        return 0;
      },
      async () => {
        runs.store.push(await storeDelivery());
        return 0;
      },
    );
    const best = (list: ReturnType<typeof percentiles>[], key: 'p50' | 'p99') =>
      Math.round(Math.min(...list.map((p) => p[key])) * 1000) / 1000;
    const baselineIs =
      'delivery: raw node:sqlite INSERT (autocommit, FULL) then SELECT + JSON.parse of that row, timed the same way';
    return [
      {
        measure: 'Append to live subscriber, p50',
        value: best(runs.store, 'p50'),
        unit: 'ms',
        baseline: best(runs.raw, 'p50'),
        baselineIs,
        better: 'lower',
        target: 3,
      },
      {
        measure: 'Append to live subscriber, p99',
        value: best(runs.store, 'p99'),
        unit: 'ms',
        baseline: best(runs.raw, 'p99'),
        baselineIs,
        better: 'lower',
        target: 5,
      },
    ] satisfies Row[];
  },
};

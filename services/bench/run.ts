// `make bench`: throughput of the embedded event store and command path on this machine,
// printed as a table with the floors of the foundation issue. Not part of `make test`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Decider } from '@linkcoin/domain/shared/decider.ts';
import type { Command, Event, EventMetadata } from '@linkcoin/domain/shared/messages.ts';
import { createCommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import { SqliteEventStore } from '@linkcoin/infra/eventstore/sqlite.ts';

/** A floor is a minimum the figure must reach; a ceiling a maximum it must stay under. */
type Row = { measure: string; value: number; unit: string; floor?: number; ceiling?: number };

const metadata: EventMetadata = {
  actorUserId: 'bench',
  correlationId: 'bench',
  causationId: null,
  schemaVersion: 1,
  timestamp: '2026-01-01T00:00:00.000Z',
};
const payload = { creatorId: 'c-000123', coins: 1, note: 'Add to list: 7 days of chat' };

let peakHeap = 0;
const sampleHeap = () => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
};
const sampler = setInterval(sampleHeap, 20);

const withStore = async <T>(
  synchronous: 'FULL' | 'NORMAL',
  work: (store: SqliteEventStore) => Promise<T>,
): Promise<T> => {
  const dir = await mkdtemp(join(tmpdir(), 'linkcoin-bench-'));
  const store = new SqliteEventStore({ path: join(dir, 'events.db'), synchronous });
  try {
    return await work(store);
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
};

const perSecond = (count: number, startedAt: number) =>
  Math.round(count / ((performance.now() - startedAt) / 1000));

/** Single-event appends with an expected revision, one writer awaiting each append. */
const sequentialAppends = (synchronous: 'FULL' | 'NORMAL', count: number) =>
  withStore(synchronous, async (store) => {
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      await store.append('wallet-seq', [{ type: 'CoinsSpent', data: payload, metadata }], {
        expectedRevision: i === 0 ? 'no_stream' : i - 1,
      });
    }
    return perSecond(count, started);
  });

/** Single-event appends with an expected revision from many writers at once (group commit). */
const concurrentAppends = (synchronous: 'FULL' | 'NORMAL', writers: number, perWriter: number) =>
  withStore(synchronous, async (store) => {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let i = 0; i < perWriter; i++) {
          await store.append(
            `wallet-${writer}`,
            [{ type: 'CoinsSpent', data: payload, metadata }],
            {
              expectedRevision: i === 0 ? 'no_stream' : i - 1,
            },
          );
        }
      }),
    );
    return perSecond(writers * perWriter, started);
  });

/** Reads the whole global log in pages, parsing every event, as a projection rebuild does. */
const replay = (events: number) =>
  withStore('NORMAL', async (store) => {
    const batch = Array.from({ length: 100 }, () => ({
      type: 'CoinsSpent',
      data: payload,
      metadata,
    }));
    for (let i = 0; i < events / 100; i++) {
      await store.append(`wallet-${i % 1000}`, batch, { expectedRevision: 'any' });
    }
    const started = performance.now();
    let after: number | null = null;
    let seen = 0;
    for (;;) {
      const page = await store.readAll({ after, maxCount: 1000 });
      seen += page.events.length;
      after = page.lastPosition;
      sampleHeap();
      if (page.isEnd) break;
    }
    if (seen !== events) throw new Error(`replayed ${seen} of ${events}`);
    return perSecond(seen, started);
  });

type Spent = Event<'CoinSpent', { on: string }>;
type Spend = Command<'SpendCoin', { on: string }>;
const wallet: Decider<number, Spend, Spent> = {
  initialState: () => 0,
  evolve: (spent) => spent + 1,
  decide: (command) => ({ type: 'CoinSpent', data: { on: command.data.on } }),
};

/** Read the stream, fold, decide, append with the expected revision: concurrent users. */
const commandRoundTrips = (users: number, perUser: number) =>
  withStore('FULL', async (store) => {
    const { handle } = createCommandHandler(store);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: users }, async (_, user) => {
        for (let i = 0; i < perUser; i++) {
          await handle(wallet, `wallet-${user}`, {
            type: 'SpendCoin',
            data: { on: `creator-${i}` },
            metadata: {
              now: new Date(),
              actorUserId: `user-${user}`,
              correlationId: 'bench',
              causationId: null,
            },
          });
        }
      }),
    );
    return perSecond(users * perUser, started);
  });

/** Time from an append's return to its delivery to a live subscriber (p50 and p99). */
const liveDelivery = (samples: number) =>
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
    for (let i = 0; i < samples; i++) {
      const delivered = new Promise<void>((resolve) => {
        pending = { at: 0, resolve };
      });
      await store.append(`latency-${i}`, [{ type: 'Probe', data: payload, metadata }], {
        expectedRevision: 'no_stream',
      });
      pending!.at = performance.now();
      await delivered;
    }
    await subscription.stop();
    latencies.sort((a, b) => a - b);
    return {
      p50: latencies[Math.floor(samples * 0.5)]!,
      p99: latencies[Math.floor(samples * 0.99)]!,
    };
  });

const rows: Row[] = [];

const measure = async (name: string, unit: string, run: () => Promise<number>, floor?: number) => {
  process.stderr.write(`measuring ${name}…\n`);
  rows.push({ measure: name, value: await run(), unit, ...(floor ? { floor } : {}) });
};

await measure(
  'SQLite appends, synchronous=FULL, 64 writers (group commit)',
  'appends/s',
  () => concurrentAppends('FULL', 64, 400),
  5000,
);
await measure('SQLite appends, synchronous=NORMAL, 64 writers (group commit)', 'appends/s', () =>
  concurrentAppends('NORMAL', 64, 400),
);
await measure('SQLite appends, synchronous=FULL, 1 writer', 'appends/s', () =>
  sequentialAppends('FULL', 3000),
);
await measure('SQLite appends, synchronous=NORMAL, 1 writer', 'appends/s', () =>
  sequentialAppends('NORMAL', 10000),
);
await measure(
  'Global-log replay (pages of 1000, JSON parsed)',
  'events/s',
  () => replay(200_000),
  200_000,
);
await measure('Command handler round trips, FULL, 64 users', 'commands/s', () =>
  commandRoundTrips(64, 100),
);
await measure('Command handler round trips, FULL, 1 user', 'commands/s', () =>
  commandRoundTrips(1, 2000),
);
process.stderr.write('measuring live delivery…\n');
const delivery = await liveDelivery(500);
rows.push({
  measure: 'Append to live subscriber, p50',
  value: Math.round(delivery.p50 * 1000) / 1000,
  unit: 'ms',
});
rows.push({
  measure: 'Append to live subscriber, p99',
  value: Math.round(delivery.p99 * 1000) / 1000,
  unit: 'ms',
  ceiling: 50,
});
clearInterval(sampler);

sampleHeap();
rows.push({ measure: 'Peak heap used', value: Math.round(peakHeap / 1024 / 1024), unit: 'MiB' });
rows.push({
  measure: 'Peak resident set size',
  value: Math.round(process.resourceUsage().maxRSS / 1024),
  unit: 'MiB',
});

const missesBound = (row: Row) =>
  (row.floor !== undefined && row.value < row.floor) ||
  (row.ceiling !== undefined && row.value > row.ceiling);

const table = rows.map((row) => ({
  measure: row.measure,
  value: row.value.toLocaleString('en-US'),
  unit: row.unit,
  bound: row.floor
    ? `≥ ${row.floor.toLocaleString('en-US')}`
    : row.ceiling
      ? `≤ ${row.ceiling.toLocaleString('en-US')}`
      : '',
  verdict: !missesBound(row) ? (row.floor || row.ceiling ? 'meets' : '') : 'MISSES',
}));
const widths = Object.keys(table[0]!).map((key) =>
  Math.max(key.length, ...table.map((row) => String(row[key as keyof typeof row]).length)),
);
const line = (cells: string[]) =>
  `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`\nLinkCoin bench (Node ${process.version}, ${new Date().toISOString()})\n`);
console.log(line(Object.keys(table[0]!)));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of table) console.log(line(Object.values(row)));
if (rows.some(missesBound)) {
  console.log('\nA figure misses its bound.');
  process.exitCode = 1;
}

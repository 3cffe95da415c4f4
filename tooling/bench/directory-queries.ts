// The directory bench's searches without HTTP and without appending events, for working on the
// read store's query plans: `build` folds N demo creators in memory and writes them to a read
// store file once; `query` copies that file, opens the copy with the current code (a changed
// layout is migrated there) and times the bench's query mix (searchPage), checks answers
// against the full scan and prints the slowest kinds with their plans.
//
//   node tooling/bench/directory-queries.ts build <file> <creators>
//   node tooling/bench/directory-queries.ts query <file> [--compare-every N] [--explain]
import { copyFile, rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { DirectoryEntry } from '@linkcoin/domain/directory/entry.ts';
import {
  DIRECTORY_PAGE_SIZE,
  directoryQuery,
  searchByScan,
} from '@linkcoin/domain/directory/search.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { SqliteReadStore } from '@linkcoin/infra/readstore/sqlite.ts';
import {
  directoryCollection,
  directoryProjection,
} from '@linkcoin/services/directory/projection.ts';
import { searchPage, whereOf } from '@linkcoin/services/directory/query.ts';
import { applyInMemory, creatorEvents, queryMix } from './measures/directory.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'compare-every': { type: 'string', default: '1' },
    explain: { type: 'boolean', default: false },
    queries: { type: 'string', default: '1000' },
    /** Query strings to trace call by call (count and find timings) instead of the mix. */
    trace: { type: 'string', multiple: true },
  },
});
const [command, file] = positionals;
if (!file) throw new Error('usage: directory-queries.ts build|query <file> [creators]');

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

if (command === 'build') {
  const creators = Number(positionals[2] ?? 300_000);
  const started = performance.now();
  const entries = new Map<string, DirectoryEntry>();
  let position = 0;
  for (let index = 0; index < creators; index++) {
    for (const stream of creatorEvents(index)) {
      stream.events.forEach((event, revision) => {
        applyInMemory(entries, {
          ...event,
          id: String(position),
          streamId: stream.streamId,
          revision,
          position: position++,
        } as unknown as RecordedEvent);
      });
    }
  }
  process.stderr.write(
    `folded ${entries.size} in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  await rm(file, { force: true });
  const store = new SqliteReadStore({ path: file, soleWriter: true });
  await store.ensureCollections([directoryCollection]);
  await store.deferIndexes([directoryCollection]);
  const all = [...entries.values()];
  const writing = performance.now();
  for (let at = 0; at < all.length; at += 2000) {
    const chunk = all.slice(at, at + 2000);
    const events = chunk.map(
      (entry, i) => ({ position: at + i, id: entry.id }) as unknown as RecordedEvent,
    );
    await store.applyBatch(
      directoryProjection.name,
      directoryProjection.version,
      events,
      (event, tx) => tx.put(directoryCollection.name, event.id, entries.get(event.id)!),
    );
  }
  const building = performance.now();
  await store.buildDeferredIndexes([directoryCollection]);
  process.stderr.write(
    `deferred indexes and side tables built in ${((performance.now() - building) / 1000).toFixed(1)} s\n`,
  );
  await store.close();
  process.stderr.write(
    `written in ${((performance.now() - writing) / 1000).toFixed(0)} s (${Math.round(all.length / ((performance.now() - writing) / 1000))}/s)\n`,
  );
} else if (command === 'query') {
  const copy = `${file}.work`;
  await rm(copy, { force: true });
  await copyFile(file, copy);
  const opening = performance.now();
  const store = new SqliteReadStore({ path: copy, soleWriter: true });
  await store.ensureCollections([directoryCollection]);
  const directory = store.collection<DirectoryEntry>(directoryCollection.name);
  const creators = await directory.count();
  process.stderr.write(
    `${creators} creators, opened in ${((performance.now() - opening) / 1000).toFixed(1)} s\n`,
  );
  if (values.trace?.length) {
    const traced: typeof directory = {
      ...directory,
      count: async (query) => {
        const at = performance.now();
        const n = await directory.count(query);
        console.log(
          `    count ${(performance.now() - at).toFixed(1)} ms = ${n} ${JSON.stringify(query)}`,
        );
        console.log(
          `      ${store.explain(directoryCollection.name, query ?? {}, 'count').join(' | ')}`,
        );
        return n;
      },
      find: async (query) => {
        const at = performance.now();
        const found = await directory.find(query);
        console.log(`    find ${(performance.now() - at).toFixed(1)} ms ${JSON.stringify(query)}`);
        console.log(`      ${store.explain(directoryCollection.name, query ?? {}).join(' | ')}`);
        return found;
      },
    };
    for (const text of values.trace) {
      const request = directoryQuery.parse(Object.fromEntries(new URLSearchParams(text)));
      const limit = request.limit ?? DIRECTORY_PAGE_SIZE;
      for (let run = 0; run < 2; run++) {
        const at = performance.now();
        await searchPage(traced, request, request.sort, (request.page - 1) * limit, limit);
        console.log(`${text}: ${(performance.now() - at).toFixed(1)} ms`);
      }
    }
    await store.close();
    process.exit(0);
  }
  const entries: DirectoryEntry[] = [];
  for (let after: string | null = null; ;) {
    const page = await directory.scan(after, 10_000);
    if (page.length === 0) break;
    for (const row of page) entries.push(row.document);
    after = page.at(-1)!.id;
  }
  const queries = queryMix(Number(values.queries), Math.ceil(creators / 10));
  const compareEvery = Number(values['compare-every']);
  const ask = async (query: Record<string, string>) => {
    const request = directoryQuery.parse(query);
    const limit = request.limit ?? DIRECTORY_PAGE_SIZE;
    const skip = (request.page - 1) * limit;
    const sent = performance.now();
    const page = await searchPage(directory, request, request.sort, skip, limit);
    return { ms: performance.now() - sent, page, request, skip, limit };
  };
  for (const query of queries.slice(0, 50)) await ask(query); // warm-up
  const latencies: number[] = [];
  const timed: { ms: number; query: Record<string, string> }[] = [];
  const byKind = new Map<string, number[]>();
  let mismatches = 0;
  let compared = 0;
  for (const [index, query] of queries.entries()) {
    const { ms, page, request, skip, limit } = await ask(query);
    latencies.push(ms);
    timed.push({ ms, query });
    const kind = Object.keys(query).sort().join('&');
    byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
    if (index % compareEvery === 0) {
      compared += 1;
      const scan = searchByScan(entries, { ...request, skip, limit });
      const same =
        scan.total === page.total &&
        scan.page.map((entry) => entry.id).join() === page.entries.map((entry) => entry.id).join();
      if (!same) {
        mismatches += 1;
        process.stderr.write(`MISMATCH ${new URLSearchParams(query).toString()}\n`);
      }
    }
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  console.log(
    `${queries.length} searches: p50 ${round(percentile(sorted, 50))} ms, p95 ${round(percentile(sorted, 95))} ms, p99 ${round(percentile(sorted, 99))} ms, max ${round(sorted.at(-1)!)} ms; ${compared} compared with the scan, ${mismatches} different`,
  );
  const kinds = [...byKind.entries()]
    .map(([kind, ms]) => ({ kind, ms: ms.sort((a, b) => a - b) }))
    .sort((a, b) => percentile(b.ms, 95) - percentile(a.ms, 95));
  for (const { kind, ms } of kinds) {
    console.log(
      `  ${kind.padEnd(60)} n=${String(ms.length).padStart(3)} p50 ${round(percentile(ms, 50))} p95 ${round(percentile(ms, 95))} max ${round(ms.at(-1)!)}`,
    );
  }
  timed.sort((a, b) => b.ms - a.ms);
  console.log('slowest:');
  for (const { ms, query } of timed.slice(0, 15)) {
    console.log(`  ${round(ms)} ms ${new URLSearchParams(query).toString()}`);
  }
  if (values.explain) {
    const seen = new Set<string>();
    for (const { query } of timed.slice(0, 40)) {
      const kind = Object.keys(query).sort().join('&');
      if (seen.has(kind)) continue;
      seen.add(kind);
      const request = directoryQuery.parse(query);
      const text = request.search ? { text: { search: request.search } } : {};
      const q = { where: whereOf(request), ...text };
      console.log(`\n${new URLSearchParams(query).toString()}`);
      console.log(`  count: ${store.explain(directoryCollection.name, q, 'count').join(' | ')}`);
    }
  }
  await store.close();
  await rm(copy, { force: true });
  await rm(`${copy}-wal`, { force: true });
  await rm(`${copy}-shm`, { force: true });
} else {
  throw new Error(`unknown command ${command}`);
}

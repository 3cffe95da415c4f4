// Insights rows written straight into the read store for the query measure: every creator a
// few days, the measured ones a whole year (the rows the projection would have made).
import { emptyDay, type DayRow } from '@linkcoin/domain/insights/daily.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import { seededRandom } from '@linkcoin/services/testing/demo-accounts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const ROWS_PER_EVENT = 500;
const EVENTS_PER_BATCH = 100;

export const creatorId = (index: number): string => `bench-${String(index).padStart(7, '0')}`;

/** One day of a creator, with a believable mix of viewers, sources and conversations. */
export const benchRow = (
  creator: string,
  day: string,
  random: ReturnType<typeof seededRandom>,
): DayRow => {
  const viewers = (kind: string, n: number) =>
    Array.from({ length: n }, (_, i) => `${kind}${day.replaceAll('-', '')}${i}`.padEnd(16, 'x'));
  const brands = Math.floor(random.next() * 8);
  const visitors = Math.floor(random.next() * 20);
  const replied = Math.floor(random.next() * 3);
  return {
    ...emptyDay(creator, day),
    impressions: Math.floor(random.next() * 200),
    viewers: { brand: viewers('b', brands), visitor: viewers('v', visitors) },
    sources: {
      'search:fashion': { impressions: Math.floor(random.next() * 50), views: brands },
      'category:skincare': { impressions: Math.floor(random.next() * 30), views: 1 },
      [`search:word${Math.floor(random.next() * 40)}`]: { impressions: 3, views: 0 },
    },
    listAdds: Math.floor(random.next() * 3),
    renewals: Math.floor(random.next() * 2),
    conversations: replied + Math.floor(random.next() * 2),
    replied,
    replySeconds: Array.from({ length: replied }, () => Math.floor(random.next() * 86_400)),
  };
};

/**
 * `creators` creators with `daysEach` days each, and the first `yearLong` of them with 365:
 * written through the read store's own batches (one transaction per 50,000 rows).
 */
export const seedInsights = async (
  readStore: ReadStore,
  collection: string,
  options: { creators: number; daysEach: number; yearLong: number; today: Date },
  progress: (line: string) => void,
): Promise<number> => {
  const random = seededRandom(20261127);
  const dayOf = (back: number) =>
    new Date(options.today.getTime() - back * DAY_MS).toISOString().slice(0, 10);
  function* rows(): Generator<DayRow> {
    for (let index = 0; index < options.creators; index++) {
      const days = index < options.yearLong ? 365 : options.daysEach;
      for (let back = 0; back < days; back++) yield benchRow(creatorId(index), dayOf(back), random);
    }
  }
  let position = 0;
  let written = 0;
  let batch: RecordedEvent[] = [];
  const pending = new Map<number, DayRow[]>();
  const flush = async () => {
    await readStore.applyBatch('bench-insights-seed', 1, batch, async (event, tx) => {
      for (const row of pending.get(event.position) ?? []) await tx.put(collection, row.id, row);
    });
    batch = [];
    pending.clear();
  };
  let chunk: DayRow[] = [];
  const addEvent = async () => {
    position += 1;
    pending.set(position, chunk);
    batch.push({
      id: `seed-${position}`,
      streamId: 'bench-seed',
      revision: position - 1,
      position,
      type: 'BenchInsightsSeeded',
      data: {},
      metadata: {
        actorUserId: null,
        correlationId: 'bench',
        causationId: null,
        schemaVersion: 1,
        timestamp: options.today.toISOString(),
      },
    });
    chunk = [];
    if (batch.length >= EVENTS_PER_BATCH) {
      await flush();
      if (written % 200_000 < ROWS_PER_EVENT * EVENTS_PER_BATCH) {
        progress(`insights: ${written.toLocaleString('en-US')} rows seeded`);
      }
    }
  };
  for (const row of rows()) {
    chunk.push(row);
    written += 1;
    if (chunk.length >= ROWS_PER_EVENT) await addEvent();
  }
  if (chunk.length) await addEvent();
  if (batch.length) await flush();
  return written;
};

import { bestOfAlternating, timed, type Measure } from '../measure.ts';
import { metadata, payload, withRaw, withStore, type Synchronous } from '../raw-sqlite.ts';
import type { Row } from '../table.ts';

const event = { type: 'CoinsSpent', data: payload, metadata };

/** Single-event appends with an expected revision from many writers at once (group commit). */
const storeAppends = (synchronous: Synchronous, writers: number, perWriter: number) =>
  withStore(synchronous, (store) =>
    timed(writers * perWriter, () =>
      Promise.all(
        Array.from({ length: writers }, async (_, writer) => {
          for (let i = 0; i < perWriter; i++) {
            await store.append(`wallet-${writer}`, [event], {
              expectedRevision: i === 0 ? 'no_stream' : i - 1,
            });
          }
        }),
      ),
    ),
  );

/**
 * The same rows with plain INSERTs, one transaction per `writers` rows: what a perfect group
 * commit would do (one writer: one transaction per row, as autocommit).
 */
const rawAppends = (synchronous: Synchronous, writers: number, perWriter: number) =>
  withRaw(synchronous, (raw) =>
    timed(writers * perWriter, () => {
      for (let i = 0; i < perWriter; i++) {
        raw.transaction(() => {
          for (let writer = 0; writer < writers; writer++) raw.insert(`wallet-${writer}`, i);
        });
      }
    }),
  );

const appendRow = async (
  synchronous: Synchronous,
  writers: number,
  perWriter: number,
  target: number,
): Promise<Row> => {
  const { baseline, value } = await bestOfAlternating(
    2,
    () => rawAppends(synchronous, writers, perWriter),
    () => storeAppends(synchronous, writers, perWriter),
  );
  return {
    measure:
      writers === 1
        ? `Event store appends, synchronous=${synchronous}, 1 writer`
        : `Event store appends, synchronous=${synchronous}, ${writers} writers (group commit)`,
    value,
    unit: 'appends/s',
    baseline,
    baselineIs:
      'appends: raw node:sqlite INSERTs into the same table and file settings, one transaction per row (1 writer) or per row of each writer (N writers, a perfect group commit)',
    better: 'higher',
    target,
  };
};

export const appends: Measure = {
  name: 'Event store appends',
  run: async ({ progress }) => {
    const rows: Row[] = [];
    progress('appends, group commit, FULL');
    rows.push(await appendRow('FULL', 64, 200, 0.5));
    progress('appends, group commit, NORMAL');
    rows.push(await appendRow('NORMAL', 64, 200, 0.5));
    progress('appends, 1 writer, FULL');
    rows.push(await appendRow('FULL', 1, 1500, 0.4));
    progress('appends, 1 writer, NORMAL');
    rows.push(await appendRow('NORMAL', 1, 5000, 0.4));
    return rows;
  },
};

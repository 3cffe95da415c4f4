/**
 * The replay check on its own: a read model rebuilt from the log into a scratch store and
 * compared document by document with the live one, with its progress, and a live read model
 * that moves on while it is compared.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@linkcoin/domain/shared/messages.ts';
import { SqliteEventStore } from '@linkcoin/infra/eventstore/sqlite.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import { ProjectionRunner, type Projection } from '@linkcoin/infra/readstore/projections.ts';
import { SqliteReadStore } from '@linkcoin/infra/readstore/sqlite.ts';
import { silentLogger } from '@linkcoin/infra/shared/logger.ts';
import {
  describeDifference,
  differingFields,
  runReplayCheck,
  type ReplayProgress,
} from './replay-check.ts';

type Tally = { id: string; coins: number; notes: string[]; label?: string };

const meta: EventMetadata = {
  actorUserId: null,
  correlationId: 'replay-test',
  causationId: null,
  schemaVersion: 1,
  timestamp: '2026-03-01T10:00:00.000Z',
};

/** A small read model: coins per stream, and a note per event. */
const tallies: Projection = {
  name: 'tallies',
  version: 1,
  collections: [{ name: 'tallies', indexes: [{ fields: ['coins'] }] }],
  eventTypes: ['Counted'],
  apply: async (event, tx) => {
    const data = event.data as { coins: number; note: string };
    const tally = (await tx.get<Tally>('tallies', event.streamId)) ?? {
      id: event.streamId,
      coins: 0,
      notes: [],
    };
    await tx.put<Tally>('tallies', event.streamId, {
      ...tally,
      coins: tally.coins + data.coins,
      notes: [...tally.notes, data.note],
      label: 'counted',
    });
  },
};

describe('the replay check', () => {
  let events: SqliteEventStore;
  let live: SqliteReadStore;
  let runner: ProjectionRunner;

  const count = (stream: string, coins: number, note = `+${coins}`) =>
    events.append(stream, [{ type: 'Counted', data: { coins, note }, metadata: meta }], {
      expectedRevision: 'any',
    });

  beforeEach(async () => {
    events = new SqliteEventStore({ path: ':memory:', idleRecheckMs: 50 });
    live = new SqliteReadStore({ path: ':memory:' });
    runner = new ProjectionRunner({
      eventStore: events,
      readStore: live,
      projections: [tallies],
      logger: silentLogger,
    });
    await runner.start();
    for (let i = 0; i < 12; i++) await count(`tally-${i % 4}`, i);
    expect(await runner.waitFor(await events.headPosition())).toBe(true);
  });
  afterEach(async () => {
    await runner.stop();
    await live.close();
    await events.close();
  });

  /** The live document, changed behind the projection's back. */
  const corrupt = async (id: string, change: (tally: Tally) => Tally | null) => {
    const tally = (await live.collection<Tally>('tallies').get(id))!;
    const next = change(tally);
    // A checkpoint of its own per corruption: a batch behind its checkpoint would be skipped.
    await live.applyBatch(
      `corruption-${id}`,
      1,
      [{ ...(await events.readAll({ after: null, maxCount: 1 })).events[0]! }],
      async (_event, tx) => (next ? tx.put('tallies', id, next) : tx.delete('tallies', id)),
    );
  };

  it('finds nothing to report when the read model is what the log makes, and shows its progress', async () => {
    const progress: ReplayProgress[] = [];
    const outcome = await runReplayCheck(
      { eventStore: events, readStore: live, pageSize: 5 },
      [tallies],
      (step) => progress.push(step),
    );
    expect(outcome).toMatchObject({
      differenceCount: 0,
      differences: [],
      eventsRead: 12,
      documentsCompared: 4,
      target: 12,
    });
    const replaying = progress.filter((step) => step.phase === 'replaying');
    expect(replaying.map((step) => [step.position, step.eventsRead])).toEqual([
      [5, 5],
      [10, 10],
      [12, 12],
    ]);
    expect(replaying.map((step) => step.percent)).toEqual([37, 75, 90]);
    expect(progress.at(-1)).toMatchObject({ phase: 'comparing' });
  });

  it('reports exactly the documents that differ, are missing or are extra', async () => {
    await corrupt('tally-1', (tally) => ({ ...tally, coins: 999, label: 'tampered' }));
    await corrupt('tally-2', () => null);
    await corrupt('tally-9', () => ({ id: 'tally-9', coins: 1, notes: [] }));
    const outcome = await runReplayCheck({ eventStore: events, readStore: live }, [tallies]);
    expect(outcome.differenceCount).toBe(3);
    expect(outcome.differences).toEqual([
      {
        readModel: 'tallies',
        collection: 'tallies',
        id: 'tally-1',
        kind: 'different',
        fields: ['coins', 'label'],
        live: { coins: 999, label: 'tampered' },
        rebuilt: { coins: 1 + 5 + 9, label: 'counted' },
      },
      expect.objectContaining({ id: 'tally-2', kind: 'missing', live: null }),
      expect.objectContaining({
        id: 'tally-9',
        kind: 'extra',
        live: { id: 'tally-9', coins: 1, notes: [] },
        rebuilt: null,
      }),
    ]);
  });

  it('follows a live read model that moved on while it was compared, reporting nothing false', async () => {
    const head = (await events.headPosition())!;
    // The check reads an older checkpoint than the documents it then compares, as when the
    // projector applied a batch in between; the next look at the checkpoint catches up.
    let looks = 0;
    const movingOn: ReadStore = Object.assign(Object.create(live) as ReadStore, {
      getCheckpoint: async (name: string) => {
        const stored = await live.getCheckpoint(name);
        looks += 1;
        return looks === 1 && stored ? { ...stored, position: head - 3 } : stored;
      },
      collection: <T extends object>(name: string) => live.collection<T>(name),
    });
    const outcome = await runReplayCheck({ eventStore: events, readStore: movingOn }, [tallies]);
    expect(looks).toBeGreaterThan(1);
    expect(outcome.differenceCount).toBe(0);
  });

  it('names the fields that differ, whole arrays at once', () => {
    expect(
      differingFields(
        { a: 1, b: { c: [1, 2], d: 'x' }, e: null },
        { a: 1, b: { c: [1, 3], d: 'x' }, f: 2 },
      ),
    ).toEqual(['b.c', 'e', 'f']);
    expect(describeDifference('m', 'c', 'id', { a: 1 }, { a: 1 })).toBeNull();
    expect(
      describeDifference('m', 'c', 'id', { sealedCode: 'abc' }, { sealedCode: 'abd' }),
    ).toMatchObject({ fields: ['sealedCode'], live: { sealedCode: '[hidden]' } });
  });
});

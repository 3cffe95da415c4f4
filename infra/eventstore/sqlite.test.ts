import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEventStoreContract } from './contract.ts';
import { SqliteEventStore, type SqliteEventStoreOptions } from './sqlite.ts';

/** A contract setup: a store on a file of its own, with these options. */
const onFile =
  (options: Omit<SqliteEventStoreOptions, 'path'> = {}) =>
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linkcoin-es-'));
    const store = new SqliteEventStore({ path: join(dir, 'events.db'), ...options });
    return {
      store,
      dispose: async () => {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  };

describeEventStoreContract('sqlite (file, synchronous=FULL)', onFile());

describeEventStoreContract(
  'sqlite (file, synchronous=FULL, the sole writer)',
  onFile({ soleWriter: true }),
);

describeEventStoreContract(
  'sqlite (file, synchronous=FULL, every commit in the writer thread)',
  onFile({ soleWriter: true, writerThread: true }),
);

describeEventStoreContract(
  'sqlite (file, synchronous=FULL, moving between the loop and the thread every few commits)',
  onFile({
    soleWriter: true,
    writerThread: 'when-slow',
    // Every commit is slow on the loop and fast in the thread: the store moves every 2 commits.
    commitPlacePolicy: {
      slowMs: 1e-9,
      fastMs: Number.POSITIVE_INFINITY,
      weight: 1,
      minCommits: 2,
      minCommitsBack: 2,
    },
  }),
);

describeEventStoreContract(
  'sqlite (file, synchronous=NORMAL, commits on the event loop)',
  onFile({ synchronous: 'NORMAL' }),
);

describe('SqliteEventStore specifics', () => {
  it('a sole writer answers reads past a head it knows without the file, until another writes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linkcoin-es-'));
    const path = join(dir, 'events.db');
    const meta = {
      actorUserId: null,
      correlationId: 'c',
      causationId: null,
      schemaVersion: 1,
      timestamp: '2026-01-01T00:00:00.000Z',
    };
    const event = (type: string) => ({ type, data: {}, metadata: meta });
    for (const synchronous of ['FULL', 'NORMAL'] as const) {
      const stream = `sole-${synchronous}`;
      const store = new SqliteEventStore({ path, soleWriter: true, synchronous });
      const types = async (fromRevision: number) =>
        (await store.readStream(stream, { fromRevision })).map((e) => e.type);
      expect(await types(0)).toEqual([]);
      await store.append(stream, [event('First')], { expectedRevision: 'no_stream' });
      expect(await types(1)).toEqual([]);
      await store.append(stream, [event('Second')], { expectedRevision: 0 });
      expect(await types(1)).toEqual(['Second']);
      expect(await types(0)).toEqual(['First', 'Second']);

      // Another connection appends: the sole writer does not look, as it was promised...
      const intruder = new SqliteEventStore({ path, synchronous: 'NORMAL' });
      await intruder.append(stream, [event('Foreign')], { expectedRevision: 1 });
      await intruder.close();
      expect(await types(2)).toEqual([]);
      // ...until its next commit finds the file changed by someone else: then it always reads.
      await store.append(`${stream}-other`, [event('Any')], { expectedRevision: 'any' });
      expect(await types(2)).toEqual(['Foreign']);
      await store.close();
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps every accepted append across a close and reopen', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linkcoin-es-'));
    const path = join(dir, 'events.db');
    const store = new SqliteEventStore({ path });
    const meta = {
      actorUserId: null,
      correlationId: 'c',
      causationId: null,
      schemaVersion: 1,
      timestamp: '2026-01-01T00:00:00.000Z',
    };
    const pending = store.append('durable-1', [{ type: 'A', data: {}, metadata: meta }], {
      expectedRevision: 'no_stream',
    });
    await store.close(); // closes while the append is still queued for group commit
    await pending;
    const reopened = new SqliteEventStore({ path });
    expect((await reopened.readStream('durable-1')).map((e) => e.type)).toEqual(['A']);
    await reopened.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('wakes a subscriber for an append made by another connection to the same file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linkcoin-es-'));
    const path = join(dir, 'events.db');
    const reader = new SqliteEventStore({ path, idleRecheckMs: 50 });
    const writer = new SqliteEventStore({ path });
    const seen: string[] = [];
    const subscription = reader.subscribeToAll({
      after: null,
      onEvents: async (events) => {
        seen.push(...events.map((e) => e.type));
      },
    });
    await writer.append(
      'elsewhere-1',
      [
        {
          type: 'FromOtherProcess',
          data: {},
          metadata: {
            actorUserId: null,
            correlationId: 'c',
            causationId: null,
            schemaVersion: 1,
            timestamp: '2026-01-01T00:00:00.000Z',
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await expect.poll(() => seen, { timeout: 5000 }).toEqual(['FromOtherProcess']);
    await subscription.stop();
    await writer.close();
    await reader.close();
    await rm(dir, { recursive: true, force: true });
  });
});

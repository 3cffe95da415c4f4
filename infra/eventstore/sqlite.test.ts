import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEventStoreContract } from './contract.ts';
import { SqliteEventStore } from './sqlite.ts';

describeEventStoreContract('sqlite (file, synchronous=FULL)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'linkcoin-es-'));
  const store = new SqliteEventStore({ path: join(dir, 'events.db') });
  return {
    store,
    dispose: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteEventStore specifics', () => {
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

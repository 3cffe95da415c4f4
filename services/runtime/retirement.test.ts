import { DatabaseSync } from 'node:sqlite';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readModelStreamId } from '@linkcoin/domain/shared/read-model-retirement.ts';
import { registerUser } from '../testing/accounts.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import type { BoundedContext } from '../platform/context.ts';
import { CONTEXTS } from './composition.ts';

/** A context of an earlier release that kept a read model of every registration. */
const keeping: BoundedContext = {
  name: 'legacy',
  projections: [
    {
      name: 'legacy-notes',
      version: 1,
      collections: [{ name: 'legacy_notes', textSearch: ['email'] }],
      eventTypes: ['AccountRegistered'],
      apply: (event, tx) =>
        tx.put('legacy_notes', event.id, { email: (event.data as { email: string }).email }),
    },
  ],
  create: () => ({ endpoints: [], processes: [] }),
};

/** The same context once the read model was retired. */
const retiring: BoundedContext = {
  name: 'legacy',
  projections: [],
  retired: [{ name: 'legacy-notes', collections: ['legacy_notes'], reason: 'No screen reads it.' }],
  create: () => ({ endpoints: [], processes: [] }),
};

/** The read store's tables named after a collection (its documents, text and list tables). */
const tablesOf = (dataDir: string, collection: string): string[] => {
  const file = new DatabaseSync(join(dataDir, 'readmodels.db'), { readOnly: true });
  try {
    return (
      file
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE ? ORDER BY name",
        )
        .all(`%${collection}%`) as { name: string }[]
    ).map((row) => row.name);
  } finally {
    file.close();
  }
};

const retirements = async (server: TestServer, name: string) =>
  (await server.runtime.platform.eventStore.readStream(readModelStreamId(name))).map((event) => ({
    type: event.type,
    data: event.data,
  }));

describe('retiring a read model', () => {
  let dataDir: string;
  const servers: TestServer[] = [];
  const start = async (contexts: readonly BoundedContext[]) => {
    const server = await startTestServer({ dataDir, contexts });
    servers.push(server);
    return server;
  };
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('drops its storage and checkpoint at start, records it once, and leaves it gone', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-retire-'));
    const before = await start([...CONTEXTS, keeping]);
    const user = await registerUser(before, { role: 'user' });
    await expect
      .poll(() => before.runtime.platform.readStore.collection('legacy_notes').count({}))
      .toBeGreaterThan(0);
    await before.stop();
    expect(tablesOf(dataDir, 'legacy_notes').length).toBeGreaterThan(0);

    const retired = await start([...CONTEXTS, retiring]);
    expect(tablesOf(dataDir, 'legacy_notes')).toEqual([]);
    expect(await retired.runtime.platform.readStore.getCheckpoint('legacy-notes')).toBeNull();
    expect(await retirements(retired, 'legacy-notes')).toEqual([
      {
        type: 'ReadModelRetired',
        data: {
          name: 'legacy-notes',
          collections: ['legacy_notes'],
          reason: 'No screen reads it.',
          retiredAt: expect.any(String),
        },
      },
    ]);
    // What the read model was built from is all still in the log.
    const registered = await retired.runtime.platform.eventStore.readStream(
      `account-${user.userId}`,
    );
    expect(registered.map((event) => event.type)).toContain('AccountRegistered');
    await retired.stop();

    const again = await start([...CONTEXTS, retiring]);
    expect(await retirements(again, 'legacy-notes')).toHaveLength(1);
    expect(tablesOf(dataDir, 'legacy_notes')).toEqual([]);
  });

  it('drops it again, without a second record, when an older release built it back', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-retire-'));
    await (await start([...CONTEXTS, retiring])).stop();
    const older = await start([...CONTEXTS, keeping]);
    await registerUser(older, { role: 'user' });
    await expect
      .poll(() => older.runtime.platform.readStore.collection('legacy_notes').count({}))
      .toBeGreaterThan(0);
    await older.stop();

    const newer = await start([...CONTEXTS, retiring]);
    expect(tablesOf(dataDir, 'legacy_notes')).toEqual([]);
    expect(await newer.runtime.platform.readStore.getCheckpoint('legacy-notes')).toBeNull();
    expect(await retirements(newer, 'legacy-notes')).toHaveLength(1);
  });

  it("records the product's own retirements on a fresh data directory too", async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-retire-'));
    const server = await start(CONTEXTS);
    expect(await retirements(server, 'accounts')).toEqual([
      expect.objectContaining({ type: 'ReadModelRetired' }),
    ]);
    expect(tablesOf(dataDir, 'rm_accounts')).toEqual([]);
  });

  it('refuses a list that retires a read model a projection still keeps', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-retire-'));
    const both: BoundedContext = { ...keeping, retired: retiring.retired! };
    await expect(start([...CONTEXTS, both])).rejects.toThrow(
      /legacy-notes is both retired and kept by a projection/,
    );
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { describeReadStoreContract } from './contract.ts';
import { SqliteReadStore } from './sqlite.ts';

describeReadStoreContract('sqlite (file, WAL)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'linkcoin-rs-'));
  const store = new SqliteReadStore({ path: join(dir, 'readmodels.db') });
  return {
    store,
    dispose: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteReadStore side tables from an older layout', () => {
  it('builds the text index and list table again from the documents', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linkcoin-rs-'));
    const path = join(dir, 'readmodels.db');
    try {
      const first = new SqliteReadStore({ path });
      await first.ensureCollections([{ name: 'old_cards' }]);
      await first.applyBatch('old', 1, [recordedPut(1)], async (_event, tx) => {
        await tx.put('old_cards', 'c1', { id: 'c1', title: 'Zoë cooks', tags: ['food'] });
      });
      await first.close();
      // The layout of the time before text conditions named fields: one `body` column.
      const db = new DatabaseSync(path);
      db.exec(
        `CREATE VIRTUAL TABLE fts_old_cards USING fts5(body, tokenize = 'unicode61 remove_diacritics 2')`,
      );
      db.prepare('INSERT INTO fts_old_cards (rowid, body) SELECT rowid, ? FROM rm_old_cards').run(
        'Zoë cooks food',
      );
      db.close();

      const second = new SqliteReadStore({ path });
      await second.ensureCollections([
        { name: 'old_cards', textSearch: ['title', 'tags'], listIndexes: ['tags'] },
      ]);
      const cards = second.collection<{ id: string }>('old_cards');
      expect(await cards.find({ text: { search: 'zoe', fields: ['title'] } })).toHaveLength(1);
      expect(await cards.find({ text: { search: 'food', fields: ['title'] } })).toHaveLength(0);
      expect(await cards.find({ where: { tags: { $contains: 'food' } } })).toHaveLength(1);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const recordedPut = (position: number): RecordedEvent => ({
  id: `put-${position}`,
  type: 'Put',
  data: {},
  streamId: 'cards-1',
  revision: position - 1,
  position,
  metadata: {
    actorUserId: null,
    correlationId: 'sqlite-test',
    causationId: null,
    schemaVersion: 1,
    timestamp: '2026-01-01T00:00:00.000Z',
  },
});

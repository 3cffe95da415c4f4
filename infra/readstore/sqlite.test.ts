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

describeReadStoreContract('sqlite (file, WAL, the sole writer)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'linkcoin-rs-'));
  const store = new SqliteReadStore({ path: join(dir, 'readmodels.db'), soleWriter: true });
  return {
    store,
    dispose: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteReadStore renderings', () => {
  const doc = { name: 'notes' };
  let position = 0;
  const event = (): RecordedEvent => ({
    id: `e${++position}`,
    streamId: 'notes-1',
    revision: position,
    position,
    type: 'NoteWritten',
    data: {},
    metadata: {
      actorUserId: null,
      correlationId: 'c',
      causationId: null,
      schemaVersion: 1,
      timestamp: '2026-01-01T00:00:00.000Z',
    },
  });
  const write = (store: SqliteReadStore, id: string, text: string) =>
    store.applyBatch('notes', 1, [event()], async (_event, tx) => {
      await tx.put(doc.name, id, { id, text });
    });

  it('renders a document once while it is unchanged, and again once it changes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linkcoin-rs-'));
    const store = new SqliteReadStore({ path: join(dir, 'readmodels.db') });
    await store.ensureCollections([doc]);
    let renders = 0;
    const render = store.collection<{ text: string }>(doc.name).renderer((note) => {
      renders += 1;
      return note.text.toUpperCase();
    });
    await write(store, 'n1', 'first');
    expect([await render('n1'), await render('n1'), await render('n1')]).toEqual([
      'FIRST',
      'FIRST',
      'FIRST',
    ]);
    expect(renders).toBe(1);
    await write(store, 'n2', 'another note');
    expect(await render('n1')).toBe('FIRST');
    expect(renders).toBe(1);
    await write(store, 'n1', 'second');
    expect(await render('n1')).toBe('SECOND');
    expect(renders).toBe(2);
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('as the sole writer, forgets only what it writes, until a commit finds another writer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linkcoin-rs-'));
    const path = join(dir, 'readmodels.db');
    const store = new SqliteReadStore({ path, soleWriter: true });
    await store.ensureCollections([doc]);
    const render = store.collection<{ text: string }>(doc.name).renderer((note) => note.text);
    await write(store, 'n1', 'first');
    expect(await render('n1')).toBe('first');
    await write(store, 'n1', 'second');
    expect(await render('n1')).toBe('second');
    const intruder = new SqliteReadStore({ path });
    await write(intruder, 'n1', 'written elsewhere');
    await intruder.close();
    expect(await render('n1')).toBe('second'); // as promised, nobody else writes
    await write(store, 'n2', 'any');
    expect(await render('n1')).toBe('written elsewhere');
    const again = new SqliteReadStore({ path });
    await write(again, 'n1', 'and again');
    await again.close();
    expect(await render('n1')).toBe('and again'); // no longer trusted alone: asks every time
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers queries made while a batch is being written with committed documents only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linkcoin-rs-'));
    const store = new SqliteReadStore({ path: join(dir, 'readmodels.db'), soleWriter: true });
    await store.ensureCollections([doc]);
    const notes = store.collection<{ text: string }>(doc.name);
    const render = notes.renderer((note) => note.text);
    await write(store, 'n1', 'committed');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let written = () => {};
    const putDone = new Promise<void>((resolve) => (written = resolve));
    const batch = store.applyBatch('notes', 1, [event()], async (_event, tx) => {
      await tx.put(doc.name, 'n1', { id: 'n1', text: 'not yet committed' });
      written();
      await held; // the transaction stays open here
    });
    await putDone;
    expect((await notes.get('n1'))?.text).toBe('committed');
    expect(await render('n1')).toBe('committed');
    expect(await notes.count()).toBe(1);
    release();
    await batch;
    expect((await notes.get('n1'))?.text).toBe('not yet committed');
    expect(await render('n1')).toBe('not yet committed');
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('follows writes committed by another connection to the same file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linkcoin-rs-'));
    const path = join(dir, 'readmodels.db');
    const reader = new SqliteReadStore({ path });
    const writer = new SqliteReadStore({ path });
    await writer.ensureCollections([doc]);
    await reader.ensureCollections([doc]);
    const render = reader.collection<{ text: string }>(doc.name).renderer((note) => note.text);
    await write(writer, 'n1', 'first');
    expect(await render('n1')).toBe('first');
    await write(writer, 'n1', 'changed elsewhere');
    expect(await render('n1')).toBe('changed elsewhere');
    await reader.close();
    await writer.close();
    await rm(dir, { recursive: true, force: true });
  });
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

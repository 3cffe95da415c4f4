import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { textWords } from '@linkcoin/domain/shared/search-text.ts';
import type { ProjectionTransaction, Query, TextCondition } from './port.ts';
import { SqliteEventStore } from '../eventstore/sqlite.ts';
import { silentLogger } from '../shared/logger.ts';
import { describeReadStoreContract } from './contract.ts';
import { ProjectionRunner, type Projection } from './projections.ts';
import { listToken } from './sqlite-query.ts';
import { jsonCopy, SqliteReadStore } from './sqlite.ts';

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

/** A file in a directory of its own, removed once the test has finished (passed or failed). */
const tempPath = async (): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), 'linkcoin-rs-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return join(dir, 'readmodels.db');
};

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
    const store = new SqliteReadStore({ path: await tempPath() });
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
  });

  it('as the sole writer, forgets only what it writes, until a commit finds another writer', async () => {
    const path = await tempPath();
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
  });

  it('answers queries made while a batch is being written with committed documents only', async () => {
    const store = new SqliteReadStore({ path: await tempPath(), soleWriter: true });
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
  });

  it('follows writes committed by another connection to the same file', async () => {
    const path = await tempPath();
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
  });
});

describe('SqliteReadStore side tables from an older layout', () => {
  it('builds the text index and list table again from the documents', async () => {
    const path = await tempPath();
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
  });
});

describe('SqliteReadStore keys (the indexed fields beside each document)', () => {
  type Card = { id: string; points: number; owner: { city: string }; note: string };
  const cards = {
    name: 'cards',
    indexes: [{ fields: ['points'], order: [-1] as (1 | -1)[] }, { fields: ['owner.city'] }],
  };
  let position = 0;
  const put = (store: SqliteReadStore, collection: string, documents: readonly Card[]) =>
    store.applyBatch('cards', 1, [recordedPut(++position)], async (_event, tx) => {
      for (const document of documents) await tx.put(collection, document.id, document);
    });
  const card = (id: string, points: number, city = 'Pune', note = ''): Card => ({
    id,
    points,
    owner: { city },
    note,
  });
  const withStore = async (test: (path: string) => Promise<void>) => test(await tempPath());
  const ids = (documents: readonly { id: string }[]) => documents.map((document) => document.id);

  it('answers queries on indexed fields, through their indexes, after the fields change', () =>
    withStore(async (path) => {
      const store = new SqliteReadStore({ path });
      await store.ensureCollections([cards]);
      await put(store, 'cards', [card('a', 1), card('b', 2), card('c', 3, 'Goa')]);
      // An indexed field changes (a, c), another field alone (b), both in one batch (c twice).
      await put(store, 'cards', [card('a', 10), card('b', 2, 'Pune', 'noted')]);
      await put(store, 'cards', [card('c', 0, 'Goa'), card('c', 5, 'Pune')]);
      const collection = store.collection<Card>('cards');
      const byPoints = { sort: [['points', -1]] } as const;
      expect(ids(await collection.find(byPoints))).toEqual(['a', 'c', 'b']);
      expect(ids(await collection.find({ where: { points: { $gte: 5 } }, ...byPoints }))).toEqual([
        'a',
        'c',
      ]);
      expect(ids(await collection.find({ where: { 'owner.city': 'Pune' }, ...byPoints }))).toEqual([
        'a',
        'c',
        'b',
      ]);
      expect(await collection.count({ where: { 'owner.city': 'Goa' } })).toBe(0);
      expect((await collection.get('b'))?.note).toBe('noted');
      // A field that is not indexed is read in the document.
      expect(ids(await collection.find({ where: { note: 'noted' } }))).toEqual(['b']);
      expect(store.explain('cards', byPoints).join('\n')).toMatch(/USING INDEX ix_cards_points_d/);
      expect(store.explain('cards', { where: { 'owner.city': 'Pune' } }).join('\n')).toMatch(
        /USING INDEX ix_cards_owner__city/,
      );
      // Deleted and written again: its keys come with it.
      await store.applyBatch('cards', 1, [recordedPut(++position)], async (_event, tx) => {
        await tx.delete('cards', 'a');
      });
      await put(store, 'cards', [card('a', 4, 'Goa')]);
      expect(ids(await collection.find(byPoints))).toEqual(['c', 'a', 'b']);
      expect(ids(await collection.find({ where: { 'owner.city': 'Goa' } }))).toEqual(['a']);
      await store.close();
    }));

  it('builds the keys and indexes again from the documents when the indexed fields change', () =>
    withStore(async (path) => {
      const first = new SqliteReadStore({ path });
      await first.ensureCollections([{ name: 'cards', indexes: [{ fields: ['points'] }] }]);
      await put(first, 'cards', [card('a', 1, 'Pune'), card('b', 2, 'Goa')]);
      // Enough documents for the planner (which has statistics of the table once it is opened
      // again) to find a few of them in an index.
      await put(
        first,
        'cards',
        Array.from({ length: 500 }, (_, at) => card(`z${at}`, -at, 'Agra')),
      );
      await first.close();

      const second = new SqliteReadStore({ path });
      await second.ensureCollections([{ name: 'cards', indexes: [{ fields: ['owner.city'] }] }]);
      const collection = second.collection<Card>('cards');
      expect(ids(await collection.find({ where: { 'owner.city': 'Goa' } }))).toEqual(['b']);
      expect(ids(await collection.find({ sort: [['owner.city', -1]], limit: 3 }))).toEqual([
        'a',
        'b',
        'z0',
      ]);
      // Points are no longer a key: read in the documents, and their index is gone.
      expect(ids(await collection.find({ where: { points: 1 } }))).toEqual(['a']);
      expect(second.explain('cards', { where: { 'owner.city': 'Goa' } }).join('\n')).toMatch(
        /USING INDEX ix_cards_owner__city/,
      );
      expect(indexesOf(path, 'rm_cards')).toEqual([
        `CREATE INDEX "ix_cards_owner__city" ON "rm_cards" (json_extract(keys, '$.owner.city'))`,
      ]);
      await second.close();
      const db = new DatabaseSync(path, { readOnly: true });
      expect(db.prepare("SELECT id, keys FROM rm_cards WHERE id < 'c' ORDER BY id").all()).toEqual([
        { id: 'a', keys: '{"owner":{"city":"Pune"}}' },
        { id: 'b', keys: '{"owner":{"city":"Goa"}}' },
      ]);
      db.close();
    }));

  it('migrates a table of the layout before keys (indexes on the documents) on open', () =>
    withStore(async (path) => {
      // The layout of the time: no keys column, the expression indexes on the documents.
      const old = new SqliteReadStore({ path });
      await old.ensureCollections([{ name: 'meta_only' }]);
      await old.close();
      const db = new DatabaseSync(path);
      db.exec(`
        CREATE TABLE "rm_cards" (
          rowid INTEGER PRIMARY KEY,
          id    TEXT NOT NULL UNIQUE,
          doc   TEXT NOT NULL CHECK (json_valid(doc))
        );
        CREATE INDEX "ix_cards_points_d" ON "rm_cards" (json_extract(doc, '$.points') DESC, id ASC);
        CREATE INDEX "ix_cards_owner__city" ON "rm_cards" (json_extract(doc, '$.owner.city'));
      `);
      db.prepare('INSERT INTO collections (name, definition) VALUES (?, ?)').run(
        'cards',
        JSON.stringify(cards),
      );
      db.exec('BEGIN');
      const insert = db.prepare('INSERT INTO rm_cards (id, doc) VALUES (?, ?)');
      // Enough documents for the planner (which has statistics of the table once it is opened)
      // to read an order's first page in its index.
      const others = Array.from({ length: 500 }, (_, at) => card(`z${at}`, -at, 'Agra'));
      for (const document of [card('a', 1), card('b', 3, 'Goa'), card('c', 2), ...others]) {
        insert.run(document.id, JSON.stringify(document));
      }
      db.exec('COMMIT');
      db.close();

      const store = new SqliteReadStore({ path });
      await store.ensureCollections([cards]);
      const collection = store.collection<Card>('cards');
      const byPoints = { sort: [['points', -1]], limit: 3 } as const;
      expect(ids(await collection.find(byPoints))).toEqual(['b', 'c', 'a']);
      expect(ids(await collection.find({ where: { 'owner.city': 'Pune' }, ...byPoints }))).toEqual([
        'c',
        'a',
      ]);
      expect(store.explain('cards', byPoints).join('\n')).toMatch(/USING INDEX ix_cards_points_d/);
      expect(indexesOf(path, 'rm_cards')).toEqual([
        `CREATE INDEX "ix_cards_owner__city" ON "rm_cards" (json_extract(keys, '$.owner.city'))`,
        `CREATE INDEX "ix_cards_points_d" ON "rm_cards" (json_extract(keys, '$.points') DESC, id ASC)`,
      ]);
      // Writes after the migration keep the keys in step.
      await put(store, 'cards', [card('a', 9, 'Goa')]);
      expect(ids(await collection.find(byPoints))).toEqual(['a', 'b', 'c']);
      expect(ids(await collection.find({ where: { 'owner.city': 'Goa' } }))).toEqual(['a', 'b']);
      expect(await collection.count({ where: { 'owner.city': 'Agra' } })).toBe(500);
      await store.close();
    }));
});

describe('SqliteReadStore documents put in a batch', () => {
  it('writes each document as it was when put, whatever the handler does with the object after', async () => {
    const store = new SqliteReadStore({ path: await tempPath() });
    try {
      await store.ensureCollections([{ name: 'cards', indexes: [{ fields: ['points'] }] }]);
      type Card = { id: string; points: number; tags: string[]; at?: unknown };
      const seen: unknown[] = [];
      await store.applyBatch('cards', 1, [recordedPut(1), recordedPut(2)], async (event, tx) => {
        if (event.position === 1) {
          const card: Card = {
            id: 'a',
            points: 1,
            tags: ['x'],
            at: new Date(Date.UTC(2026, 0, 2)),
          };
          await tx.put('cards', 'a', card);
          // The same object changed and put again under another id, then changed once more.
          card.id = 'b';
          card.points = 2;
          card.tags.push('y');
          await tx.put('cards', 'b', card);
          card.points = 3;
          card.tags.length = 0;
          return;
        }
        const a = await tx.get<Card>('cards', 'a');
        seen.push(structuredClone(a));
        // A document a get answered, changed without being put: nothing of it is written.
        a!.points = 99;
        a!.tags.push('z');
        seen.push(await tx.get<Card>('cards', 'a'));
      });
      const cards = store.collection<Card>('cards');
      const stored = { id: 'a', points: 1, tags: ['x'], at: '2026-01-02T00:00:00.000Z' };
      // In the batch, a get answers what a read of the file answers after it.
      expect(seen).toEqual([stored, stored]);
      expect(await cards.get('a')).toEqual(stored);
      expect(await cards.get('b')).toEqual({ ...stored, id: 'b', points: 2, tags: ['x', 'y'] });
      expect((await cards.find({ where: { points: 2 } })).map((card) => card.id)).toEqual(['b']);
    } finally {
      await store.close();
    }
  });

  it('keeps the text and list entries of new, changed, deleted and re-put documents in step', async () => {
    const store = new SqliteReadStore({ path: await tempPath() });
    try {
      await store.ensureCollections([
        { name: 'notes', textSearch: ['title'], listIndexes: ['tags'] },
      ]);
      type Note = { id: string; title: string; tags: string[] };
      const note = (id: string, title: string, ...tags: string[]): Note => ({ id, title, tags });
      const batch = (position: number, write: (tx: ProjectionTransaction) => Promise<void>) =>
        store.applyBatch('notes', 1, [recordedPut(position)], (_event, tx) => write(tx));
      await batch(1, async (tx) => {
        await tx.put('notes', 'a', note('a', 'apple', 'red'));
        await tx.put('notes', 'b', note('b', 'banana', 'yellow'));
      });
      await batch(2, async (tx) => {
        await tx.delete('notes', 'b'); // the last row: its rowid may be given again
        await tx.put('notes', 'c', note('c', 'cherry', 'red'));
        await tx.put('notes', 'a', note('a', 'apricot', 'orange'));
        // A find writes what is pending; the same document is then written again.
        expect(await tx.find('notes', { where: { tags: { $contains: 'red' } } })).toHaveLength(1);
        await tx.put('notes', 'c', note('c', 'cranberry', 'dark', 'red'));
        await tx.put('notes', 'd', note('d', 'date', 'brown'));
      });
      const notes = store.collection<Note>('notes');
      const ids = async (query: Query) => (await notes.find(query)).map((found) => found.id);
      expect(await ids({ text: 'ap' })).toEqual(['a']);
      expect(await ids({ text: 'apple' })).toEqual([]);
      expect(await ids({ text: 'banana' })).toEqual([]);
      expect(await ids({ text: 'cherry' })).toEqual([]);
      expect(await ids({ text: 'cranberry' })).toEqual(['c']);
      expect(await ids({ text: 'date' })).toEqual(['d']);
      expect(await ids({ where: { tags: { $contains: 'red' } } })).toEqual(['c']);
      expect(
        await ids({ where: { tags: { $containsAny: ['yellow', 'orange', 'brown'] } } }),
      ).toEqual(['a', 'd']);
      expect(await notes.count({ where: { tags: { $contains: 'dark' } } })).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('keeps a handed-over document as it is, answers it to a shared get, and a copy to any other', async () => {
    const store = new SqliteReadStore({ path: await tempPath() });
    try {
      await store.ensureCollections([
        {
          name: 'cards',
          indexes: [{ fields: ['points'] }],
          textSearch: ['title'],
          listIndexes: ['tags'],
        },
      ]);
      type Card = { id: string; title: string; points: number; tags: string[] };
      const handed: Card = { id: 'a', title: 'apple pie', points: 1, tags: ['x', 'y'] };
      const answers: { shared: Card | null; copy: Card | null }[] = [];
      await store.applyBatch('cards', 1, [recordedPut(1), recordedPut(2)], async (event, tx) => {
        if (event.position === 1) {
          await tx.put('cards', 'a', handed, { handOver: true });
          await tx.put('cards', 'b', { ...handed, id: 'b', points: 2 });
          return;
        }
        for (const id of ['a', 'b']) {
          const copy = await tx.get<Card>('cards', id);
          answers.push({ shared: await tx.get<Card>('cards', id, { shared: true }), copy });
          // A copy may be changed: nothing of it is written.
          copy!.points = 99;
          copy!.tags.push('z');
        }
      });
      // The handed-over object itself (no copy); a copy for any other get.
      expect(answers[0]!.shared).toBe(handed);
      expect(answers[0]!.copy).not.toBe(handed);
      expect(answers[1]!.shared).toEqual({ ...handed, id: 'b', points: 2 });
      expect(answers[1]!.copy).not.toBe(answers[1]!.shared);
      const cards = store.collection<Card>('cards');
      // Written as its JSON, its keys, text and list entries too.
      expect(await cards.get('a')).toEqual(handed);
      expect(await cards.get('b')).toEqual({ ...handed, id: 'b', points: 2 });
      expect((await cards.find({ where: { points: 1 } })).map((card) => card.id)).toEqual(['a']);
      expect((await cards.find({ text: 'appl' })).map((card) => card.id)).toEqual(['a', 'b']);
      expect(await cards.count({ where: { tags: { $contains: 'y' } } })).toBe(2);
      expect(await cards.count({ where: { tags: { $contains: 'z' } } })).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('inserts list entries many to a statement, as the same rows in the same order as one at a time', async () => {
    const path = await tempPath();
    const store = new SqliteReadStore({ path });
    try {
      await store.ensureCollections([{ name: 'shelves', listIndexes: ['tags', 'sizes'] }]);
      type Shelf = { id: string; tags: (string | boolean)[]; sizes: number[] };
      // From none to 150 entries a document: full statements and every smaller one.
      const shelf = (n: number, variant = 0): Shelf => ({
        id: `s${n}`,
        tags: [...Array.from({ length: n % 7 }, (_, i) => `t${(i + variant) % 5}`), n % 2 === 0],
        sizes: Array.from({ length: (n * 13) % 151 }, (_, i) => i + variant),
      });
      /** The rows one insert per entry gives a document: fields in order, duplicates once. */
      const rowsOf = (document: Shelf, rid: number) => [
        ...[
          ...new Set(document.tags.map((tag) => (typeof tag === 'boolean' ? Number(tag) : tag))),
        ].map((value) => ({ field: 'tags', value, rid })),
        ...[...new Set(document.sizes)].map((value) => ({ field: 'sizes', value, rid })),
      ];
      const stored = () => {
        const db = new DatabaseSync(path, { readOnly: true });
        try {
          return db
            .prepare('SELECT field, value, rid FROM mv_shelves ORDER BY rowid')
            .all()
            .map((row) => ({ ...row }));
        } finally {
          db.close();
        }
      };
      const first = Array.from({ length: 60 }, (_, n) => shelf(n));
      await store.applyBatch('shelves', 1, [recordedPut(1)], async (_event, tx) => {
        for (const document of first) await tx.put('shelves', document.id, document);
      });
      const expected = first.flatMap((document, index) => rowsOf(document, index + 1));
      expect(expected.length).toBeGreaterThan(2000);
      expect(stored()).toEqual(expected);
      // Changed documents lose their rows and get new ones at the end, in the order written;
      // an unchanged one keeps its own; a new one comes after.
      const changed = [shelf(3, 1), shelf(10), shelf(20, 2), shelf(70)];
      await store.applyBatch('shelves', 1, [recordedPut(2)], async (_event, tx) => {
        for (const document of changed) await tx.put('shelves', document.id, document);
      });
      expect(stored()).toEqual([
        ...expected.filter((row) => row.rid !== 4 && row.rid !== 21),
        ...rowsOf(changed[0]!, 4),
        ...rowsOf(changed[2]!, 21),
        ...rowsOf(changed[3]!, 61),
      ]);
      const shelves = store.collection<Shelf>('shelves');
      expect(await shelves.count({ where: { sizes: { $contains: 150 } } })).toBe(
        [...first, ...changed].filter(
          (document, index) => ![3, 20].includes(index) && document.sizes.includes(150),
        ).length,
      );
    } finally {
      await store.close();
    }
  });

  it('copies a document as its JSON text would give it back', () => {
    class Point {
      readonly x: number;
      readonly hidden: () => void;
      constructor(x: number, hidden: () => void) {
        this.x = x;
        this.hidden = hidden;
      }
    }
    const document = {
      text: 'é ₹',
      number: 1.5,
      negativeZero: -0,
      notFinite: [Number.NaN, Number.POSITIVE_INFINITY],
      missing: undefined,
      listWithHoles: [undefined, () => 1, Symbol('s'), null, false],
      nested: { deeper: { date: new Date(Date.UTC(2026, 4, 5)), point: new Point(1, () => {}) } },
      boxed: [Object(1) as number, Object('s') as string, Object(true) as boolean],
      custom: { toJSON: (key: string) => `custom ${key}` },
      ...(JSON.parse('{"__proto__": {"polluted": true}}') as object),
    };
    const copy = jsonCopy(document);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(document));
    expect(copy).toEqual(JSON.parse(JSON.stringify(document)));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(() => jsonCopy({ big: 1n })).toThrow(TypeError);
  });
});

describe('SqliteReadStore rebuilds from zero', () => {
  type Entry = { id: string; points: number; tags: string[]; title: string };
  const entries = {
    name: 'entries',
    indexes: [
      { fields: ['points'], order: [-1] as (1 | -1)[] },
      { fields: ['title'], unique: true },
    ],
    listIndexes: ['tags'],
    textSearch: ['title'],
  };
  const created = (n: number) => ({
    type: 'EntryCreated',
    data: { id: `e${n}`, points: n % 7, tags: [n % 2 ? 'odd' : 'even'], title: `entry ${n}` },
    metadata: recordedPut(1).metadata,
  });
  const index = (name: string) => `ix_entries_${name}`;
  const deferred = [index('points_d'), index('_list_values')];

  it('builds the query indexes once caught up, answering the same meanwhile and after', async () => {
    const path = await tempPath();
    const events = new SqliteEventStore({ path: ':memory:', idleRecheckMs: 50 });
    const store = new SqliteReadStore({ path });
    let pause: { at: string; reached: () => void; resume: Promise<void> } | null = null;
    const projection: Projection = {
      name: 'entries',
      version: 1,
      collections: [entries],
      eventTypes: ['EntryCreated'],
      apply: async (event, tx) => {
        const entry = event.data as Entry;
        if (pause?.at === entry.id) {
          pause.reached();
          await pause.resume;
        }
        await tx.put('entries', entry.id, entry);
      },
    };
    const runner = new ProjectionRunner({
      eventStore: events,
      readStore: store,
      projections: [projection],
      logger: silentLogger,
      maxBatchSize: 500,
    });
    let resume = () => {};
    try {
      for (let n = 0; n < 1200; n++) {
        await events.append(`entry-${n}`, [created(n)], { expectedRevision: 'no_stream' });
      }
      // Paused in the third page of the log: two pages applied, the indexes not built yet.
      const reached = new Promise<void>((resolve) => {
        pause = {
          at: 'e1100',
          reached: resolve,
          resume: new Promise<void>((done) => (resume = done)),
        };
      });
      await runner.start();
      await reached;
      const collection = store.collection<Entry>('entries');
      expect(indexesOf(path, 'rm_entries').join('\n')).not.toMatch(index('points_d'));
      expect(listIndexesOf(path)).not.toContain(index('_list_values'));
      // A query meanwhile answers from what is written (and has the indexes built after the
      // batch being written, tested below).
      const applied = await collection.count();
      expect(applied).toBeGreaterThanOrEqual(500);
      expect(applied).toBeLessThan(1100);
      const query = {
        where: { tags: { $contains: 'odd' }, points: { $gte: 5 } },
        sort: [['points', -1]],
        limit: 5,
      } as const;
      const expected = (upTo: number) =>
        Array.from({ length: upTo }, (_, n) => n)
          .filter((n) => n % 2 === 1 && n % 7 >= 5)
          .sort((a, b) => (b % 7) - (a % 7) || (`e${a}` < `e${b}` ? -1 : 1))
          .slice(0, 5)
          .map((n) => `e${n}`);
      expect((await collection.find(query)).map((entry) => entry.id)).toEqual(expected(applied));
      expect(await collection.count({ text: 'entry 7' })).toBe(
        Array.from({ length: applied }, (_, n) => n).filter((n) => String(n).startsWith('7'))
          .length,
      );
      resume();
      expect(await runner.waitFor(await events.headPosition())).toBe(true);
      // Caught up: every index is there before the position is told.
      expect(indexesOf(path, 'rm_entries').join('\n')).toMatch(index('points_d'));
      expect(listIndexesOf(path)).toContain(index('_list_values'));
      expect(store.explain('entries', query).join('\n')).toMatch(/USING (COVERING )?INDEX/);
      expect(await collection.count()).toBe(1200);
      expect((await collection.find(query)).map((entry) => entry.id)).toEqual(expected(1200));
      // Live writes keep them up to date; the unique index held throughout.
      await events.append('entry-1200', [created(1200)], { expectedRevision: 'no_stream' });
      expect(await runner.waitFor(await events.headPosition())).toBe(true);
      expect(await collection.count({ where: { tags: { $contains: 'even' } } })).toBe(601);
      expect(indexesOf(path, 'rm_entries').join('\n')).toMatch(index('title'));
      // A second rebuild defers and builds again.
      await runner.rebuild(['entries']);
      expect(await runner.waitFor(await events.headPosition())).toBe(true);
      expect(await collection.count()).toBe(1201);
      for (const name of deferred) {
        expect([...indexesOf(path, 'rm_entries'), ...listIndexesOf(path)].join('\n')).toMatch(name);
      }
    } finally {
      resume();
      await runner.stop();
      await events.close();
      await store.close();
    }
  });

  describe('a rebuild applied ahead of its writes (Projection.rebuildsAhead)', () => {
    type Change = { id: string; points?: number; tags?: string[]; title?: string };
    // Created, changed in later batches (points, tags, text), some deleted, some created again.
    const changes = (count: number) => {
      const log: { streamId: string; type: string; data: Change }[] = [];
      for (let n = 0; n < count; n++) {
        log.push({ streamId: `entry-${n}`, type: 'EntryCreated', data: created(n).data });
        if (n >= 7 && n % 3 === 0) {
          const old = `e${n - 7}`;
          log.push({
            streamId: `entry-${n - 7}`,
            type: 'EntryChanged',
            data: { id: old, points: n % 5, tags: ['changed', n % 2 ? 'odd' : 'even'] },
          });
        }
        if (n >= 11 && n % 10 === 0) {
          log.push({
            streamId: `entry-${n - 11}`,
            type: 'EntryChanged',
            data: { id: `e${n - 11}`, title: `renamed ${n}` },
          });
        }
        if (n >= 13 && n % 17 === 0) {
          log.push({
            streamId: `entry-${n - 13}`,
            type: 'EntryDeleted',
            data: { id: `e${n - 13}` },
          });
          // A change after the delete finds nothing (a batch's get sees its own delete).
          log.push({
            streamId: `entry-${n - 13}`,
            type: 'EntryChanged',
            data: { id: `e${n - 13}`, points: 99 },
          });
        }
        if (n >= 40 && n % 34 === 0) {
          log.push({
            streamId: `entry-${n - 30}`,
            type: 'EntryCreated',
            data: { ...created(n - 30).data, title: `again ${n}` },
          });
        }
      }
      return log;
    };
    const projectionOf = (
      rebuildsAhead: boolean,
      pause?: { at: number; reached: () => void; resume: Promise<void> },
    ): Projection => ({
      name: 'entries',
      version: 1,
      collections: [entries],
      eventTypes: ['EntryCreated', 'EntryChanged', 'EntryDeleted'],
      rebuildsAhead,
      apply: async (event, tx) => {
        if (pause && event.position === pause.at) {
          pause.reached();
          await pause.resume;
        }
        const change = event.data as Change;
        if (event.type === 'EntryCreated') {
          await tx.put('entries', change.id, change);
        } else if (event.type === 'EntryDeleted') {
          await tx.delete('entries', change.id);
        } else {
          const entry = await tx.get<Entry>('entries', change.id, { shared: true });
          if (entry)
            await tx.put('entries', change.id, { ...entry, ...change }, { handOver: true });
        }
      },
    });
    /** Every table of the file's collection, row by row in rowid order, and its index names. */
    const contents = (path: string) => {
      const db = new DatabaseSync(path, { readOnly: true });
      try {
        const all = (sql: string) => JSON.stringify(db.prepare(sql).all());
        return {
          rows: all('SELECT rowid, id, doc, keys FROM rm_entries ORDER BY rowid'),
          text: all('SELECT rowid, * FROM fts_entries ORDER BY rowid'),
          lists: all('SELECT rowid, * FROM mv_entries ORDER BY rowid'),
          counts: all('SELECT * FROM mc_entries ORDER BY field, value'),
          schema: all(
            "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name",
          ),
          checkpoint: all("SELECT name, position, version FROM checkpoints WHERE name = 'entries'"),
        };
      } finally {
        db.close();
      }
    };
    const rebuilt = async (
      log: ReturnType<typeof changes>,
      rebuildsAhead: boolean,
      stopAt?: number,
    ) => {
      const path = await tempPath();
      const events = new SqliteEventStore({ path: ':memory:', idleRecheckMs: 50 });
      for (const event of log) {
        await events.append(
          event.streamId,
          [{ type: event.type, data: event.data, metadata: recordedPut(1).metadata }],
          { expectedRevision: 'any' },
        );
      }
      const head = await events.headPosition();
      let store = new SqliteReadStore({ path });
      const run = async (projection: Projection) => {
        const runner = new ProjectionRunner({
          eventStore: events,
          readStore: store,
          projections: [projection],
          logger: silentLogger,
          maxBatchSize: 100,
        });
        await runner.start();
        return runner;
      };
      try {
        if (stopAt !== undefined) {
          // Stopped in the middle of its rebuild, the store closed, then started again.
          let resume = () => {};
          const reached = new Promise<void>((done) => {
            const pause = {
              at: stopAt,
              reached: done,
              resume: new Promise<void>((go) => (resume = go)),
            };
            void run(projectionOf(rebuildsAhead, pause)).then(async (runner) => {
              await reached;
              const stopped = runner.stop();
              resume();
              await stopped;
              stopping.resolve();
            });
          });
          const stopping = Promise.withResolvers<void>();
          await reached;
          await stopping.promise;
          await store.close();
          const db = new DatabaseSync(path, { readOnly: true });
          const stopped = db
            .prepare("SELECT position FROM checkpoints WHERE name = 'entries'")
            .get() as { position: number };
          db.close();
          expect(stopped.position).toBeGreaterThan(0);
          expect(stopped.position).toBeLessThan(head!);
          store = new SqliteReadStore({ path });
        }
        const runner = await run(projectionOf(rebuildsAhead));
        expect(await runner.waitFor(head, 20_000)).toBe(true);
        // Told caught up only once its indexes are built.
        const indexedWhenTold = [...indexesOf(path, 'rm_entries'), ...listIndexesOf(path)].sort();
        const answers = {
          odd: (
            await store
              .collection<Entry>('entries')
              .find({ where: { tags: { $contains: 'odd' } }, sort: [['points', -1]], limit: 50 })
          ).map((entry) => entry.id),
          text: await store.collection('entries').count({ text: 'renamed' }),
        };
        await runner.stop();
        await store.close();
        return { ...contents(path), answers, indexedWhenTold };
      } finally {
        await events.close();
      }
    };

    it('writes what a rebuild batch by batch writes, its indexes built at its end', async () => {
      const log = changes(1500);
      const plain = await rebuilt(log, false);
      const ahead = await rebuilt(log, true);
      expect(ahead).toEqual(plain);
      expect(ahead.indexedWhenTold.join('\n')).toMatch('ix_entries_points_d');
      expect(ahead.indexedWhenTold).toContain('ix_entries__list_values');
      expect(ahead.schema).toMatch('ix_entries_points_d');
      expect(ahead.schema).toMatch('ix_entries__list_values');
      expect(ahead.schema).toMatch('mc_entries');
      expect(JSON.parse(ahead.rows).length).toBeGreaterThan(1000);
    });

    it('resumes a rebuild stopped in its middle where its last commit left it', async () => {
      const log = changes(1500);
      const plain = await rebuilt(log, false);
      const resumed = await rebuilt(log, true, 900);
      expect(resumed).toEqual(plain);
    });
  });

  it('builds them at once for a projection that queries its own collections while rebuilding', async () => {
    const path = await tempPath();
    const events = new SqliteEventStore({ path: ':memory:', idleRecheckMs: 50 });
    const store = new SqliteReadStore({ path });
    let resume = () => {};
    const resumed = new Promise<void>((done) => (resume = done));
    let reached = () => {};
    const paused = new Promise<void>((done) => (reached = done));
    const projection: Projection = {
      name: 'entries',
      version: 1,
      collections: [entries],
      eventTypes: ['EntryCreated'],
      apply: async (event, tx) => {
        const entry = event.data as Entry;
        if (entry.id === 'e600') {
          reached();
          await resumed;
        }
        // As the collections projection does: the documents sharing a field with this one.
        const same = await tx.find<Entry>('entries', { where: { points: entry.points } });
        await tx.put('entries', entry.id, {
          ...entry,
          title: `${entry.title} of ${same.length + 1}`,
        });
      },
    };
    const runner = new ProjectionRunner({
      eventStore: events,
      readStore: store,
      projections: [projection],
      logger: silentLogger,
      maxBatchSize: 500,
    });
    try {
      for (let n = 0; n < 700; n++) {
        await events.append(`entry-${n}`, [created(n)], { expectedRevision: 'no_stream' });
      }
      await runner.start();
      await paused; // in the second batch: the first one's find built the indexes
      expect(indexesOf(path, 'rm_entries').join('\n')).toMatch(index('points_d'));
      expect(listIndexesOf(path)).toContain(index('_list_values'));
      resume();
      expect(await runner.waitFor(await events.headPosition())).toBe(true);
      expect((await store.collection<Entry>('entries').get('e699'))?.title).toBe(
        'entry 699 of 100',
      );
    } finally {
      resume();
      await runner.stop();
      await events.close();
      await store.close();
    }
  });

  it('builds them after the batch being written when a reader queries the collection', async () => {
    const path = await tempPath();
    const store = new SqliteReadStore({ path });
    try {
      await store.ensureCollections([entries]);
      await store.deferIndexes([entries]);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let written = () => {};
      const putDone = new Promise<void>((resolve) => (written = resolve));
      const batch = store.applyBatch('entries', 1, [recordedPut(1)], async (_event, tx) => {
        await tx.put('entries', 'e1', { id: 'e1', points: 3, tags: ['odd'], title: 'one' });
        written();
        await held; // the batch's transaction stays open here
      });
      await putDone;
      // Answered at once (from what is committed: nothing yet), without waiting for the batch.
      expect(await store.collection('entries').find({ where: { points: 3 } })).toEqual([]);
      expect(indexesOf(path, 'rm_entries').join('\n')).not.toMatch(index('points_d'));
      release();
      await batch;
      await store.buildDeferredIndexes([]); // queued after the build the query asked for
      expect(indexesOf(path, 'rm_entries').join('\n')).toMatch(index('points_d'));
      expect(listIndexesOf(path)).toContain(index('_list_values'));
      expect(await store.collection('entries').count({ where: { points: 3 } })).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('builds them in an in-memory store too (no file to map)', async () => {
    const store = new SqliteReadStore({ path: ':memory:' });
    try {
      await store.ensureCollections([entries]);
      await store.deferIndexes([entries]);
      await store.applyBatch('entries', 1, [recordedPut(1)], async (_event, tx) => {
        await tx.put('entries', 'e1', { id: 'e1', points: 3, tags: ['odd'], title: 'one' });
      });
      await store.buildDeferredIndexes([entries]);
      expect(store.explain('entries', { sort: [['points', -1]] }).join('\n')).toMatch(
        index('points_d'),
      );
      expect(
        await store.collection('entries').count({ where: { tags: { $contains: 'odd' } } }),
      ).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('builds the indexes a stopped rebuild left out when the collections are opened again', async () => {
    const path = await tempPath();
    const first = new SqliteReadStore({ path });
    await first.ensureCollections([entries]);
    await first.deferIndexes([entries]);
    await first.applyBatch('entries', 1, [recordedPut(1)], async (_event, tx) => {
      await tx.put('entries', 'e1', { id: 'e1', points: 3, tags: ['odd'], title: 'one' });
    });
    await first.close();
    expect(indexesOf(path, 'rm_entries').join('\n')).not.toMatch(index('points_d'));

    const second = new SqliteReadStore({ path });
    await second.ensureCollections([entries]);
    expect(indexesOf(path, 'rm_entries').join('\n')).toMatch(index('points_d'));
    expect(listIndexesOf(path)).toContain(index('_list_values'));
    // A collection that is not empty keeps its indexes.
    await second.deferIndexes([entries]);
    expect(indexesOf(path, 'rm_entries').join('\n')).toMatch(index('points_d'));
    await second.close();
  });

  it('has its writer thread copy the log its index builds wrote into the file, and checkpoints as usual after', async () => {
    const path = await tempPath();
    const store = new SqliteReadStore({ path });
    onTestFinished(() => store.close());
    await store.ensureCollections([entries]);
    await store.deferIndexes([entries]);
    /** Writes entries from..to in one batch (a few kilobytes each, so pages add up). */
    const write = (from: number, to: number) =>
      store.applyBatch('entries', 1, [recordedPut(to)], async (_event, tx) => {
        for (let n = from; n < to; n++) {
          const title = `entry ${n} ${'words '.repeat(300)}`;
          await tx.put('entries', `e${n}`, { id: `e${n}`, points: n % 7, tags: ['odd'], title });
        }
      });
    await write(0, 2000);
    // In WAL mode only a checkpoint writes the file: it holds the whole database once the
    // log is copied into it.
    const fileSize = () => statSync(path).size;
    const databaseSize = () => {
      const db = new DatabaseSync(path, { readOnly: true });
      try {
        const { page_count: pages } = db.prepare('PRAGMA page_count').get() as {
          page_count: number;
        };
        const { page_size: size } = db.prepare('PRAGMA page_size').get() as { page_size: number };
        return pages * size;
      } finally {
        db.close();
      }
    };
    const beforeBuilds = fileSize();
    await store.buildDeferredIndexes([entries]);
    expect(indexesOf(path, 'rm_entries').join('\n')).toMatch(index('points_d'));
    const built = databaseSize();
    expect(built).toBeGreaterThan(beforeBuilds);
    await vi.waitFor(() => expect(fileSize()).toBe(built), { timeout: 10_000, interval: 20 });
    // The writer connection's own checkpoints come back once the thread has answered (a
    // message the loop reads a moment after the file is written): new batches then reach the
    // file with their commits.
    let next = 2000;
    await vi.waitFor(
      async () => {
        await write(next, (next += 500));
        expect(fileSize()).toBeGreaterThan(built);
      },
      { timeout: 10_000, interval: 20 },
    );
  });
});

describe('SqliteReadStore counts and ordered list table', () => {
  type Card = {
    id: string;
    points?: number;
    level?: number;
    tags: string[];
    title: string;
    colours?: string[];
  };
  const cards = {
    name: 'cards',
    indexes: [
      { fields: ['points', 'level'], order: [-1, 1] as (1 | -1)[], perListValue: ['tags'] },
      { fields: ['level'], order: [-1] as (1 | -1)[], perListValue: ['tags', 'colours'] },
    ],
    listIndexes: ['tags', 'colours'],
    textSearch: ['title'],
  };
  /** Seeded cards: points and levels with many ties, a few tags each (most hold 'common'). */
  const cardsFrom = (seed: number, count: number): Card[] => {
    let state = seed;
    const next = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % n;
    };
    return Array.from({ length: count }, (_, n) => ({
      id: `c${String(next(10_000)).padStart(4, '0')}-${n}`,
      points: next(20),
      level: next(4),
      tags: [
        ...(next(10) < 9 ? ['common'] : []),
        ...(['red', 'green', 'blue'] as const).filter(() => next(3) === 0),
      ],
      title: `${['apple', 'apricot', 'banana'][next(3)]} ${n}`,
    }));
  };
  /** The reference answer: filter, sort (then the id) and slice in memory. */
  const reference = (all: readonly Card[], query: Query) => {
    const sort = query.sort ?? [];
    const keep = all.filter(
      (card) =>
        Object.entries(query.where ?? {}).every(([field, condition]) => {
          const value = card[field as keyof Card];
          const c = condition as Record<string, unknown>;
          if ('$containsAny' in c)
            return (c.$containsAny as string[]).some((v) => (value as string[]).includes(v));
          if ('$contains' in c) return (value as string[]).includes(c.$contains as string);
          if ('$gte' in c) return value !== undefined && (value as number) >= (c.$gte as number);
          if ('$lte' in c) return value !== undefined && (value as number) <= (c.$lte as number);
          return value === condition;
        }) &&
        (typeof query.text !== 'string' ||
          card.title.split(' ').some((word) => word.startsWith(query.text as string))),
    );
    keep.sort((a, b) => {
      for (const [field, direction] of sort) {
        const d =
          (((a[field as keyof Card] as number | undefined) ?? -Infinity) -
            ((b[field as keyof Card] as number | undefined) ?? -Infinity)) *
          direction;
        if (d !== 0) return d;
      }
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
    const skip = query.skip ?? 0;
    return {
      ids: keep.slice(skip, skip + (query.limit ?? keep.length)).map((card) => card.id),
      count: keep.length,
    };
  };
  const queries: Query[] = [
    {
      where: { tags: { $contains: 'common' } },
      sort: [
        ['points', -1],
        ['level', 1],
      ],
      skip: 37,
      limit: 9,
      readIn: 'order',
    },
    { where: { tags: { $containsAny: ['common'] } }, sort: [['level', -1]], skip: 120, limit: 20 },
    {
      where: { tags: { $contains: 'red' } },
      sort: [
        ['points', -1],
        ['level', 1],
      ],
      skip: 3,
      limit: 5,
    },
    {
      where: { tags: { $contains: 'common' }, points: { $gte: 12 } },
      sort: [
        ['points', -1],
        ['level', 1],
      ],
      skip: 11,
      limit: 7,
      readIn: 'order',
    },
    {
      where: { tags: { $contains: 'common' }, colours: { $containsAny: ['blue'] } },
      sort: [['level', -1]],
      skip: 2,
      limit: 6,
      readIn: 'order',
    },
    {
      where: { tags: { $contains: 'common' } },
      text: 'ap',
      sort: [['level', -1]],
      skip: 4,
      limit: 6,
      readIn: 'order',
    },
    {
      where: { tags: { $containsAny: ['red', 'green'] } },
      sort: [
        ['points', -1],
        ['level', 1],
      ],
      limit: 10,
    },
    {
      where: { tags: { $contains: 'red' }, colours: { $contains: 'blue' } },
      sort: [['level', -1]],
      limit: 10,
    },
    { where: { tags: { $contains: 'green' } }, text: 'ban', sort: [['level', -1]], limit: 10 },
    { where: { tags: { $contains: 'nobody' } }, sort: [['level', -1]], limit: 10 },
    { sort: [['level', -1]], skip: 50, limit: 5 },
    { where: { colours: { $contains: 'green' } }, sort: [['level', -1]], skip: 5, limit: 10 },
    {
      where: { colours: { $contains: 'green' } },
      sort: [
        ['points', -1],
        ['level', 1],
      ],
      limit: 10,
    },
    // Past the middle of a stored count: read from the order's other end.
    { sort: [['level', -1]], skip: 380, limit: 20 },
    {
      sort: [
        ['points', -1],
        ['level', 1],
      ],
      skip: 300,
      limit: 7,
    },
    {
      where: { tags: { $contains: 'common' } },
      sort: [
        ['points', -1],
        ['level', 1],
      ],
      skip: 340,
      limit: 9,
    },
    { where: { tags: { $contains: 'red' } }, sort: [['level', -1]], skip: 120, limit: 50 },
    { sort: [['level', -1]], skip: 1000, limit: 5 },
    // Ranges checked on what the sets find: dropped when no card falls outside them.
    {
      where: { tags: { $contains: 'red' }, points: { $gte: 0 } },
      sort: [['level', -1]],
      limit: 30,
    },
    { where: { colours: { $contains: 'red' }, points: { $gte: 0 } }, text: 'ap', limit: 500 },
    {
      where: { colours: { $contains: 'blue' }, level: { $lte: 3 } },
      sort: [['level', -1]],
      limit: 30,
    },
    {
      where: { colours: { $contains: 'blue' }, level: { $lte: 2 } },
      sort: [['level', -1]],
      limit: 30,
    },
  ];
  /** Cards with `colours` a copy of their tags past 'common' (a second list field). */
  const withColours = (card: Card) => ({
    ...card,
    colours: card.tags.filter((tag) => tag !== 'common'),
  });
  const check = async (store: SqliteReadStore, all: readonly Card[]) => {
    const collection = store.collection<Card>('cards');
    for (const query of queries) {
      const expected = reference(all.map(withColours), query);
      expect(
        (await collection.find(query)).map((card) => card.id),
        JSON.stringify(query),
      ).toEqual(expected.ids);
      expect(await collection.count(query), JSON.stringify(query)).toBe(expected.count);
    }
  };

  it('answers pages and counts as the documents do, through new, changed and deleted cards', async () => {
    const path = await tempPath();
    const store = new SqliteReadStore({ path });
    try {
      await store.ensureCollections([cards]);
      // One card without points or level: outside every range of them.
      let all: Card[] = [
        ...cardsFrom(7, 400),
        { id: 'blank', tags: ['common', 'red'], title: 'apple blank' },
      ];
      let position = 0;
      const write = (puts: readonly Card[], deletes: readonly string[] = []) =>
        store.applyBatch('cards', 1, [recordedPut(++position)], async (_event, tx) => {
          for (const card of puts) await tx.put('cards', card.id, withColours(card));
          for (const id of deletes) await tx.delete('cards', id);
        });
      await write(all);
      await check(store, all);
      // Read from the ordered list table's index and the counts, not the documents.
      expect(store.explain('cards', queries[0]!).join('\n')).toMatch(
        /mo_cards USING INDEX ix_cards__ordered_points_level_d_a/,
      );
      expect(store.explain('cards', queries[1]!).join('\n')).toMatch(
        /mo_cards USING INDEX ix_cards__ordered_level_d/,
      );
      expect(store.explain('cards', queries[0]!, 'count').join('\n')).toMatch(/mc_cards/);
      expect(store.explain('cards', queries[11]!).join('\n')).toMatch(/ix_cards__ordered_level_d/);
      // An order not kept for that list field reads the documents.
      expect(store.explain('cards', queries[12]!).join('\n')).not.toMatch(/mo_cards/);
      // Points and levels change (the keys), tags change (the list rows), cards go and come.
      const changed = cardsFrom(11, 400).map((card, n) => ({ ...card, id: all[n]!.id }));
      const moved = changed
        .slice(0, 150)
        .map((card, n) => (n % 2 ? { ...all[n]!, points: card.points } : card));
      const gone = all.slice(150, 200).map((card) => card.id);
      const added = cardsFrom(13, 60);
      await write([...moved, ...added], gone);
      all = [...moved, ...all.slice(200), ...added];
      await check(store, all);
      // The same, read again from the documents by a store opened on a file without them.
      await store.close();
      const db = new DatabaseSync(path);
      db.exec('DROP TRIGGER tr_cards__ordered_keys; DROP TABLE mo_cards');
      db.close();
      const reopened = new SqliteReadStore({ path });
      try {
        await reopened.ensureCollections([cards]);
        await check(reopened, all);
        expect(reopened.explain('cards', queries[0]!).join('\n')).toMatch(/mo_cards/);
      } finally {
        await reopened.close();
      }
    } finally {
      await store.close();
    }
  });

  it('answers the same while a rebuild from zero defers them, and keeps them once built', async () => {
    const path = await tempPath();
    const store = new SqliteReadStore({ path });
    const reader = new SqliteReadStore({ path }); // another connection: finds them missing
    try {
      await store.ensureCollections([cards]);
      await store.deferIndexes([cards]);
      const all = cardsFrom(5, 300);
      await store.applyBatch('cards', 1, [recordedPut(1)], async (_event, tx) => {
        for (const card of all.slice(0, 200)) await tx.put('cards', card.id, withColours(card));
      });
      expect(sqliteObjects(path)).not.toContain('mo_cards');
      expect(sqliteObjects(path)).not.toContain('mc_cards');
      await check(reader, all.slice(0, 200));
      await store.applyBatch('cards', 1, [recordedPut(2)], async (_event, tx) => {
        for (const card of all.slice(200)) await tx.put('cards', card.id, withColours(card));
      });
      await store.buildDeferredIndexes([cards]);
      expect(sqliteObjects(path)).toEqual(
        expect.arrayContaining(['mo_cards', 'mc_cards', 'tr_cards__counts_in']),
      );
      await check(reader, all);
      await check(store, all);
    } finally {
      await reader.close();
      await store.close();
    }
  });
});

const sqliteObjects = (path: string): string[] => {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return (db.prepare('SELECT name FROM sqlite_master').all() as { name: string }[]).map(
      (row) => row.name,
    );
  } finally {
    db.close();
  }
};

const listIndexesOf = (path: string): string[] => {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'mv_entries'")
        .all() as { name: string }[]
    ).map((row) => row.name);
  } finally {
    db.close();
  }
};

/** The CREATE statements of a table's own indexes, by name. */
const indexesOf = (path: string, tableName: string): string[] => {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return (
      db
        .prepare(
          "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name",
        )
        .all(tableName) as { sql: string }[]
    ).map((row) => row.sql);
  } finally {
    db.close();
  }
};

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

describe('SqliteReadStore list tokens in the text index', () => {
  type Item = { id: string; title: string; about: string; tags: string[]; kinds: string[] };
  const items = {
    name: 'items',
    indexes: [{ fields: ['rank'], order: [-1] as (1 | -1)[] }],
    listIndexes: ['tags', 'kinds'],
    textSearch: ['title', 'about'],
  };
  // Values the tokens must keep apart: upper case, `z`, accents, separators, digits.
  const TAGS = ['red', 'Red', 'z', 'zz', 'Sci-Fi z', 'é', '0', '1', 'a b'];
  const itemsFrom = (seed: number, count: number): (Item & { rank: number })[] => {
    let state = seed;
    const next = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % n;
    };
    const words = ['apple', 'apricot', 'banana', 'red', 'zest', 'Zoë'];
    return Array.from({ length: count }, (_, n) => ({
      id: `i${n}`,
      rank: next(50),
      title: `${words[next(6)]} ${words[next(6)]}`,
      about: `${words[next(6)]} ${TAGS[next(TAGS.length)]}`,
      tags: TAGS.filter(() => next(4) === 0),
      kinds: next(2) ? ['red'] : ['blue'],
    }));
  };
  /** Every search word begins a word of the named fields (folded as searchWords does). */
  const matches = (item: Item, search: string, fields: readonly string[]) => {
    const words = fields.flatMap((field) =>
      textWords(String(item[field as 'title' | 'about'] ?? '')),
    );
    return textWords(search).every((prefix) => words.some((word) => word.startsWith(prefix)));
  };
  const reference = (all: readonly (Item & { rank: number })[], query: Query) => {
    const texts = (
      query.text === undefined ? [] : Array.isArray(query.text) ? query.text : [query.text]
    ).map((text: string | TextCondition) => (typeof text === 'string' ? { search: text } : text));
    const keep = all.filter(
      (item) =>
        Object.entries(query.where ?? {}).every(([field, condition]) => {
          const values = item[field as 'tags' | 'kinds'];
          const c = condition as { $containsAny?: string[]; $contains?: string };
          return (c.$containsAny ?? [c.$contains!]).some((value) => values.includes(value));
        }) &&
        texts.every(
          (text) =>
            matches(item, text.search, text.fields ?? ['title', 'about']) !==
            (text.exclude === true),
        ),
    );
    keep.sort((a, b) => b.rank - a.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const skip = query.skip ?? 0;
    return {
      ids: keep.slice(skip, skip + (query.limit ?? keep.length)).map((item) => item.id),
      count: keep.length,
    };
  };
  const textQueries: Omit<Query, 'sort'>[] = [
    { where: { tags: { $contains: 'red' } }, text: { search: 'ap' } },
    { where: { tags: { $contains: 'Red' } }, text: { search: 're', fields: ['title'] } },
    { where: { tags: { $containsAny: ['z', 'zz'] } }, text: { search: 'z' } },
    { where: { tags: { $contains: 'Sci-Fi z' }, kinds: { $contains: 'red' } }, text: 'ba' },
    { where: { tags: { $containsAny: ['é', '0'] } }, text: { search: 'zoe ap' } },
    { where: { tags: { $contains: '1' } }, text: { search: 'a' }, skip: 3, limit: 4 },
    { where: { tags: { $contains: 'a b' } }, text: { search: 'b' } },
    // A list token is not text: `0`, the start of every token, finds no text.
    { where: { tags: { $contains: 'red' } }, text: { search: '0' } },
    { text: { search: '0' } },
    // Tiers: one condition to match, another to exclude.
    {
      where: { kinds: { $contains: 'blue' } },
      text: [
        { search: 'ap', fields: ['title', 'about'] },
        { search: 'ap', fields: ['title'], exclude: true },
      ],
      skip: 2,
      limit: 5,
    },
    {
      where: { kinds: { $contains: 'red' } },
      text: [{ search: 'ze', exclude: true }, { search: 'r' }],
    },
    // Only a text to exclude: the list table and the text index apart.
    { where: { tags: { $contains: 'red' } }, text: { search: 'ap', exclude: true } },
    { where: { tags: { $contains: 'nobody' } }, text: { search: 'ap' } },
    // Words of three to five letters (a prefix list of their length, or none).
    { text: { search: 'apr' } },
    { where: { kinds: { $contains: 'red' } }, text: { search: 'appl zes' } },
    { text: { search: 'banan', fields: ['title'] } },
    {
      where: { tags: { $contains: 'red' } },
      text: [{ search: 'ban' }, { search: 'zoe', fields: ['title'], exclude: true }],
    },
  ];
  const check = async (store: SqliteReadStore, all: readonly (Item & { rank: number })[]) => {
    const collection = store.collection<Item>('items');
    for (const base of textQueries) {
      for (const readIn of ['order', 'conditions'] as const) {
        const query: Query = { ...base, sort: [['rank', -1]], readIn };
        const expected = reference(all, query);
        const label = JSON.stringify(query);
        expect(
          (await collection.find(query)).map((item) => item.id),
          label,
        ).toEqual(expected.ids);
        expect(await collection.count(query), label).toBe(expected.count);
      }
    }
  };

  /** Batches of puts and deletes of items, each at the next position of the log. */
  const batchesOf = (store: SqliteReadStore) => {
    let position = 0;
    return (puts: readonly Item[], deletes: readonly string[] = []) =>
      store.applyBatch('items', 1, [recordedPut(++position)], async (_event, tx) => {
        for (const item of puts) await tx.put('items', item.id, item);
        for (const id of deletes) await tx.delete('items', id);
      });
  };

  it('counts list conditions alone from the text index when there are several, through changes', async () => {
    const path = await tempPath();
    const store = new SqliteReadStore({ path });
    try {
      await store.ensureCollections([items]);
      let all = itemsFrom(4, 300);
      const write = batchesOf(store);
      await write(all);
      const several: Query[] = [
        { where: { tags: { $containsAny: ['red', 'Red'] } } },
        { where: { tags: { $containsAny: ['Sci-Fi z', 'a b', '0'] } } },
        { where: { tags: { $contains: 'z' }, kinds: { $contains: 'blue' } } },
        { where: { tags: { $containsAny: ['é', '1'] }, kinds: { $containsAny: ['red', 'blue'] } } },
        { where: { tags: { $contains: 'nobody' }, kinds: { $contains: 'red' } } },
      ];
      const collection = store.collection<Item>('items');
      const counted = async () => {
        for (const query of several) {
          expect(await collection.count(query), JSON.stringify(query)).toBe(
            reference(all, query).count,
          );
        }
      };
      await counted();
      for (const query of several) {
        const plan = store.explain('items', query, 'count').join('\n');
        expect(plan, JSON.stringify(query)).toMatch(/fts_items/);
        expect(plan, JSON.stringify(query)).not.toMatch(/mv_items/);
      }
      // One value of one field: its stored count.
      const one = store.explain('items', { where: { tags: { $contains: 'z' } } }, 'count');
      expect(one.join('\n')).toMatch(/mc_items/);
      // Tags change, items go.
      const changed = itemsFrom(8, 300).map((item, n) => ({ ...item, id: all[n]!.id }));
      const gone = all.slice(100, 150).map((item) => item.id);
      await write(changed.slice(0, 200), gone);
      all = [...changed.slice(0, 100), ...changed.slice(150, 200), ...all.slice(200)];
      await counted();
    } finally {
      await store.close();
    }
  });

  it('spells each (field, value) as its own token of letters and digits', () => {
    const tokens = [
      ...TAGS.map((tag) => listToken(0, tag)),
      ...TAGS.map((tag) => listToken(1, tag)),
      listToken(0, 1),
      listToken(0, 0),
      listToken(11, 'x'),
      listToken(1, '1x'),
    ];
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(token).toMatch(/^[a-z0-9]+$/);
  });

  it('answers text with list conditions as the documents do, through changes, from one FTS5 query', async () => {
    const path = await tempPath();
    const store = new SqliteReadStore({ path });
    await store.ensureCollections([items]);
    let all = itemsFrom(3, 300);
    const write = batchesOf(store);
    await write(all);
    await check(store, all);
    // The text and list conditions are one text-index query (no list-table lookup).
    const explained = store.explain('items', { ...textQueries[3]!, sort: [['rank', -1]] });
    expect(explained.join('\n')).not.toMatch(/mv_items/);
    // Tags change (the tokens with them), items go and come.
    const changed = itemsFrom(9, 300).map((item, n) => ({ ...item, id: all[n]!.id }));
    const gone = all.slice(200, 240).map((item) => item.id);
    await write(
      [...changed.slice(0, 120), ...itemsFrom(17, 30).map((i) => ({ ...i, id: `n${i.id}` }))],
      gone,
    );
    all = [
      ...changed.slice(0, 120),
      ...all.slice(120, 200),
      ...all.slice(240),
      ...itemsFrom(17, 30).map((i) => ({ ...i, id: `n${i.id}` })),
    ];
    await check(store, all);
    await store.close();

    // A file of the layout before the tokens (text columns only, column sizes kept): the
    // text index is built again from the documents on open.
    const db = new DatabaseSync(path);
    db.exec(`DROP TABLE fts_items;
      CREATE VIRTUAL TABLE fts_items USING fts5(c0, c1, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2')`);
    db.prepare(
      `INSERT INTO fts_items (rowid, c0, c1) SELECT rowid, json_extract(doc, '$.title'), '' FROM rm_items`,
    ).run();
    db.close();
    const reopened = new SqliteReadStore({ path });
    try {
      await reopened.ensureCollections([items]);
      expect(ftsSql(path)).toMatch(/lists, tokenize/);
      await check(reopened, all);
    } finally {
      await reopened.close();
    }

    // Other list fields (their places in listIndexes move): the tokens are written again.
    const swapped = { ...items, listIndexes: ['kinds', 'tags'] };
    const again = new SqliteReadStore({ path });
    try {
      await again.ensureCollections([swapped]);
      await check(again, all);
    } finally {
      await again.close();
    }
  });

  it('keeps lists of the prefix lengths a collection names, built again from the documents for an older file', async () => {
    const path = await tempPath();
    const all = itemsFrom(11, 250);
    const first = new SqliteReadStore({ path });
    await first.ensureCollections([items]);
    await first.applyBatch('items', 1, [recordedPut(1)], async (_event, tx) => {
      for (const item of all) await tx.put('items', item.id, item);
    });
    await first.close();
    expect(ftsSql(path)).toMatch(/prefix = '1 2',/);
    const longer = { ...items, textPrefixes: [1, 2, 3, 4] };
    const reopened = new SqliteReadStore({ path });
    try {
      await reopened.ensureCollections([longer]);
      expect(ftsSql(path)).toMatch(/prefix = '1 2 3 4',/);
      await check(reopened, all);
      // Written since: new, changed and deleted items.
      const changed = itemsFrom(13, 60).map((item, n) => ({ ...item, id: all[n]!.id }));
      await reopened.applyBatch('items', 1, [recordedPut(2)], async (_event, tx) => {
        for (const item of changed) await tx.put('items', item.id, item);
        for (const item of all.slice(100, 120)) await tx.delete('items', item.id);
      });
      await check(reopened, [...changed, ...all.slice(60, 100), ...all.slice(120)]);
    } finally {
      await reopened.close();
    }
  });

  it('answers the same when a page read in order looks its text up for each entry (a count hint)', async () => {
    const path = await tempPath();
    const store = new SqliteReadStore({ path });
    try {
      await store.ensureCollections([{ ...items, textPrefixes: [1, 2, 3, 4] }]);
      const all = itemsFrom(21, 300);
      await store.applyBatch('items', 1, [recordedPut(1)], async (_event, tx) => {
        for (const item of all) await tx.put('items', item.id, item);
      });
      const collection = store.collection<Item>('items');
      let probed = 0;
      for (const base of textQueries) {
        for (const [skip, limit] of [
          [0, 1],
          [2, 3],
          [0, 10],
        ] as const) {
          // A hint of many matches: the text is looked up per entry where each word seeks
          // (not `banan`, longer than the prefix lists); the answer is the same either way.
          const query: Query = {
            ...base,
            sort: [['rank', -1]],
            readIn: 'order',
            skip,
            limit,
            matches: 1_000_000,
          };
          const label = JSON.stringify(query);
          expect(
            (await collection.find(query)).map((item) => item.id),
            label,
          ).toEqual(reference(all, query).ids);
          const plan = store.explain('items', query).join('\n');
          if (/VIRTUAL TABLE INDEX \d+:=/.test(plan)) probed += 1;
          if (JSON.stringify(base.text ?? '').includes('banan')) {
            expect(plan, label).not.toMatch(/VIRTUAL TABLE INDEX \d+:=/);
          }
        }
      }
      expect(probed).toBeGreaterThan(30);
      // Without the hint, or with few matches, the matches are gathered first.
      const plain = { ...textQueries[0]!, sort: [['rank', -1]] as const, readIn: 'order' as const };
      expect(store.explain('items', { ...plain, limit: 1 }).join('\n')).not.toMatch(
        /VIRTUAL TABLE INDEX \d+:=/,
      );
      expect(store.explain('items', { ...plain, limit: 1, matches: 100 }).join('\n')).not.toMatch(
        /VIRTUAL TABLE INDEX \d+:=/,
      );
      // Left to choose (`conditions`), a page whose conditions are all in the text index plans
      // with the caller's count when it has one, rather than counting the index again: the
      // few true matches gather first, the hint of many reads in order, looking text up.
      const chosen: Query = {
        text: { search: 'ap ze' },
        where: { tags: { $contains: 'red' } },
        sort: [['rank', -1]],
        readIn: 'conditions',
        limit: 1,
      };
      // (Few: 120² is below the page's 1 × 300 listed × FTS_PROBE_COST 64.)
      expect(await collection.count(chosen)).toBe(120);
      expect(store.explain('items', chosen).join('\n')).not.toMatch(/VIRTUAL TABLE INDEX \d+:=/);
      const hinted = { ...chosen, matches: 1_000_000 };
      expect(store.explain('items', hinted).join('\n')).toMatch(/VIRTUAL TABLE INDEX \d+:=/);
      expect((await collection.find(hinted)).map((item) => item.id)).toEqual(
        reference(all, chosen).ids,
      );
    } finally {
      await store.close();
    }
  });

  it('answers the same from a rebuild from zero', async () => {
    const path = await tempPath();
    const store = new SqliteReadStore({ path });
    try {
      await store.ensureCollections([items]);
      await store.deferIndexes([items]);
      const all = itemsFrom(5, 250);
      await store.applyBatch('items', 1, [recordedPut(1)], async (_event, tx) => {
        for (const item of all) await tx.put('items', item.id, item, { handOver: true });
      });
      // The text index is merged only by the hundreds while the rebuild writes, and into one at
      // its end (or at a query, with the other indexes), with FTS5's usual merging back.
      expect(ftsConfig(path)).toEqual({ automerge: 0, crisismerge: 256 });
      await check(store, all);
      await store.buildDeferredIndexes([items]);
      expect(ftsConfig(path)).toEqual({ automerge: 4, crisismerge: 16 });
      await check(store, all);
    } finally {
      await store.close();
    }
  });

  it('keeps writing a rebuild whose text index outgrows the segments FTS5 allows unmerged', async () => {
    // Each flush of a rebuild writes one segment of the text index, and FTS5 refuses a 2,000th
    // (SQLITE_FULL): the 1,000,000-creator directory's rebuild stalled there. One item a flush.
    const path = await tempPath();
    const store = new SqliteReadStore({ path });
    try {
      await store.ensureCollections([items]);
      await store.deferIndexes([items]);
      const all = itemsFrom(7, 4_100);
      for (const [at, item] of all.entries()) {
        await store.applyBatch('items', 1, [recordedPut(at + 1)], async (_event, tx) => {
          await tx.put('items', item.id, item);
        });
      }
      expect(await store.getCheckpoint('items')).toMatchObject({ position: all.length });
      await store.buildDeferredIndexes([items]);
      await check(store, all);
    } finally {
      await store.close();
    }
  });

  it('merges the text index a stopped rebuild left unmerged when the collections are opened again', async () => {
    const path = await tempPath();
    const stopped = new SqliteReadStore({ path });
    await stopped.ensureCollections([items]);
    await stopped.deferIndexes([items]);
    const all = itemsFrom(6, 120);
    for (const [at, item] of all.entries()) {
      await stopped.applyBatch('items', 1, [recordedPut(at + 1)], async (_event, tx) => {
        await tx.put('items', item.id, item);
      });
    }
    await stopped.close();
    expect(ftsConfig(path)).toEqual({ automerge: 0, crisismerge: 256 });
    const reopened = new SqliteReadStore({ path });
    try {
      await reopened.ensureCollections([items]);
      expect(ftsConfig(path)).toEqual({ automerge: 4, crisismerge: 16 });
      await check(reopened, all);
    } finally {
      await reopened.close();
    }
  });
});

describe('SqliteReadStore counts of a range per band of values (rangeCounts)', () => {
  type Row = { id: string; points?: unknown; tags: string[] };
  const rows = {
    name: 'scores',
    indexes: [{ fields: ['points'], order: [-1] as (1 | -1)[] }],
    listIndexes: ['tags'],
    rangeCounts: ['points'],
  };
  // Band edges (99 | 100, 5,099 | 5,100), fractions, 1 and below, and large numbers.
  const VALUES = [1, 1.5, 2, 9, 10, 99, 100, 101, 109, 110, 990, 999, 1000, 4999, 5000, 5001];
  const valuesFrom = (seed: number, count: number): number[] => {
    let state = seed;
    return Array.from({ length: count }, (_, n) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      if (n < VALUES.length) return VALUES[n]!;
      return state % 3 === 0
        ? 5000 + (state % 200)
        : Math.round(1 + (state % 1_000_000) / 7) / (state % 5 === 0 ? 4 : 1);
    });
  };
  const BOUNDS = [
    0, 0.5, 1, 1.5, 2, 99, 100, 100.5, 101, 110, 999, 1000, 5000, 5099, 5100, 1e6, 1e16,
  ];
  const ranges = (): Record<string, number>[] => {
    const all: Record<string, number>[] = [];
    for (const low of BOUNDS) {
      all.push({ $gte: low }, { $gt: low }, { $lte: low }, { $lt: low });
      for (const high of BOUNDS) {
        if (high >= low) all.push({ $gte: low, $lte: high }, { $gt: low, $lt: high });
      }
    }
    return all;
  };
  const check = async (store: SqliteReadStore, points: ReadonlyMap<string, unknown>) => {
    const collection = store.collection<Row>('scores');
    for (const range of ranges()) {
      const expected = [...points.values()].filter(
        (value) =>
          typeof value === 'number' &&
          Object.entries(range).every(([operator, bound]) =>
            operator === '$gte'
              ? value >= bound
              : operator === '$gt'
                ? value > bound
                : operator === '$lte'
                  ? value <= bound
                  : value < bound,
          ),
      ).length;
      expect(await collection.count({ where: { points: range } }), JSON.stringify(range)).toBe(
        expected,
      );
    }
  };

  it('counts every range as the documents do, through changes, and from the index when a value is in no band', async () => {
    const path = await tempPath();
    const store = new SqliteReadStore({ path });
    await store.ensureCollections([rows]);
    const points = new Map<string, unknown>();
    let position = 0;
    const write = (puts: readonly [string, unknown][], deletes: readonly string[] = []) =>
      store.applyBatch('scores', 1, [recordedPut(++position)], async (_event, tx) => {
        for (const [id, value] of puts) {
          await tx.put('scores', id, { id, points: value, tags: ['a'] });
          points.set(id, value);
        }
        for (const id of deletes) {
          await tx.delete('scores', id);
          points.delete(id);
        }
      });
    await write(valuesFrom(3, 400).map((value, n) => [`s${n}`, value]));
    await check(store, points);
    // The bands' counts are read (not the whole range of the index).
    expect(
      store.explain('scores', { where: { points: { $gte: 100 } } }, 'count').join('\n'),
    ).toMatch(/mc_scores/);
    // Values move between bands, documents go and come.
    await write(
      valuesFrom(7, 150).map((value, n) => [`s${n * 2}`, value]),
      ['s1', 's3', 's5', 's100'],
    );
    await write([['s1', 5100]]);
    await check(store, points);
    // Values in no band: below 1, null, missing.
    await write([
      ['x1', 0.5],
      ['x2', undefined],
      ['x3', null],
    ]);
    await check(store, points);
    await write([], ['x1', 'x2', 'x3']);
    await check(store, points);
    await store.close();
    // An older file (no bands): built on open.
    const db = new DatabaseSync(path);
    db.exec(
      "DROP TRIGGER tr_scores__band_points_in; DELETE FROM mc_scores WHERE field = '#points'",
    );
    db.close();
    const reopened = new SqliteReadStore({ path });
    try {
      await reopened.ensureCollections([rows]);
      await check(reopened, points);
    } finally {
      await reopened.close();
    }
  });

  it('counts from the index while a rebuild from zero defers the counts', async () => {
    const store = new SqliteReadStore({ path: await tempPath() });
    try {
      await store.ensureCollections([rows]);
      await store.deferIndexes([rows]);
      const points = new Map(valuesFrom(5, 200).map((value, n) => [`s${n}`, value as unknown]));
      await store.applyBatch('scores', 1, [recordedPut(1)], async (_event, tx) => {
        for (const [id, value] of points)
          await tx.put('scores', id, { id, points: value, tags: [] });
      });
      await check(store, points);
      await store.buildDeferredIndexes([rows]);
      await check(store, points);
    } finally {
      await store.close();
    }
  });
});

const ftsConfig = (path: string): Record<string, unknown> => {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const rows = db
      .prepare("SELECT k, v FROM fts_items_config WHERE k IN ('automerge', 'crisismerge')")
      .all() as { k: string; v: unknown }[];
    return Object.fromEntries(rows.map((row) => [row.k, row.v]));
  } finally {
    db.close();
  }
};

const ftsSql = (path: string): string => {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return (
      db.prepare("SELECT sql FROM sqlite_master WHERE name = 'fts_items'").get() as { sql: string }
    ).sql;
  } finally {
    db.close();
  }
};

import type { StatementSync } from 'node:sqlite';

/**
 * How the SQLite read store writes a flush's documents: their rows, then their text, then their
 * list entries. Plain data in (RowWrite: what the event loop worked out from each document), so
 * the same code writes on the store's connection and in the rebuild's writer thread
 * (sqlite-ahead.worker.ts).
 */

/** One element of a document's list field, as the list table holds it. */
export type ListRow = { field: string; value: string | number | null };

/**
 * A document's list rows, flat: a field, its value, the next field, its value… (fewer objects
 * to copy to the writer thread than a ListRow each).
 */
export type ListCells = (string | number | null)[];

/** A document's write, worked out from the document: plain data that can cross to a thread. */
export type RowWrite = {
  id: string;
  /** The document's JSON text, or null to delete it. */
  json: string | null;
  keys: string | null;
  /** The text index's columns (each text field, then the list tokens); null without text. */
  texts: string[] | null;
  /** The list table's rows; null without list fields. */
  lists: ListCells | null;
};

/** A collection's tables as its writes need them. */
export type RowTables = {
  rows: string;
  /** The text index and its columns, in the order of RowWrite.texts. */
  fts: { table: string; columns: readonly string[] } | null;
  lists: string | null;
};

/** Prepares a statement (cached by the caller). */
export type Prepare = (sql: string) => StatementSync;

/** A document row a flush has written, for its text and list entries. */
export type WrittenRow = {
  rowid: number;
  inserted: boolean;
  texts: string[] | null;
  lists: ListCells | null;
};

const rowKey = (row: ListRow) => `${row.field}\u0000${typeof row.value}\u0000${String(row.value)}`;

/** Whether the stored rows are the wanted ones, in any order. */
export const sameRows = (stored: readonly ListRow[], wanted: ListCells): boolean => {
  if (stored.length * 2 !== wanted.length) return false;
  const keys = new Set(stored.map(rowKey));
  for (let at = 0; at < wanted.length; at += 2) {
    if (!keys.has(rowKey({ field: wanted[at] as string, value: wanted[at + 1]! }))) return false;
  }
  return true;
};

/** `(?, ?, ?)` for each of `count` list rows. */
const listValues = (count: number): string => Array(count).fill('(?, ?, ?)').join(', ');

/** The most list rows one statement inserts (3 parameters each, far below SQLite's limit). */
const LIST_ROWS_PER_INSERT = 64;

/**
 * List rows queued for inserts of many rows each: full statements of LIST_ROWS_PER_INSERT rows,
 * the rest in statements of 32, 16, 8, 4, 2 and 1 rows (a few statements, each prepared once).
 * The rows go in in the order they were added.
 */
export class ListInserts {
  readonly #statement: (count: number) => StatementSync;
  #params: (string | number | null)[] = [];

  constructor(statement: (count: number) => StatementSync) {
    this.#statement = statement;
  }

  add(field: string, value: string | number | null, rid: number): void {
    this.#params.push(field, value, rid);
    if (this.#params.length === LIST_ROWS_PER_INSERT * 3) this.flush();
  }

  flush(): void {
    const params = this.#params;
    if (params.length === 0) return;
    this.#params = [];
    let at = 0;
    for (let count = LIST_ROWS_PER_INSERT; count >= 1; count = count >> 1) {
      while (params.length - at >= count * 3) {
        this.#statement(count).run(...params.slice(at, at + count * 3));
        at += count * 3;
      }
    }
  }
}

/**
 * Writes one flush's documents of a collection (each id once) and answers the ids it touched
 * (written or deleted; a document stored with exactly this JSON is left alone). The rows first,
 * then their text, then their list entries: an upsert opens a statement savepoint, at which
 * FTS5 writes out the text it holds in memory, so text written between two upserts made one
 * tiny index segment per document (and the merges of them), where text written after every
 * row is one segment for the whole flush.
 */
export const writeRows = (
  prepare: Prepare,
  tables: RowTables,
  writes: readonly RowWrite[],
): string[] => {
  // A row this flush inserts has a rowid above every row there was before it (each id is
  // written once per flush): it has no text or list entries yet to compare with.
  const before =
    tables.fts || tables.lists
      ? ((
          prepare(`SELECT max(rowid) AS last FROM "${tables.rows}"`).get() as {
            last: number | null;
          }
        ).last ?? 0)
      : Number.MAX_SAFE_INTEGER;
  const touched: string[] = [];
  const written: WrittenRow[] = [];
  for (const write of writes) {
    if (write.json === null) {
      if (deleteRow(prepare, tables, write.id)) touched.push(write.id);
      continue;
    }
    const rowid = putRow(prepare, tables, write);
    if (rowid === null) continue; // unchanged
    touched.push(write.id);
    written.push({ rowid, inserted: rowid > before, texts: write.texts, lists: write.lists });
  }
  writeTexts(prepare, tables, written);
  writeListRows(prepare, tables, written);
  return touched;
};

/**
 * Writes a document's row unless it is stored with exactly this JSON, and answers its rowid
 * (null when unchanged). Its keys are written only when they change: the upsert sets the
 * document alone (no expression index is touched, as none reads `doc`) and returns the keys
 * stored, which a second statement replaces if they differ.
 */
const putRow = (prepare: Prepare, tables: RowTables, write: RowWrite): number | null => {
  const row = prepare(
    `INSERT INTO "${tables.rows}" (id, doc, keys) VALUES (?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET doc = excluded.doc WHERE doc IS NOT excluded.doc
         RETURNING rowid, keys`,
  ).get(write.id, write.json, write.keys) as { rowid: number; keys: string | null } | undefined;
  if (!row) return null;
  if (row.keys !== write.keys) {
    prepare(`UPDATE "${tables.rows}" SET keys = ? WHERE rowid = ?`).run(write.keys, row.rowid);
  }
  return row.rowid;
};

const deleteRow = (prepare: Prepare, tables: RowTables, id: string): boolean => {
  const row = prepare(`DELETE FROM "${tables.rows}" WHERE id = ? RETURNING rowid`).get(id) as
    { rowid: number } | undefined;
  if (!row) return false;
  if (tables.fts) prepare(`DELETE FROM "${tables.fts.table}" WHERE rowid = ?`).run(row.rowid);
  if (tables.lists) prepare(`DELETE FROM "${tables.lists}" WHERE rid = ?`).run(row.rowid);
  return true;
};

/** How a side table (the text index, the list table) holds a document's rows. */
type SideRows<T> = Readonly<{
  /** Whether the document's stored rows are these already. */
  holds: (rowid: number, wanted: T) => boolean;
  /** Removes the document's stored rows (none may be stored). */
  remove: (rowid: number) => void;
  add: (rowid: number, wanted: T) => void;
}>;

/**
 * A side table's rows of documents just written, each compared with the stored ones unless the
 * document is new, and replaced only when they differ: most updates leave them alone (a
 * profile's prices, a presence flip), and a replace costs far more than reading them back.
 */
const writeSideRows = <T>(
  written: readonly WrittenRow[],
  wantedOf: (row: WrittenRow) => T | null,
  side: SideRows<T>,
): void => {
  for (const row of written) {
    const wanted = wantedOf(row);
    if (wanted === null) continue;
    if (!row.inserted) {
      if (side.holds(row.rowid, wanted)) continue;
      side.remove(row.rowid);
    }
    side.add(row.rowid, wanted);
  }
};

/** The text index's rows of documents just written (writeSideRows). */
export const writeTexts = (
  prepare: Prepare,
  tables: RowTables,
  written: readonly WrittenRow[],
): void => {
  const fts = tables.fts;
  if (!fts) return;
  const insert = prepare(
    `INSERT INTO "${fts.table}" (rowid, ${fts.columns.join(', ')}) VALUES (?, ${fts.columns.map(() => '?').join(', ')})`,
  );
  writeSideRows(written, (row) => row.texts, {
    holds: (rowid, texts) => {
      const indexed = prepare(
        `SELECT ${fts.columns.join(', ')} FROM "${fts.table}" WHERE rowid = ?`,
      ).get(rowid) as Record<string, string> | undefined;
      return (
        indexed !== undefined && fts.columns.every((column, at) => indexed[column] === texts[at])
      );
    },
    remove: (rowid) => prepare(`DELETE FROM "${fts.table}" WHERE rowid = ?`).run(rowid),
    add: (rowid, texts) => insert.run(rowid, ...texts),
  });
};

/**
 * The list table's rows of documents just written (writeSideRows). The rows are inserted many to
 * a statement (ListInserts), in the order one insert each would make them: a document's old rows
 * are deleted only after every row queued before it is in.
 */
export const writeListRows = (
  prepare: Prepare,
  tables: RowTables,
  written: readonly WrittenRow[],
): void => {
  const lists = tables.lists;
  if (!lists) return;
  const inserts = new ListInserts((count) =>
    prepare(`INSERT INTO "${lists}" (field, value, rid) VALUES ${listValues(count)}`),
  );
  writeSideRows(written, (row) => row.lists, {
    holds: (rowid, wanted) =>
      sameRows(
        prepare(`SELECT field, value FROM "${lists}" WHERE rid = ?`).all(rowid) as ListRow[],
        wanted,
      ),
    remove: (rowid) => {
      inserts.flush();
      prepare(`DELETE FROM "${lists}" WHERE rid = ?`).run(rowid);
    },
    add: (rowid, wanted) => {
      for (let at = 0; at < wanted.length; at += 2) {
        inserts.add(wanted[at] as string, wanted[at + 1]!, rowid);
      }
    },
  });
  inserts.flush();
};

import type { StatementSync } from 'node:sqlite';
import { textAt, valuesAt } from './port.ts';
import { bind, listToken } from './sqlite-query.ts';

/**
 * How the SQLite read store writes a flush's documents: each document's row (its JSON and keys),
 * its text and its list entries (RowWrite, worked out from the document by its collection's
 * RowShape), then the rows, the text and the list entries. All plain data, so the same code
 * writes on the store's connection and in the rebuild's writer thread (sqlite-ahead.worker.ts),
 * which is handed the documents' JSON alone and works out the rest itself.
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

/**
 * What a collection's documents put beside their JSON, as plain data (it crosses to the writer
 * thread): the paths of its key fields, its text fields and its list fields.
 */
export type RowShape = Readonly<{
  /** The key fields' paths that keysOf writes (none below another key field). */
  keyPaths: readonly (readonly string[])[];
  /** The text index's fields, in column order (none: no text index). */
  textFields: readonly string[];
  /** The list table's fields (none: no list table). */
  listFields: readonly string[];
}>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A document's `keys`: an object holding only its key fields, each at its own path, as JSON
 * text (null for a collection without indexes). `json_extract(keys, '$.f')` then gives what
 * `json_extract(doc, '$.f')` would for every key field f of a JSON document: a field is read as
 * SQLite's JSON path reads it (own properties of objects, never into arrays), and a field below
 * another key field comes with its parent's whole value.
 */
const keysOf = (document: object, paths: readonly (readonly string[])[]): string | null => {
  if (paths.length === 0) return null;
  const keys: Record<string, unknown> = {};
  for (const path of paths) {
    let value: unknown = document;
    for (const key of path) {
      value = isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
      if (value === undefined) break;
    }
    if (value === undefined) continue;
    let target = keys;
    for (let at = 0; at < path.length - 1; at++) {
      const key = path[at]!;
      target = (target[key] ??= {}) as Record<string, unknown>;
    }
    target[path.at(-1)!] = value;
  }
  return JSON.stringify(keys);
};

/**
 * The (field, value) rows a document puts in its collection's list table, flat (ListCells: a
 * field, its value, the next field…), each once, in the order of the fields and their elements.
 */
const listCells = (document: object, fields: readonly string[]): ListCells => {
  const cells: ListCells = [];
  for (const field of fields) {
    const elements = valuesAt(document, field);
    const seen = elements.length > 1 ? new Set<string | number | null>() : null;
    for (const element of elements) {
      if (element === null || typeof element === 'object') continue;
      const value = bind(element as string | number | boolean);
      if (seen) {
        if (seen.has(value)) continue;
        seen.add(value);
      }
      cells.push(field, value);
    }
  }
  return cells;
};

/** List rows' tokens (listToken), space-separated: the text of the FTS5 list column. */
const listTokens = (cells: ListCells, fields: readonly string[]): string => {
  const tokens: string[] = [];
  for (let at = 0; at < cells.length; at += 2) {
    tokens.push(listToken(fields.indexOf(cells[at] as string), cells[at + 1]!));
  }
  return tokens.join(' ');
};

/** The text index's columns of a document (each text field, then its list tokens). */
const textsOf = (shape: RowShape, document: object, lists: ListCells | null): string[] | null => {
  if (shape.textFields.length === 0) return null;
  const texts = shape.textFields.map((field) => textAt(document, field));
  if (shape.listFields.length > 0) texts.push(listTokens(lists ?? [], shape.listFields));
  return texts;
};

/** A document's write (null: a delete), its JSON text given when already made. */
export const rowWriteOf = (
  shape: RowShape,
  id: string,
  document: object | null,
  json?: string,
): RowWrite => {
  if (document === null) return { id, json: null, keys: null, texts: null, lists: null };
  const lists = shape.listFields.length > 0 ? listCells(document, shape.listFields) : null;
  return {
    id,
    json: json ?? JSON.stringify(document),
    keys: keysOf(document, shape.keyPaths),
    texts: textsOf(shape, document, lists),
    lists,
  };
};

/**
 * Documents as their JSON text alone (null: deleted), the ids and texts in two arrays: what the
 * event loop hands the writer thread, which parses each and works out its write (rowWritesOf).
 * Strings copy to a thread far cheaper than the objects a RowWrite holds.
 */
export type RowDocuments = Readonly<{ ids: string[]; jsons: (string | null)[] }>;

/** The writes of documents given as JSON (RowDocuments). */
export const rowWritesOf = (shape: RowShape, documents: RowDocuments): RowWrite[] =>
  documents.ids.map((id, at) => {
    const json = documents.jsons[at] ?? null;
    return json === null
      ? rowWriteOf(shape, id, null)
      : rowWriteOf(shape, id, JSON.parse(json) as object, json);
  });

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

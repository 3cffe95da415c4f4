import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { PortStatus } from '../shared/port-status.ts';
import { migrate } from '../shared/sqlite-migrations.ts';
import { eventsAfterCheckpoint, leaseFor, movesForward } from './checkpoints.ts';
import {
  assertCollectionName,
  assertFieldPath,
  type CollectionDefinition,
  type GetOptions,
  type ProjectionBatchHandler,
  type PutOptions,
  type ProjectionTransaction,
  type Query,
  type ReadCollection,
  type ReadStore,
  type StoredCheckpoint,
} from './port.ts';
import {
  fieldExpression,
  ftsColumn,
  FTS_LIST_COLUMN,
  bandField,
  bandSql,
  ftsCount,
  orderSql,
  whereSql,
  textSeeks,
  countSql,
  combinedMatch,
  orderedListFind,
  rangeChecks,
  type CollectionTables,
  type SqlFragment,
  type Statement,
} from './sqlite-query.ts';
import { AheadWriter } from './sqlite-ahead.ts';
import {
  rowWriteOf,
  writeListRows,
  writeRows,
  writeTexts,
  type RowShape,
  type RowTables,
} from './sqlite-rows.ts';

export type SqliteReadStoreOptions = Readonly<{
  path: string;
  /**
   * Nothing but this store writes to the file (the embedded runtime holds the data directory's
   * lock): renderings are then forgotten as its own transactions touch documents, without
   * asking the file about other writers before each one (checked at each commit instead; a
   * store that finds it was not alone asks before each rendering from then on).
   */
  soleWriter?: boolean;
}>;

const table = (collection: string) => {
  assertCollectionName(collection);
  return `rm_${collection}`;
};
const ftsTable = (collection: string) => `fts_${collection}`;
const listTable = (collection: string) => `mv_${collection}`;
const countsTable = (collection: string) => `mc_${collection}`;
const orderedTable = (collection: string) => `mo_${collection}`;

/** The prefix lengths of a text index whose collection names none (textPrefixes). */
const DEFAULT_TEXT_PREFIXES = [1, 2];

/**
 * The FTS5 table of a collection: one column per text-search field, Latin accents folded, and
 * prefix indexes for words of one and two characters (or the collection's `textPrefixes`), so a
 * short prefix (what people type first) reads one list instead of merging every word that
 * starts with it. A collection with
 * list fields too has a last column of list tokens (listToken: one per element of each list
 * field), so a search's text and list filters are one FTS5 query (combinedMatch). No column
 * sizes are kept (`columnsize = 0`: only FTS5's ranking functions read them, and no query
 * ranks by them): a b-tree row less per document written. Of each match only its columns are
 * kept, not its places in them (`detail = column`): every query is of one-token words and
 * prefixes with column filters (ftsMatch, listToken), never a phrase or NEAR, and the lists
 * FTS5 reads for a common prefix are much shorter. (A text index made before either option is
 * made again when the collection is opened: its definition differs.)
 */
const ftsDefinition = (definition: CollectionDefinition): string =>
  `CREATE VIRTUAL TABLE "${ftsTable(definition.name)}" USING fts5(${[
    ...(definition.textSearch ?? []).map((_, index) => ftsColumn(index)),
    ...(definition.listIndexes?.length ? [FTS_LIST_COLUMN] : []),
  ].join(
    ', ',
  )}, tokenize = 'unicode61 remove_diacritics 2', prefix = '${(definition.textPrefixes ?? DEFAULT_TEXT_PREFIXES).join(' ')}', columnsize = 0, detail = column)`;

/** An ordered index's name suffix (`_d_a` for descending then ascending). */
export const orderSuffix = (order: readonly (1 | -1)[] | undefined): string =>
  order ? `_${order.map((direction) => (direction === -1 ? 'd' : 'a')).join('_')}` : '';

/** Every field of a collection's indexes, in order of first mention: what its `keys` hold. */
export const keyFieldsOf = (definition: CollectionDefinition | null): string[] => [
  ...new Set((definition?.indexes ?? []).flatMap((index) => index.fields)),
];

const setOwn = (target: Record<string, unknown>, key: string, value: unknown): void => {
  // `__proto__` (a key JSON.parse may give) as an own property, as JSON.parse makes it.
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else target[key] = value;
};

const copyJsonValue = (value: unknown, key: string): unknown => {
  if (typeof value === 'object' && value !== null) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = (toJSON as (key: string) => unknown).call(value, key);
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value + 0 : null; // -0 is written as 0
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        const copy: unknown[] = new Array<unknown>(value.length);
        for (let at = 0; at < value.length; at++) {
          copy[at] = copyJsonValue(value[at], String(at)) ?? null;
        }
        return copy;
      }
      if (value instanceof Number || value instanceof String || value instanceof Boolean) {
        return copyJsonValue(value.valueOf(), key);
      }
      const copy: Record<string, unknown> = {};
      for (const name of Object.keys(value)) {
        const field = copyJsonValue((value as Record<string, unknown>)[name], name);
        if (field !== undefined) setOwn(copy, name, field);
      }
      return copy;
    }
    default:
      return undefined; // undefined, functions and symbols, which JSON leaves out
  }
};

/**
 * `JSON.parse(JSON.stringify(document))` without the text: plain objects, arrays, strings,
 * finite numbers, booleans and nulls, after `toJSON` (a Date becomes its ISO text); undefined
 * values, functions and symbols left out (null in arrays), non-finite numbers null. Throws on a
 * BigInt, as JSON.stringify does (and on a cycle, with a RangeError where JSON throws a
 * TypeError). About three times cheaper than the round trip for a directory entry.
 */
export const jsonCopy = <T extends object>(document: T): T => copyJsonValue(document, '') as T;

/**
 * A batch's writes not yet in the file, by collection and id: the document to store (a JSON copy,
 * unless handed over: PutOptions), or null to delete it. What the batch's `get` answers first.
 */
class PendingWrites {
  readonly byCollection = new Map<string, Map<string, object | null>>();
  /** Throws for an unknown collection: a write to one fails at the write. */
  readonly #check: (collection: string) => void;

  constructor(check: (collection: string) => void) {
    this.#check = check;
  }

  put(collection: string, id: string, document: object, options?: PutOptions): void {
    this.#check(collection);
    this.#of(collection).set(id, options?.handOver ? document : jsonCopy(document));
  }

  delete(collection: string, id: string): void {
    this.#check(collection);
    this.#of(collection).set(id, null);
  }

  /** The document the batch wrote (null: deleted), undefined when it wrote none. */
  written(collection: string, id: string): object | null | undefined {
    return this.byCollection.get(collection)?.get(id);
  }

  #of(collection: string): Map<string, object | null> {
    let writes = this.byCollection.get(collection);
    if (!writes) this.byCollection.set(collection, (writes = new Map()));
    return writes;
  }
}

/**
 * What a `get` answers for a document held in memory (null: deleted): the document itself for a
 * reader that changes nothing (GetOptions), else a copy of its own, as one read from the file.
 */
const heldAnswer = <T extends object>(document: object | null, options?: GetOptions): T | null =>
  document === null ? null : options?.shared ? (document as T) : jsonCopy(document as T);

/**
 * A collection's expression indexes, each with the statement creating it as SQLite keeps it in
 * sqlite_master (to compare with what a file has). They read the small `keys` column, not the
 * whole document: a document written with its key fields unchanged leaves every index as it is
 * (see #putRow).
 */
const indexesOf = (
  definition: CollectionDefinition,
): { name: string; sql: string; unique: boolean }[] => {
  const { tables } = layoutOf(definition);
  const name = table(definition.name);
  return (definition.indexes ?? []).map((index) => {
    const columns = index.order
      ? [
          ...index.fields.map(
            (field, i) =>
              `${fieldExpression(field, tables.keys)} ${index.order?.[i] === -1 ? 'DESC' : 'ASC'}`,
          ),
          'id ASC',
        ].join(', ')
      : index.fields.map((field) => fieldExpression(field, tables.keys)).join(', ');
    const indexName = `ix_${definition.name}_${index.fields.join('_').replaceAll('.', '__')}${orderSuffix(index.order)}`;
    return {
      name: indexName,
      sql: `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX "${indexName}" ON "${name}" (${columns})`,
      unique: index.unique === true,
    };
  });
};

/** The list table's index of (field, value): what list conditions are looked up in. */
const listValuesIndex = (definition: CollectionDefinition): { name: string; sql: string } | null =>
  definition.listIndexes?.length
    ? {
        name: `ix_${definition.name}__list_values`,
        sql: `CREATE INDEX IF NOT EXISTS "ix_${definition.name}__list_values" ON "${listTable(definition.name)}" (field, value, rid)`,
      }
    : null;

/** The indexes a rebuild from zero may build once at its end (SqliteReadStore.deferIndexes). */
const deferrableIndexesOf = (definition: CollectionDefinition): { name: string; sql: string }[] => {
  const lists = listValuesIndex(definition);
  return [...indexesOf(definition).filter((index) => !index.unique), ...(lists ? [lists] : [])];
};

/** The fields counted per band of values (rangeCounts; each begins one of the indexes). */
const bandedOf = (definition: CollectionDefinition): string[] => {
  const leading = new Set((definition.indexes ?? []).map((index) => index.fields[0]));
  for (const field of definition.rangeCounts ?? []) {
    assertFieldPath(field);
    if (!leading.has(field)) throw new Error(`rangeCounts: ${field} begins no index`);
  }
  return [...(definition.rangeCounts ?? [])];
};

/**
 * What the list table's triggers keep beside it (none without list fields): the number of
 * documents per (field, value) and in all (`mc_`), and the ordered list table (`mo_`: an element of an
 * ordered list field with its document's id and keys, indexed by value then each order). They
 * are built from the list table and the documents in one go (#buildDerived), and dropped with
 * their triggers while a rebuild from zero defers its indexes: a query finding them missing
 * reads the list table instead. Each statement as SQLite keeps it in sqlite_master.
 */
const derivedOf = (
  definition: CollectionDefinition,
): {
  tables: { name: string; sql: string; fill: string }[];
  indexes: { name: string; sql: string }[];
  triggers: { name: string; sql: string }[];
} => {
  if (!definition.listIndexes?.length) return { tables: [], indexes: [], triggers: [] };
  const c = definition.name;
  const { tables: layout } = layoutOf(definition);
  const [rows, lists, counts, ordered] = [table(c), listTable(c), countsTable(c), orderedTable(c)];
  const result: ReturnType<typeof derivedOf> = {
    tables: [
      {
        name: counts,
        sql: `CREATE TABLE "${counts}" (field TEXT NOT NULL, value ANY, n INTEGER NOT NULL, PRIMARY KEY (field, value)) STRICT, WITHOUT ROWID`,
        // The row of field '' (no list field's name) counts the documents.
        fill: `INSERT INTO "${counts}" (field, value, n) SELECT field, value, count(*) FROM "${lists}" GROUP BY field, value; INSERT INTO "${counts}" (field, value, n) SELECT '', '', count(*) FROM "${rows}"`,
      },
    ],
    indexes: [],
    triggers: [
      {
        name: `tr_${c}__counts_in`,
        sql: `CREATE TRIGGER "tr_${c}__counts_in" AFTER INSERT ON "${lists}" BEGIN INSERT INTO "${counts}" (field, value, n) VALUES (new.field, new.value, 1) ON CONFLICT (field, value) DO UPDATE SET n = n + 1; END`,
      },
      {
        name: `tr_${c}__rows_in`,
        sql: `CREATE TRIGGER "tr_${c}__rows_in" AFTER INSERT ON "${rows}" BEGIN UPDATE "${counts}" SET n = n + 1 WHERE field = '' AND value = ''; END`,
      },
      {
        name: `tr_${c}__rows_out`,
        sql: `CREATE TRIGGER "tr_${c}__rows_out" AFTER DELETE ON "${rows}" BEGIN UPDATE "${counts}" SET n = n - 1 WHERE field = '' AND value = ''; END`,
      },
      {
        name: `tr_${c}__counts_out`,
        sql: `CREATE TRIGGER "tr_${c}__counts_out" AFTER DELETE ON "${lists}" BEGIN UPDATE "${counts}" SET n = n - 1 WHERE field = old.field AND value = old.value; END`,
      },
    ],
  };
  // The documents per band of each banded field's values (bandSql), kept by the rows' triggers.
  for (const field of bandedOf(definition)) {
    const name = bandField(field);
    const band = (row: string) => bandSql(`json_extract(${row}keys, '$.${field}')`);
    result.tables[0]!.fill += `; INSERT INTO "${counts}" (field, value, n) SELECT '${name}', ${band('')}, count(*) FROM "${rows}" GROUP BY 2`;
    const add = (row: string) =>
      `INSERT INTO "${counts}" (field, value, n) VALUES ('${name}', ${band(row)}, 1) ON CONFLICT (field, value) DO UPDATE SET n = n + 1;`;
    const remove = (row: string) =>
      `UPDATE "${counts}" SET n = n - 1 WHERE field = '${name}' AND value = ${band(row)};`;
    const suffix = field.replaceAll('.', '__');
    result.triggers.push(
      {
        name: `tr_${c}__band_${suffix}_in`,
        sql: `CREATE TRIGGER "tr_${c}__band_${suffix}_in" AFTER INSERT ON "${rows}" BEGIN ${add('new.')} END`,
      },
      {
        name: `tr_${c}__band_${suffix}_out`,
        sql: `CREATE TRIGGER "tr_${c}__band_${suffix}_out" AFTER DELETE ON "${rows}" BEGIN ${remove('old.')} END`,
      },
      {
        name: `tr_${c}__band_${suffix}_keys`,
        sql: `CREATE TRIGGER "tr_${c}__band_${suffix}_keys" AFTER UPDATE OF keys ON "${rows}" WHEN ${band('old.')} IS NOT ${band('new.')} BEGIN ${remove('old.')} ${add('new.')} END`,
      },
    );
  }
  if (!layout.ordered) return result;
  const fields = [...layout.ordered.fields].map((field) => `'${field}'`).join(', ');
  result.tables.push({
    name: ordered,
    sql: `CREATE TABLE "${ordered}" (field TEXT NOT NULL, value ANY, rid INTEGER NOT NULL, id TEXT NOT NULL, keys TEXT) STRICT`,
    fill: `INSERT INTO "${ordered}" (field, value, rid, id, keys) SELECT l.field, l.value, l.rid, r.id, r.keys FROM "${lists}" AS l JOIN "${rows}" AS r ON r.rowid = l.rid WHERE l.field IN (${fields})`,
  });
  result.indexes.push({
    name: `ix_${c}__ordered_rows`,
    sql: `CREATE INDEX "ix_${c}__ordered_rows" ON "${ordered}" (rid)`,
  });
  for (const order of layout.ordered.orders) {
    const name = `ix_${c}__ordered_${order.fields.join('_').replaceAll('.', '__')}${orderSuffix(order.order)}`;
    const columns = order.fields.map(
      (field, at) =>
        `${fieldExpression(field, layout.keys)} ${order.order[at] === -1 ? 'DESC' : 'ASC'}`,
    );
    result.indexes.push({
      name,
      sql: `CREATE INDEX "${name}" ON "${ordered}" (field, value, ${columns.join(', ')}, id ASC)`,
    });
  }
  result.triggers.push(
    {
      name: `tr_${c}__ordered_in`,
      sql: `CREATE TRIGGER "tr_${c}__ordered_in" AFTER INSERT ON "${lists}" WHEN new.field IN (${fields}) BEGIN INSERT INTO "${ordered}" (field, value, rid, id, keys) SELECT new.field, new.value, new.rid, id, keys FROM "${rows}" WHERE rowid = new.rid; END`,
    },
    {
      name: `tr_${c}__ordered_out`,
      sql: `CREATE TRIGGER "tr_${c}__ordered_out" AFTER DELETE ON "${lists}" WHEN old.field IN (${fields}) BEGIN DELETE FROM "${ordered}" WHERE rid = old.rid AND field = old.field AND value = old.value; END`,
    },
    {
      name: `tr_${c}__ordered_keys`,
      sql: `CREATE TRIGGER "tr_${c}__ordered_keys" AFTER UPDATE OF keys ON "${rows}" BEGIN UPDATE "${ordered}" SET keys = new.keys WHERE rid = new.rowid; END`,
    },
  );
  return result;
};

/**
 * How many entries of an order's index a page read in order may look up in a set of rowids for
 * the cost of reading and sorting one of the set's documents (#readPlan), with a margin: 40
 * measured on the directory (about 13 µs a 5 KB entry, 0.3 µs an index entry).
 */
const ORDER_ENTRY_SAVING = 16;

/**
 * How many matches of a text condition are gathered into a set (#readPlan) for the cost of
 * looking one document up in the text index's prefix lists (#probePlan): about 1.5 µs a match
 * against 35 to 100 µs a lookup, measured on the 1,000,000-creator directory (a margin kept).
 */
const FTS_PROBE_COST = 64;

/** A query as the store plans it: with its text looked up per document read (#probePlan). */
type PlannedQuery = Query & Readonly<{ probeText?: boolean }>;

/** FTS5's own merge settings (its defaults). */
const FTS_AUTOMERGE = 4;
const FTS_CRISIS_MERGE = 16;
/**
 * How many segments a level of the text index holds during a rebuild from zero before FTS5
 * merges them into one of the next level. FTS5 allows 2,000 segments in all, and a merge needs
 * an id for its output: at 1,999 a level's merge was refused (SQLITE_FULL, "database or disk is
 * full") once another level held a segment, and the 1,000,000-creator rebuild stalled at 848,158
 * creators. At 256, seven levels (256^7 flushes) stay under the limit, and a rebuild still
 * rewrites its text about once before its final merge.
 */
const FTS_REBUILD_CRISIS_MERGE = 256;

/** How much of the file buildDeferredIndexes maps into memory (SQLite's usual cap, 2 GB). */
const INDEX_BUILD_MMAP_BYTES = 0x7fff0000;

/**
 * The helper threads SQLite's sorter may use while a rebuild's indexes are built (`PRAGMA
 * threads`; none otherwise). The rebuild's fold is over by then, and the sorter sorts the list
 * table's million entries in parts on the other cores: a third less time for that index.
 */
const INDEX_BUILD_THREADS = 4;

/** SQLite's automatic checkpoint, in pages of log (its default). */
const AUTOCHECKPOINT = 1000;

/** A collection as this store writes and queries it, worked out once per definition. */
type Layout = Readonly<{
  tables: CollectionTables;
  /** What its documents put beside their JSON (sqlite-rows.ts). */
  shape: RowShape;
  /** Its tables as a flush's writes need them (sqlite-rows.ts). */
  rows: RowTables;
}>;

const layouts = new WeakMap<CollectionDefinition, Layout>();

const layoutOf = (definition: CollectionDefinition): Layout => {
  let layout = layouts.get(definition);
  if (!layout) {
    const fields = keyFieldsOf(definition);
    const keyPaths = fields
      .filter((field) => !fields.some((other) => field.startsWith(`${other}.`)))
      .map((field) => field.split('.'));
    const tables = tablesOf(definition);
    layout = {
      tables,
      shape: {
        keyPaths,
        textFields: definition.textSearch ?? [],
        listFields: definition.listIndexes ?? [],
      },
      rows: {
        rows: table(definition.name),
        fts: tables.fts
          ? {
              table: tables.fts.table,
              columns: [
                ...tables.fts.fields.map((_, index) => ftsColumn(index)),
                ...(tables.fts.lists ? [FTS_LIST_COLUMN] : []),
              ],
            }
          : null,
        lists: tables.lists?.table ?? null,
      },
    };
    layouts.set(definition, layout);
  }
  return layout;
};

/** The ordered indexes kept per list value too (`perListValue`), with those list fields. */
const perValueOrdersOf = (definition: CollectionDefinition) =>
  (definition.indexes ?? []).flatMap((index) => {
    const lists = (index.perListValue ?? []).filter((field) =>
      definition.listIndexes?.includes(field),
    );
    return index.order && lists.length > 0
      ? [{ fields: index.fields, order: index.order, lists: new Set(lists) }]
      : [];
  });

const tablesOf = (definition: CollectionDefinition): CollectionTables => ({
  keys: new Set(keyFieldsOf(definition)),
  leading: new Set((definition.indexes ?? []).flatMap((index) => index.fields.slice(0, 1))),
  counts: definition.listIndexes?.length ? countsTable(definition.name) : null,
  banded: new Set(definition.listIndexes?.length ? bandedOf(definition) : []),
  ordered:
    perValueOrdersOf(definition).length > 0
      ? {
          table: orderedTable(definition.name),
          fields: new Set(perValueOrdersOf(definition).flatMap((order) => [...order.lists])),
          orders: perValueOrdersOf(definition),
        }
      : null,
  fts: definition.textSearch?.length
    ? {
        table: ftsTable(definition.name),
        fields: definition.textSearch,
        lists: definition.listIndexes?.length
          ? { column: FTS_LIST_COLUMN, fields: definition.listIndexes }
          : null,
        prefixes: definition.textPrefixes ?? DEFAULT_TEXT_PREFIXES,
      }
    : null,
  lists: definition.listIndexes?.length
    ? {
        table: listTable(definition.name),
        fields: new Set(definition.listIndexes),
        owner: table(definition.name),
      }
    : null,
});

/** Serialises async critical sections (the writer connection holds one transaction at a time). */
class Mutex {
  #tail: Promise<void> = Promise.resolve();
  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(work);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

/** One renderer's cache: each document's rendering, kept while the document is unchanged. */
type Renderings = { collection: string; capacity: number; values: Map<string, unknown> };

/** A write accepted by applyBatch or saveCheckpoint, waiting for the next group commit. */
type PendingWrite = {
  write: () => Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
};

/**
 * Read models in one SQLite file. Projections write through a dedicated writer connection, each
 * batch with its checkpoint; queries use that connection between transactions, and a reader
 * connection (which in WAL mode only ever sees committed batches) while one is open.
 *
 * Writes that arrive in the same tick are committed together (group commit): every subscriber
 * of the log (each projection, the process managers, the forwarder) is woken by the same append
 * and hands in its batch at once, so one event costs one commit instead of one per subscriber.
 * Each batch runs in its own savepoint: one that fails is rolled back and rejected alone.
 *
 * Renderers (`collection(name).renderer(render)`) keep each document's rendering until the
 * document changes. This store knows when that is: its own writes name the documents they touch
 * (forgotten as the transaction ends, committed or not), and a commit by any other connection to
 * the file (another process, a rebuild) moves the writer connection's `PRAGMA data_version`,
 * checked before every rendering is answered, which then forgets them all.
 */
export class SqliteReadStore implements ReadStore {
  readonly adapter = 'sqlite';
  readonly #writer: DatabaseSync;
  readonly #reader: DatabaseSync;
  readonly #definitions = new Map<string, CollectionDefinition>();
  readonly #writeLock = new Mutex();
  readonly #statements = new Map<DatabaseSync, Map<string, StatementSync>>();
  #pending: PendingWrite[] = [];
  #flushScheduled = false;
  #closed = false;
  readonly #renderings = new Set<Renderings>();
  /** The writer connection's data_version when the renderings were last known current. */
  #dataVersion: number | null = null;
  #soleWriter: boolean;
  /** Collections whose query-only indexes wait for the end of a rebuild (deferIndexes). */
  readonly #deferred = new Set<string>();
  /** Deferred collections whose indexes a query has asked for (#indexForQueries). */
  readonly #indexing = new Set<string>();
  /** The documents written by the transaction in progress, as [collection, id]. */
  #touched: [string, string][] = [];
  readonly #path: string;
  /** The rebuild's writer thread (applyBatchAhead), started at its first batch. */
  #aheadWriter: AheadWriter | null = null;
  /**
   * Writes handed to the writer thread and not yet committed, by collection and id: the document
   * (null: deleted) and the batch that wrote it last. A `get` answers them before the file.
   */
  readonly #inFlight = new Map<string, Map<string, { document: object | null; batch: number }>>();
  /** Per projection, the checkpoint its last batch handed over moves to, until committed. */
  readonly #aheadCheckpoints = new Map<string, { checkpoint: StoredCheckpoint; batch: number }>();
  #aheadBatches = 0;
  /** The handler runs of applyBatchAhead, one after another. */
  #aheadApplying: Promise<unknown> = Promise.resolve();

  constructor(options: SqliteReadStoreOptions) {
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    this.#soleWriter = options.soleWriter ?? false;
    this.#path = options.path;
    this.#writer = new DatabaseSync(options.path);
    // Read models can always be rebuilt from the log; NORMAL keeps writes and checkpoint atomic.
    // busy_timeout first: another process opening the same file at once then waits for it.
    this.#writer.exec(`
      PRAGMA busy_timeout = 5000;
      PRAGMA journal_mode = WAL;
      PRAGMA synchronous = NORMAL;
    `);
    migrate(this.#writer, 'readstore', [
      {
        version: 1,
        name: 'checkpoints and collections',
        sql: `
          CREATE TABLE checkpoints (
            name       TEXT PRIMARY KEY,
            position   INTEGER,
            version    INTEGER NOT NULL,
            updated_at TEXT NOT NULL
          );
          CREATE TABLE collections (
            name       TEXT PRIMARY KEY,
            definition TEXT NOT NULL
          );
        `,
      },
      {
        version: 2,
        name: 'leases',
        sql: `
          CREATE TABLE leases (
            name       TEXT PRIMARY KEY,
            holder     TEXT NOT NULL,
            expires_at INTEGER NOT NULL
          );
        `,
      },
    ]);
    // Statistics for tables that never had them (SQLite's advice for long-lived connections).
    this.#writer.exec('PRAGMA optimize = 0x10002;');
    this.#reader =
      options.path === ':memory:'
        ? this.#writer
        : new DatabaseSync(options.path, { readOnly: true });
    this.#reader.exec('PRAGMA busy_timeout = 5000;');
  }

  /**
   * The connection a query runs on: the writer's when no transaction is open on it (its page
   * cache holds what it has just written, where the reader's is dropped at every commit: 4 µs
   * against 12 for a document read after a write), else the reader's, which only ever sees
   * committed batches. Either way a query sees every committed write and nothing else.
   */
  #readable(): DatabaseSync {
    return this.#writer.isTransaction ? this.#reader : this.#writer;
  }

  /** Prepared statements are cached per connection: queries are built from a few shapes. */
  #prepare(db: DatabaseSync, sql: string): StatementSync {
    let cache = this.#statements.get(db);
    if (!cache) this.#statements.set(db, (cache = new Map()));
    let statement = cache.get(sql);
    if (!statement) {
      if (cache.size > 500) cache.clear();
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  }

  async ensureCollections(definitions: readonly CollectionDefinition[]): Promise<void> {
    await this.#writeLock.run(async () => {
      for (const definition of definitions) this.#createCollection(definition);
    });
  }

  #createCollection(definition: CollectionDefinition): void {
    const name = table(definition.name);
    for (const field of definition.listIndexes ?? []) assertFieldPath(field);
    const wantedIndexes = new Map(
      indexesOf(definition).map((index) => [index.name, index.sql] as const),
    );
    this.#writer.exec('BEGIN IMMEDIATE');
    try {
      // No CHECK (json_valid(doc)) on a new table (older ones keep theirs): every document is
      // written as JSON.stringify made it, and the check parsed it again at every write. The
      // keys before the document: a row longer than a page keeps its start in the table's page
      // and the rest in overflow pages, and a column is read by walking the record up to it,
      // so each index build (and the ordered list table's) reads the keys without the document's
      // overflow pages (a table made before keeps its order; a rebuild's reset makes it anew).
      this.#writer.exec(`CREATE TABLE IF NOT EXISTS "${name}" (
         rowid INTEGER PRIMARY KEY,
         id    TEXT NOT NULL UNIQUE,
         keys  TEXT,
         doc   TEXT NOT NULL
       )`);
      // A table of the layout before `keys` (indexes on the documents) gets the column here.
      const columns = this.#writer.prepare(`PRAGMA table_info("${name}")`).all() as {
        name: string;
      }[];
      const keysAdded = !columns.some((column) => column.name === 'keys');
      if (keysAdded) this.#writer.exec(`ALTER TABLE "${name}" ADD COLUMN keys TEXT`);
      // Side tables built by an older definition (a single-column text index from before text
      // conditions named fields, other list fields) are built again from the documents, and so
      // are the keys when the indexed fields change.
      const stored = this.#writer
        .prepare('SELECT definition FROM collections WHERE name = ?')
        .get(definition.name) as { definition: string } | undefined;
      const before = stored ? (JSON.parse(stored.definition) as CollectionDefinition) : null;
      const rebuildKeys =
        keysAdded ||
        JSON.stringify(keyFieldsOf(before)) !== JSON.stringify(keyFieldsOf(definition));
      // Indexes no longer wanted, or wanted in another form (on the documents before `keys`),
      // are dropped; so is every index whose keys are about to be written again (built once,
      // after, rather than updated row by row).
      const existingIndexes = this.#writer
        .prepare(
          "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
        )
        .all(name) as { name: string; sql: string }[];
      const kept = new Set<string>();
      for (const index of existingIndexes) {
        if (!rebuildKeys && wantedIndexes.get(index.name) === index.sql) kept.add(index.name);
        else this.#writer.exec(`DROP INDEX "${index.name}"`);
      }
      const fts = ftsTable(definition.name);
      const existingFts = this.#writer
        .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?")
        .get(fts) as { sql: string } | undefined;
      const wantedFts = definition.textSearch?.length ? ftsDefinition(definition) : null;
      // The list tokens name each list field by its place in listIndexes: other list fields
      // are other tokens.
      const rebuildFts =
        existingFts?.sql !== wantedFts ||
        (wantedFts !== null &&
          Boolean(definition.listIndexes?.length) &&
          JSON.stringify(before?.listIndexes ?? []) !==
            JSON.stringify(definition.listIndexes ?? []));
      if (rebuildFts) {
        if (existingFts) this.#writer.exec(`DROP TABLE "${fts}"`);
        if (wantedFts) this.#writer.exec(wantedFts);
      }
      const lists = listTable(definition.name);
      const wantedLists = definition.listIndexes ?? [];
      const listsExist = Boolean(
        this.#writer
          .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
          .get(lists),
      );
      const rebuildLists =
        JSON.stringify(before?.listIndexes ?? []) !== JSON.stringify(wantedLists) ||
        listsExist !== wantedLists.length > 0;
      if (rebuildLists) {
        this.#writer.exec(`DROP TABLE IF EXISTS "${lists}"`);
        if (wantedLists.length > 0) {
          this.#writer.exec(`CREATE TABLE "${lists}" (
             field TEXT NOT NULL,
             value ANY,
             rid   INTEGER NOT NULL
           ) STRICT`);
          this.#writer.exec(listValuesIndex(definition)!.sql);
          this.#writer.exec(`CREATE INDEX "ix_${definition.name}__list_rows" ON "${lists}" (rid)`);
        }
      }
      // A list index a stopped rebuild left out (deferIndexes) is built now.
      if (wantedLists.length > 0) this.#writer.exec(listValuesIndex(definition)!.sql);
      this.#statements.clear(); // statements on dropped or altered tables are prepared again
      if (rebuildKeys || (rebuildFts && wantedFts) || (rebuildLists && wantedLists.length > 0)) {
        this.#fillSideTables(definition, {
          keys: rebuildKeys,
          fts: rebuildFts && wantedFts !== null,
          lists: rebuildLists && wantedLists.length > 0,
        });
      }
      // A table the planner has statistics for gets them for its new indexes too (else it would
      // weigh a known table against indexes it knows nothing of).
      const analysed = this.#hasStatistics(name);
      for (const [indexName, sql] of wantedIndexes) {
        if (kept.has(indexName)) continue;
        this.#writer.exec(sql);
        if (analysed) this.#writer.exec(`ANALYZE "${indexName}"`);
      }
      // The counts and ordered list table, built again when missing or of another form.
      if (!this.#hasDerived(definition)) this.#buildDerived(definition);
      // A text index a stopped rebuild left unmerged is merged now.
      this.#settleText(definition);
      this.#writer
        .prepare(
          'INSERT INTO collections (name, definition) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET definition = excluded.definition',
        )
        .run(definition.name, JSON.stringify(definition));
      this.#writer.exec('COMMIT');
    } catch (error) {
      this.#writer.exec('ROLLBACK');
      throw error;
    }
    this.#definitions.set(definition.name, definition);
    this.#deferred.delete(definition.name); // every index is there now
  }

  /**
   * For a rebuild from zero: the collections' indexes that only make queries faster (each
   * non-unique expression index, the list table's (field, value) index) are dropped while the
   * collections are empty and built once, by sorting, in buildDeferredIndexes, instead of entry
   * by entry at every write. Meanwhile queries answer the same, reading more. Unique indexes
   * stay (a duplicate fails at its write, as always), and so do the row lookups the writes use.
   * A collection that is not empty keeps its indexes. A query of a deferred collection has its
   * indexes built: a projection's own `find` at once, in its batch; any other find or count
   * right after the batch being written (#indexForQueries). The deferral pays while nobody
   * asks (a rebuild before traffic, from the command line).
   */
  async deferIndexes(definitions: readonly CollectionDefinition[]): Promise<void> {
    await this.#writeLock.run(async () => {
      this.#writer.exec('BEGIN IMMEDIATE');
      try {
        for (const definition of definitions) {
          const empty = !this.#writer
            .prepare(`SELECT 1 FROM "${table(definition.name)}" LIMIT 1`)
            .get();
          if (!empty) continue;
          for (const index of deferrableIndexesOf(definition)) {
            this.#writer.exec(`DROP INDEX IF EXISTS "${index.name}"`);
          }
          this.#dropDerived(definition);
          if (definition.textSearch?.length) {
            // The text index's segments (one per flush) are merged only by the hundreds while
            // the rebuild writes (FTS_REBUILD_CRISIS_MERGE), and into one at its end
            // (#settleText): FTS5 otherwise merges them again and again as the index grows. A
            // rebuild writes its text about a quarter cheaper, and leaves one segment, which
            // queries read faster than many.
            const fts = ftsTable(definition.name);
            this.#writer.exec(
              `INSERT INTO "${fts}" ("${fts}", rank) VALUES ('automerge', 0); INSERT INTO "${fts}" ("${fts}", rank) VALUES ('crisismerge', ${FTS_REBUILD_CRISIS_MERGE})`,
            );
          }
          this.#deferred.add(definition.name);
        }
        this.#writer.exec('COMMIT');
      } catch (error) {
        this.#writer.exec('ROLLBACK');
        throw error;
      }
      this.#statements.clear();
    });
  }

  /** Builds the indexes deferIndexes left out (nothing for a collection that has them all). */
  async buildDeferredIndexes(definitions: readonly CollectionDefinition[]): Promise<void> {
    // Whether the builds committed, on a file, leave its log to the writer thread.
    let handOff = false;
    await this.#writeLock.run(async () => {
      // Each index build reads the whole table: from the file mapped into memory rather than
      // page by page through read calls (a third less time for a directory's indexes), for the
      // build only (queries on this connection stay as they are).
      const mapped = (
        this.#writer.prepare('PRAGMA mmap_size').get() as { mmap_size: number } | undefined
      )?.mmap_size;
      // An in-memory database has no file to map (no mmap_size), and no log to checkpoint.
      const onFile = mapped !== undefined;
      if (onFile) this.#writer.exec(`PRAGMA mmap_size = ${INDEX_BUILD_MMAP_BYTES}`);
      // The builds write every index page to the write-ahead log. The commit would then copy
      // the log into the file (SQLite's automatic checkpoint) on the event loop, with its
      // fsyncs: a sixth of a 100,000-creator directory's builds. The rebuild's writer thread
      // does it instead, once they are committed (#checkpointOffLoop).
      if (onFile) this.#writer.exec('PRAGMA wal_autocheckpoint = 0');
      this.#writer.exec(`PRAGMA threads = ${INDEX_BUILD_THREADS}`);
      try {
        this.#writer.exec('BEGIN IMMEDIATE');
        try {
          let built = false;
          for (const definition of definitions) {
            if (this.#buildMissingIndexes(definition)) built = true;
          }
          this.#writer.exec('COMMIT');
          handOff = onFile && built;
        } catch (error) {
          this.#writer.exec('ROLLBACK');
          throw error;
        }
      } finally {
        this.#writer.exec('PRAGMA threads = 0');
        if (onFile) this.#writer.exec(`PRAGMA mmap_size = ${mapped}`);
        // Nothing built, or rolled back: the connection checkpoints as before.
        if (onFile && !handOff) {
          this.#writer.exec(`PRAGMA wal_autocheckpoint = ${AUTOCHECKPOINT}`);
        }
      }
    });
    if (handOff) this.#checkpointOffLoop();
  }

  /**
   * Has the writer thread checkpoint the log (not awaited: a rebuild is caught up once its
   * indexes are committed), then gives the writer connection its automatic checkpoints back.
   * Until then its commits leave the log to grow; should the thread fail, the next commit
   * checkpoints on the loop, as before.
   */
  #checkpointOffLoop(): void {
    const resume = () => {
      if (!this.#closed) this.#writer.exec(`PRAGMA wal_autocheckpoint = ${AUTOCHECKPOINT}`);
    };
    this.#thread().checkpoint().then(resume, resume);
  }

  /** The writer thread (applyBatchAhead, #checkpointOffLoop), a new one if it failed. */
  #thread(): AheadWriter {
    // A thread that failed (an error, an exit) refuses every call: a new one takes over.
    if (this.#aheadWriter?.failed) void this.#aheadWriter.close();
    if (!this.#aheadWriter || this.#aheadWriter.failed) {
      this.#aheadWriter = new AheadWriter({ path: this.#path });
    }
    return this.#aheadWriter;
  }

  /**
   * Creates the deferrable indexes a collection lacks (inside a transaction) and ends its
   * deferral. Also done at a query of a deferred collection, a projection's own `find` among
   * them: a projection that queries its collections while applying events would otherwise read
   * them whole at every event of its rebuild. (Should that batch be rolled back, the indexes go
   * with it and the runner's buildDeferredIndexes makes them when the rebuild is caught up.)
   * Whether it built any.
   */
  #buildMissingIndexes(definition: CollectionDefinition): boolean {
    const exists = this.#prepare(
      this.#writer,
      "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?",
    );
    let built = false;
    for (const index of deferrableIndexesOf(definition)) {
      if (exists.get(index.name)) continue;
      this.#writer.exec(index.sql);
      built = true;
    }
    if (!this.#hasDerived(definition)) {
      this.#buildDerived(definition);
      built = true;
    }
    if (this.#settleText(definition)) built = true;
    this.#deferred.delete(definition.name);
    if (built) this.#statements.clear(); // planned again, with the new indexes
    return built;
  }

  /**
   * Merges a text index that a rebuild from zero wrote without merging (deferIndexes) into one
   * segment (FTS5's `optimize`), and gives it FTS5's usual merging back (inside a transaction).
   */
  #settleText(definition: CollectionDefinition): boolean {
    if (!definition.textSearch?.length) return false;
    const fts = ftsTable(definition.name);
    const automerge = this.#writer
      .prepare(`SELECT v FROM "${fts}_config" WHERE k = 'automerge'`)
      .get() as { v: unknown } | undefined;
    if (automerge === undefined || Number(automerge.v) !== 0) return false;
    this.#writer.exec(
      `INSERT INTO "${fts}" ("${fts}") VALUES ('optimize'); INSERT INTO "${fts}" ("${fts}", rank) VALUES ('automerge', ${FTS_AUTOMERGE}); INSERT INTO "${fts}" ("${fts}", rank) VALUES ('crisismerge', ${FTS_CRISIS_MERGE})`,
    );
    return true;
  }

  /**
   * A query of a collection whose indexes a rebuild has deferred has them built, after the
   * batch being written (not awaited: a query never waits for the writer, and a handler that
   * queries a read model must not wait for its own batch). Later queries then read them rather
   * than the whole table (seconds for a large one, on the event loop) until the rebuild ends;
   * the rest of the rebuild writes them entry by entry. Should the build fail, the runner's
   * buildDeferredIndexes makes them when the rebuild is caught up.
   */
  #indexForQueries(name: string): void {
    if (!this.#deferred.has(name) || this.#indexing.has(name)) return;
    this.#indexing.add(name);
    void this.#writeLock
      .run(async () => {
        if (!this.#deferred.has(name) || this.#closed) return;
        this.#writer.exec('BEGIN IMMEDIATE');
        try {
          this.#buildMissingIndexes(this.#definition(name));
          this.#writer.exec('COMMIT');
        } catch {
          this.#writer.exec('ROLLBACK');
          this.#deferred.add(name);
        }
      })
      .catch(() => undefined) // a failed ROLLBACK: SQLite has rolled back already
      .finally(() => this.#indexing.delete(name));
  }

  /** Whether the collection's counts and ordered list table are there, as wanted (derivedOf). */
  #hasDerived(definition: CollectionDefinition): boolean {
    const wanted = derivedOf(definition);
    const objects = [...wanted.tables, ...wanted.indexes, ...wanted.triggers];
    const stored = this.#prepare(this.#writer, 'SELECT sql FROM sqlite_master WHERE name = ?');
    return objects.every(
      (object) => (stored.get(object.name) as { sql: string } | undefined)?.sql === object.sql,
    );
  }

  /** Drops the collection's counts and ordered list table with their triggers (in a transaction). */
  #dropDerived(definition: CollectionDefinition): void {
    const c = definition.name;
    const triggers = this.#writer
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (?, ?) AND name LIKE 'tr\\_%' ESCAPE '\\'",
      )
      .all(table(c), listTable(c)) as { name: string }[];
    for (const trigger of triggers) this.#writer.exec(`DROP TRIGGER "${trigger.name}"`);
    this.#writer.exec(`DROP TABLE IF EXISTS "${countsTable(c)}"`);
    this.#writer.exec(`DROP TABLE IF EXISTS "${orderedTable(c)}"`);
    this.#statements.clear();
  }

  /**
   * (Re)builds the collection's counts and ordered list table from its list table and documents,
   * then the triggers that keep them (in a transaction, so no one sees them part-built).
   */
  #buildDerived(definition: CollectionDefinition): void {
    this.#dropDerived(definition);
    const wanted = derivedOf(definition);
    for (const derived of wanted.tables) {
      this.#writer.exec(derived.sql);
      this.#writer.exec(derived.fill);
    }
    for (const index of wanted.indexes) this.#writer.exec(index.sql);
    for (const trigger of wanted.triggers) this.#writer.exec(trigger.sql);
    this.#statements.clear();
  }

  /** Whether SQLite's statistics (ANALYZE, PRAGMA optimize) cover the table. */
  #hasStatistics(name: string): boolean {
    const stat = this.#writer
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'")
      .get();
    return Boolean(
      stat && this.#writer.prepare('SELECT 1 FROM sqlite_stat1 WHERE tbl = ?').get(name),
    );
  }

  /**
   * Fills a collection's keys, text index and list table from its documents (inside a
   * transaction), a page of rows at a time (rows are not updated under an open read of them).
   */
  #fillSideTables(
    definition: CollectionDefinition,
    which: { keys: boolean; fts: boolean; lists: boolean },
  ): void {
    const name = table(definition.name);
    const { shape, rows: tables } = layoutOf(definition);
    const { keyPaths } = shape;
    if (which.keys && keyPaths.length === 0) {
      // No indexed fields: no keys (a column just added holds none already).
      this.#writer.exec(`UPDATE "${name}" SET keys = NULL WHERE keys IS NOT NULL`);
      which = { ...which, keys: false };
    }
    if (!which.keys && !which.fts && !which.lists) return;
    const page = this.#writer.prepare(
      `SELECT rowid, doc FROM "${name}" WHERE rowid > ? ORDER BY rowid LIMIT 1000`,
    );
    const setKeys = this.#writer.prepare(`UPDATE "${name}" SET keys = ? WHERE rowid = ?`);
    let after = Number.MIN_SAFE_INTEGER;
    for (;;) {
      const rows = page.all(after) as { rowid: number; doc: string }[];
      if (rows.length === 0) break;
      // Documents without text or list entries yet (`inserted`): nothing to compare with.
      const filled = rows.map((row) => {
        const document = JSON.parse(row.doc) as object;
        const write = rowWriteOf(shape, '', document);
        return {
          rowid: row.rowid,
          inserted: true,
          texts: write.texts,
          lists: write.lists,
          keys: write.keys,
        };
      });
      if (which.keys) {
        for (const row of filled) setKeys.run(row.keys, row.rowid);
      }
      const prepare = (sql: string) => this.#prepare(this.#writer, sql);
      if (which.fts) writeTexts(prepare, tables, filled);
      if (which.lists) writeListRows(prepare, tables, filled);
      after = rows.at(-1)!.rowid;
    }
  }

  #definition(collection: string): CollectionDefinition {
    const known = this.#definitions.get(collection);
    if (known) return known;
    const row = this.#reader
      .prepare('SELECT definition FROM collections WHERE name = ?')
      .get(collection) as { definition: string } | undefined;
    if (!row) throw new Error(`Unknown read-model collection: ${collection}`);
    const definition = JSON.parse(row.definition) as CollectionDefinition;
    this.#definitions.set(collection, definition);
    return definition;
  }

  async getCheckpoint(name: string): Promise<StoredCheckpoint | null> {
    return this.#checkpointOn(this.#reader, name);
  }

  #checkpointOn(db: DatabaseSync, name: string): StoredCheckpoint | null {
    const row = this.#prepare(db, 'SELECT position, version FROM checkpoints WHERE name = ?').get(
      name,
    ) as { position: number | null; version: number } | undefined;
    return row ? { position: row.position, version: row.version } : null;
  }

  #writeCheckpoint(name: string, version: number, position: number | null): void {
    this.#prepare(
      this.#writer,
      `INSERT INTO checkpoints (name, position, version, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position, version = excluded.version,
       updated_at = excluded.updated_at`,
    ).run(name, position, version, new Date().toISOString());
  }

  async saveCheckpoint(name: string, version: number, position: number): Promise<void> {
    await this.#enqueue(async () => {
      const stored = this.#checkpointOn(this.#writer, name);
      if (movesForward(stored, version, position)) this.#writeCheckpoint(name, version, position);
    });
  }

  async applyBatch(
    name: string,
    version: number,
    events: readonly RecordedEvent[],
    handler: ProjectionBatchHandler,
  ): Promise<void> {
    if (events.length === 0) return;
    await this.#enqueue(async () => {
      // Read inside the write transaction: no other writer can move it meanwhile.
      const pending = eventsAfterCheckpoint(
        this.#checkpointOn(this.#writer, name),
        version,
        events,
      );
      if (pending.length === 0) return;
      const tx = this.#transaction();
      for (const event of pending) await handler(event, tx);
      tx.flush();
      this.#writeCheckpoint(name, version, pending.at(-1)!.position);
    });
  }

  /**
   * A batch applied on the event loop and written by the writer thread (sqlite-ahead.ts) while
   * the caller applies the next (ReadStore.applyBatchAhead). The batch follows the checkpoint
   * of the last one handed over, else the stored one; the thread checks, in its transaction,
   * that the stored checkpoint is still that one. Its commit holds the write lock, so the
   * store's other writes (live read models) wait for it as for a batch of their own, and it
   * waits for theirs. An in-memory store has no file to share with a thread: there the batch
   * is applied and committed at once.
   */
  async applyBatchAhead(
    name: string,
    version: number,
    events: readonly RecordedEvent[],
    handler: ProjectionBatchHandler,
  ): Promise<{ committed: Promise<void> }> {
    if (this.#path === ':memory:') {
      await this.applyBatch(name, version, events, handler);
      return { committed: Promise.resolve() };
    }
    if (this.#closed) throw new Error('The read store is closed');
    const applied = this.#aheadApplying.then(() =>
      this.#applyAhead(name, version, events, handler),
    );
    this.#aheadApplying = applied.catch(() => undefined);
    return applied;
  }

  async #applyAhead(
    name: string,
    version: number,
    events: readonly RecordedEvent[],
    handler: ProjectionBatchHandler,
  ): Promise<{ committed: Promise<void> }> {
    const after =
      this.#aheadCheckpoints.get(name)?.checkpoint ?? this.#checkpointOn(this.#readable(), name);
    const pending = eventsAfterCheckpoint(after, version, events);
    if (pending.length === 0) return { committed: Promise.resolve() };
    const batch = ++this.#aheadBatches;
    const writes = new PendingWrites((collection) => this.#definition(collection));
    const tx: ProjectionTransaction = {
      get: async <T extends object>(collection: string, id: string, options?: GetOptions) => {
        let held = writes.written(collection, id);
        // (null is a delete the batch holds: only undefined looks further.)
        if (held === undefined) held = this.#inFlight.get(collection)?.get(id)?.document;
        if (held !== undefined) return heldAnswer<T>(held, options);
        return this.#get<T>(this.#readable(), collection, id);
      },
      find: () =>
        Promise.reject(
          new Error('A batch applied ahead (applyBatchAhead) reads with get alone, not find'),
        ),
      put: async (collection, id, document, options) =>
        writes.put(collection, id, document, options),
      delete: async (collection, id) => writes.delete(collection, id),
    };
    for (const event of pending) await handler(event, tx);
    const position = pending.at(-1)!.position;
    const collections = [...writes.byCollection].map(([collection, documents]) => {
      const definition = this.#definition(collection);
      let inFlight = this.#inFlight.get(collection);
      if (!inFlight) this.#inFlight.set(collection, (inFlight = new Map()));
      const ids: string[] = [];
      const jsons: (string | null)[] = [];
      for (const [id, document] of documents) {
        inFlight.set(id, { document, batch });
        ids.push(id);
        jsons.push(document === null ? null : JSON.stringify(document));
      }
      // The JSON alone: the thread works out each document's keys, text and list rows.
      const { rows, shape } = layoutOf(definition);
      return { tables: rows, shape, documents: { ids, jsons } };
    });
    this.#aheadCheckpoints.set(name, { checkpoint: { position, version }, batch });
    // (The runner's retry of a batch a failed thread refused gets a new one.)
    const writer = this.#thread();
    const committed = this.#writeLock.run(async () => {
      try {
        await writer.write({ name, version, after, position, collections });
      } finally {
        // Committed or not, the file now answers for these documents.
        for (const [collection, documents] of writes.byCollection) {
          const inFlight = this.#inFlight.get(collection);
          for (const id of documents.keys()) {
            if (inFlight?.get(id)?.batch === batch) inFlight.delete(id);
          }
          for (const renderings of this.#renderings) {
            if (renderings.collection !== collection) continue;
            for (const id of documents.keys()) renderings.values.delete(id);
          }
        }
        if (this.#aheadCheckpoints.get(name)?.batch === batch) this.#aheadCheckpoints.delete(name);
        // The thread's commit is this store's own: not another writer's (soleWriter).
        if (this.#dataVersion !== null) this.#dataVersion = null;
      }
    });
    return { committed };
  }

  async acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean> {
    let held = false;
    await this.#enqueue(async () => {
      const row = this.#prepare(
        this.#writer,
        'SELECT holder, expires_at FROM leases WHERE name = ?',
      ).get(name) as { holder: string; expires_at: number } | undefined;
      const lease = leaseFor(
        row ? { holder: row.holder, expiresAt: row.expires_at } : null,
        holder,
        Date.now(),
        ttlMs,
      );
      if (!lease) return;
      this.#prepare(
        this.#writer,
        `INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at`,
      ).run(name, lease.holder, lease.expiresAt);
      held = true;
    });
    return held;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    await this.#enqueue(async () => {
      this.#prepare(this.#writer, 'DELETE FROM leases WHERE name = ? AND holder = ?').run(
        name,
        holder,
      );
    });
  }

  /** Queues a write for the group commit at the end of this tick; settles once committed. */
  #enqueue(write: () => Promise<void>): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('The read store is closed'));
    return new Promise((resolve, reject) => {
      this.#pending.push({ write, resolve, reject });
      if (!this.#flushScheduled) {
        this.#flushScheduled = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  /**
   * Commits every queued write in one transaction, each in a savepoint of its own (prepared
   * statements: `exec` compiles its SQL at every call, and a commit runs about 30 of them).
   */
  async #flush(): Promise<void> {
    this.#flushScheduled = false;
    const control = (sql: string) => this.#prepare(this.#writer, sql).run();
    await this.#writeLock.run(async () => {
      const writes = this.#pending;
      this.#pending = [];
      if (writes.length === 0) return;
      const outcomes: (() => void)[] = [];
      try {
        control('BEGIN IMMEDIATE');
        if (this.#soleWriter) this.#forgetOthersWrites(() => (this.#soleWriter = false));
        for (const pending of writes) {
          control('SAVEPOINT batch');
          try {
            await pending.write();
            control('RELEASE batch');
            outcomes.push(pending.resolve);
          } catch (error) {
            control('ROLLBACK TO batch');
            control('RELEASE batch');
            outcomes.push(() => pending.reject(error));
          }
        }
        control('COMMIT');
      } catch (error) {
        try {
          if (this.#writer.isTransaction) control('ROLLBACK');
        } catch {
          // SQLite has already rolled the transaction back (an I/O error, a full disk).
        }
        this.#forgetTouched();
        for (const pending of writes) pending.reject(error);
        return;
      }
      this.#forgetTouched();
      for (const settle of outcomes) settle();
    });
  }

  /** Drops the renderings of every document the ending transaction wrote (or tried to). */
  #forgetTouched(): void {
    const touched = this.#touched;
    this.#touched = [];
    if (touched.length === 0 || this.#renderings.size === 0) return;
    for (const renderings of this.#renderings) {
      for (const [collection, id] of touched) {
        if (renderings.collection === collection) renderings.values.delete(id);
      }
    }
  }

  /** Forgets every rendering when another connection has committed since the last look. */
  #forgetOthersWrites(found?: () => void): void {
    const { data_version: version } = this.#prepare(this.#writer, 'PRAGMA data_version').get() as {
      data_version: number;
    };
    if (version === this.#dataVersion) return;
    if (this.#dataVersion !== null) found?.();
    this.#dataVersion = version;
    for (const renderings of this.#renderings) renderings.values.clear();
  }

  /**
   * A batch's transaction. Writes are kept in memory until the batch ends (or a `find` needs
   * them on disk): an event's `get` after an earlier event's `put` of the same document reads
   * the memory, so a batch that folds many events into one document (a rebuild) writes it once.
   * A document written back unchanged is not rewritten: its row, its text and list entries and
   * its cached renderings stay as they are.
   *
   * What is kept is a copy of the document as its JSON text would give it back (jsonCopy),
   * turned into text once, when the batch is written. What is written is therefore the document
   * as it was when put, as when it was turned into text at once: the handler may change or reuse
   * the object it put (or one a `get` answered) afterwards without changing what is written. A
   * `get` of a document put in the batch answers a copy of its own, as one read from the file
   * would be.
   */
  #transaction(): ProjectionTransaction & { flush: () => void } {
    const db = this.#writer;
    const pending = new PendingWrites((collection) => this.#definition(collection));
    const flush = () => {
      const prepare = (sql: string) => this.#prepare(db, sql);
      for (const [collection, writes] of pending.byCollection) {
        const { shape, rows: tables } = layoutOf(this.#definition(collection));
        const rows = [...writes].map(([id, document]) => rowWriteOf(shape, id, document));
        for (const id of writeRows(prepare, tables, rows)) {
          this.#touched.push([collection, id]);
        }
      }
      pending.byCollection.clear();
    };
    return {
      get: async <T extends object>(collection: string, id: string, options?: GetOptions) => {
        const written = pending.written(collection, id);
        if (written !== undefined) return heldAnswer<T>(written, options);
        return this.#get<T>(db, collection, id);
      },
      find: async <T extends object>(collection: string, query: Query = {}) => {
        flush();
        if (this.#deferred.has(collection)) this.#buildMissingIndexes(this.#definition(collection));
        return this.#find<T>(db, collection, query);
      },
      put: async (collection, id, document, options) =>
        pending.put(collection, id, document, options),
      delete: async (collection, id) => pending.delete(collection, id),
      flush,
    };
  }

  #get<T extends object>(db: DatabaseSync, collection: string, id: string): T | null {
    const row = this.#prepare(db, `SELECT doc FROM "${table(collection)}" WHERE id = ?`).get(id) as
      { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  /** The statement answering a find: from the ordered list table when it serves the query. */
  #findStatement(collection: string, query: PlannedQuery, reverse = false): Statement {
    const { tables } = layoutOf(this.#definition(collection));
    const probe = query.probeText === true;
    const where = whereSql(query, tables, undefined, probe);
    const plain: SqlFragment = {
      sql: `SELECT doc FROM "${table(collection)}" WHERE ${where.sql} ORDER BY ${orderSql(query, tables, reverse)} LIMIT ? OFFSET ?`,
      params: [...where.params, query.limit ?? -1, query.skip ?? 0],
    };
    const ordered = orderedListFind(query, tables, reverse, probe);
    return ordered ? { ...ordered, fallback: plain } : plain;
  }

  /** The statement answering a count: from the indexes alone where they can (countSql). */
  #countStatement(collection: string, query: Query): Statement {
    const { tables } = layoutOf(this.#definition(collection));
    const fast = countSql(query, tables, table(collection));
    if (fast) return fast;
    const where = whereSql(query, tables);
    return {
      sql: `SELECT count(*) AS n FROM "${table(collection)}" WHERE ${where.sql}`,
      params: where.params,
    };
  }

  /**
   * Runs a statement, or its fallback when a side table it reads is missing (dropped while a
   * rebuild from zero defers it: the statement cannot even be prepared, or is prepared again
   * once the schema changed and fails then). The side tables are dropped and built whole in a
   * transaction, so a statement that runs reads them complete.
   */
  #run<R>(
    db: DatabaseSync,
    statement: Statement,
    run: (prepared: StatementSync, params: SqlFragment['params']) => R,
  ): R {
    if (!statement.fallback) return run(this.#prepare(db, statement.sql), statement.params);
    try {
      return run(this.#prepare(db, statement.sql), statement.params);
    } catch (error) {
      if (!(error instanceof Error && /no such table/.test(error.message))) throw error;
      return run(this.#prepare(db, statement.fallback.sql), statement.fallback.params);
    }
  }

  /**
   * A query of a collection: its ranges that no document falls outside dropped first
   * (rangeChecks), in one read of the file with the query (a read transaction, when it takes
   * several statements: they see the same snapshot).
   */
  #query<R>(
    db: DatabaseSync,
    collection: string,
    query: Query,
    answer: (query: Query) => R,
    severalStatements = false,
  ): R {
    const { tables } = layoutOf(this.#definition(collection));
    const checks = rangeChecks(query, tables, table(collection));
    if (checks.length === 0 && !severalStatements) return answer(query);
    const own = !db.isTransaction;
    if (own) this.#prepare(db, 'BEGIN').run();
    try {
      const where = { ...query.where };
      for (const { field, check } of checks) {
        if (!this.#prepare(db, check.sql).get(...check.params)) delete where[field];
      }
      return answer({ ...query, where });
    } finally {
      if (own) this.#prepare(db, 'COMMIT').run();
    }
  }

  /**
   * A sorted page asked to be read by its conditions whose every condition is in one text-index
   * query (combinedMatch, after the ranges dropped), read in order instead when that is cheaper:
   * by conditions, each of the set's documents is read (a 5 KB directory entry, through its
   * overflow pages) and sorted; in order, the sort's index is walked and each entry looked up in
   * the set, built once, without reading its document, until the page is full (about `needed *
   * listed / matches` entries). The caller's choice (readInOrder) weighs both alike, not
   * knowing which conditions the set holds; an entry costs about a fortieth of a document's
   * read here, so order wins while `needed * listed < matches² * ORDER_ENTRY_SAVING`. The
   * matches are counted first (the text index's count of the set).
   */
  #readPlan(db: DatabaseSync, collection: string, query: Query): PlannedQuery {
    const limit = query.limit ?? -1;
    if (query.readIn === 'order' && query.matches !== undefined && query.sort?.length) {
      return this.#probePlan(db, collection, query, query.matches);
    }
    if (query.readIn !== 'conditions' || !query.sort?.length || limit < 0) return query;
    const definition = this.#definition(collection);
    const sort = query.sort;
    const indexed = (definition.indexes ?? []).some(
      (index) =>
        index.order?.length === sort.length &&
        index.fields.every(
          (field, at) => sort[at]![0] === field && sort[at]![1] === index.order![at],
        ),
    );
    if (!indexed) return query;
    const { tables } = layoutOf(definition);
    const combined = combinedMatch(query, tables);
    if (!combined || Object.keys(query.where ?? {}).some((field) => !combined.fields.has(field))) {
      return query;
    }
    // Every condition is in the text index's match, so it counts what the caller counted, when
    // it did (`matches`): a second count of a common prefix is a few ms at 1,000,000 entries.
    const count = ftsCount(tables.fts!.table, combined.match);
    const matches =
      query.matches ?? (this.#prepare(db, count.sql).get(...count.params) as { n: number }).n;
    const listed = this.#count(db, collection, {});
    const needed = (query.skip ?? 0) + limit;
    return needed * listed < matches * matches * ORDER_ENTRY_SAVING
      ? this.#probePlan(db, collection, { ...query, readIn: 'order' }, matches)
      : query;
  }

  /**
   * A page read in order whose text conditions are looked up in the text index for each entry
   * read (whereSql's `probe`), rather than every match gathered into a set first, when that is
   * cheaper: about `needed * listed / matches` entries are read, each lookup a seek in the text
   * index's prefix lists (only when each word has one: textSeeks), which costs about as much as
   * gathering FTS_PROBE_COST matches. So while `needed * listed * FTS_PROBE_COST < matches²`.
   */
  #probePlan(db: DatabaseSync, collection: string, query: Query, matches: number): PlannedQuery {
    const limit = query.limit ?? -1;
    const { tables } = layoutOf(this.#definition(collection));
    if (limit < 0 || !tables.fts || !tables.lists || !query.text) return query;
    if (!textSeeks(query, tables)) return query;
    const needed = (query.skip ?? 0) + limit;
    const listed = this.#count(db, collection, {});
    return needed * listed * FTS_PROBE_COST < matches * matches
      ? { ...query, probeText: true }
      : query;
  }

  #count(db: DatabaseSync, collection: string, query: Query): number {
    return (
      this.#run(db, this.#countStatement(collection, query), (prepared, params) =>
        prepared.get(...params),
      ) as { n: number }
    ).n;
  }

  #find<T extends object>(
    db: DatabaseSync,
    collection: string,
    query: Query,
    reverse = false,
  ): T[] {
    const rows = this.#run(
      db,
      this.#findStatement(collection, query, reverse),
      (prepared, params) => prepared.all(...params),
    ) as { doc: string }[];
    return rows.map((row) => JSON.parse(row.doc) as T);
  }

  /**
   * A sorted page past the middle of its matches, when their number is one stored row (no
   * condition, one list value: countSql), read from the order's other end (the index walked
   * backwards, the rows turned round): it skips `total - skip` entries instead of `skip`. Read in
   * the caller's snapshot (#query), so the count and the page agree.
   */
  #findFromNearerEnd<T extends object>(db: DatabaseSync, collection: string, query: Query): T[] {
    const skip = query.skip ?? 0;
    const limit = query.limit;
    if (skip === 0 || limit === undefined || limit < 0 || !query.sort?.length) {
      return this.#find<T>(db, collection, query);
    }
    const { tables } = layoutOf(this.#definition(collection));
    if (!countSql(query, tables, table(collection))?.stored) {
      return this.#find<T>(db, collection, query);
    }
    const total = this.#count(db, collection, query);
    if (total - skip >= skip) return this.#find<T>(db, collection, query);
    if (skip >= total) return [];
    const backwards = {
      ...query,
      skip: Math.max(0, total - skip - limit),
      limit: Math.min(limit, total - skip),
    };
    return this.#find<T>(db, collection, backwards, true).reverse();
  }

  /**
   * SQLite's plan for a find or a count (not part of the port): tests and the bench check with it
   * that a read model's queries go through its indexes rather than reading the whole table.
   */
  explain(collection: string, query: Query, kind: 'find' | 'count' = 'find'): string[] {
    // An EXPLAIN does not check that the connection's copy of the schema is current (a query
    // does, and is prepared again): a read of the schema first brings indexes built since.
    this.#reader.prepare('SELECT 1 FROM sqlite_schema LIMIT 1').get();
    // A find as it would be read (#readPlan: in order, its text looked up per entry read).
    const statement =
      kind === 'count'
        ? this.#countStatement(collection, query)
        : this.#findStatement(collection, this.#readPlan(this.#reader, collection, query));
    const rows = this.#run(this.#reader, statement, (prepared, params) =>
      this.#reader.prepare(`EXPLAIN QUERY PLAN ${prepared.sourceSQL}`).all(...params),
    ) as { detail: string }[];
    return rows.map((row) => row.detail);
  }

  collection<T extends object>(name: string): ReadCollection<T> {
    return {
      get: async (id) => this.#get<T>(this.#readable(), name, id),
      find: async (query = {}) => {
        this.#indexForQueries(name);
        const db = this.#readable();
        // A page past the start may count its matches first (#findFromNearerEnd).
        return this.#query(
          db,
          name,
          query,
          (plain) => this.#findFromNearerEnd<T>(db, name, this.#readPlan(db, name, plain)),
          (query.skip ?? 0) > 0 && (query.sort?.length ?? 0) > 0,
        );
      },
      count: async (query = {}) => {
        this.#indexForQueries(name);
        const db = this.#readable();
        return this.#query(db, name, query, (plain) => this.#count(db, name, plain));
      },
      renderer: <R>(render: (document: T) => R, capacity = 1000) => {
        const renderings: Renderings = { collection: name, capacity, values: new Map() };
        this.#renderings.add(renderings);
        return async (id: string): Promise<R | null> => {
          if (!this.#soleWriter) this.#forgetOthersWrites();
          const known = renderings.values.get(id) as R | undefined;
          if (known !== undefined) {
            // Least recently used last: a Map keeps insertion order.
            renderings.values.delete(id);
            renderings.values.set(id, known);
            return known;
          }
          const document = this.#get<T>(this.#readable(), name, id);
          if (!document) return null;
          const rendered = render(document);
          renderings.values.set(id, rendered);
          if (renderings.values.size > renderings.capacity) {
            renderings.values.delete(renderings.values.keys().next().value as string);
          }
          return rendered;
        };
      },
      scan: async (afterId, limit) => {
        const rows = this.#prepare(
          this.#readable(),
          `SELECT id, doc FROM "${table(name)}" WHERE id > ? ORDER BY id LIMIT ?`,
        ).all(afterId ?? '', limit) as { id: string; doc: string }[];
        return rows.map((row) => ({ id: row.id, document: JSON.parse(row.doc) as T }));
      },
    };
  }

  async reset(name: string, collections: readonly CollectionDefinition[]): Promise<void> {
    await this.#writeLock.run(async () => {
      this.#writer.exec('BEGIN IMMEDIATE');
      try {
        for (const definition of collections) {
          this.#statements.clear(); // statements on dropped tables must be prepared again
          this.#writer.exec(`DROP TABLE IF EXISTS "${table(definition.name)}"`);
          this.#writer.exec(`DROP TABLE IF EXISTS "${ftsTable(definition.name)}"`);
          this.#writer.exec(`DROP TABLE IF EXISTS "${listTable(definition.name)}"`);
          this.#writer.exec(`DROP TABLE IF EXISTS "${countsTable(definition.name)}"`);
          this.#writer.exec(`DROP TABLE IF EXISTS "${orderedTable(definition.name)}"`);
          this.#writer.prepare('DELETE FROM collections WHERE name = ?').run(definition.name);
          this.#definitions.delete(definition.name);
          this.#deferred.delete(definition.name);
        }
        this.#writer.prepare('DELETE FROM checkpoints WHERE name = ?').run(name);
        this.#writer.exec('COMMIT');
        for (const renderings of this.#renderings) renderings.values.clear();
      } catch (error) {
        this.#writer.exec('ROLLBACK');
        throw error;
      }
    });
  }

  async status(): Promise<PortStatus> {
    try {
      this.#reader.prepare('SELECT 1').get();
      return { port: 'readstore', adapter: this.adapter, ok: !this.#closed };
    } catch (error) {
      return { port: 'readstore', adapter: this.adapter, ok: false, detail: String(error) };
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    // Writes already accepted are committed before the file is closed.
    await this.#flush();
    await this.#aheadApplying;
    await this.#writeLock.run(async () => this.#aheadWriter?.close());
    // Table statistics for the planner (ANALYZE where a table changed much since the last), so
    // a filter matching most documents is read in the order's index rather than sorted whole.
    this.#writer.exec('PRAGMA optimize;');
    if (this.#reader !== this.#writer) this.#reader.close();
    this.#writer.close();
  }
}

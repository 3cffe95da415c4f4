import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { searchWords } from '@linkcoin/domain/shared/search-text.ts';
import type { Closeable, PortStatus } from '../shared/port-status.ts';

/**
 * Read models are collections of JSON documents keyed by id. A collection declares the fields
 * it is queried by (real indexes in both stores), the list fields it filters by element, and
 * the fields its text search covers (FTS5 in SQLite; folded word tokens under a multikey index
 * in MongoDB).
 */
export type CollectionDefinition = Readonly<{
  /** Lower-case letters, digits and underscores. */
  name: string;
  indexes?: readonly Readonly<{
    fields: readonly string[];
    unique?: boolean;
    /**
     * The sort this index serves, one direction per field: the index then also ends with the
     * document id (every sort's last tie-break, ascending), so a page in that order, however
     * deep, is read from the index alone, without sorting and without reading skipped documents.
     */
    order?: readonly (1 | -1)[];
    /**
     * List fields (of `listIndexes`) each of whose values gets this order too (with `order`;
     * SQLite: a side table of (field, value, the document's keys) indexed by value then this
     * order): a page of the documents holding one value, in this order, is then read from one
     * index however deep, rather than by checking each document met in this index. For a value
     * most documents hold; each element costs a row, and an index entry per order it gets.
     */
    perListValue?: readonly string[];
  }>[];
  /**
   * Fields holding lists of scalars that `$contains` / `$containsAny` filter on, indexed per
   * element: a side table of (field, value, document) in SQLite, a multikey index in MongoDB.
   * Without this those operators read every document's list.
   */
  listIndexes?: readonly string[];
  /** The fields text search covers, in order (a text condition may name some of them). */
  textSearch?: readonly string[];
  /**
   * The lengths of word prefixes the text index keeps a list of documents for (SQLite: FTS5's
   * `prefix`; 1 and 2 when absent): a search word of such a length reads that one list rather
   * than merging the lists of every word it begins. Each length costs an index entry per word
   * written. MongoDB ignores it.
   */
  textPrefixes?: readonly number[];
  /**
   * Numeric fields, each the first of one of `indexes`, whose documents are also counted per
   * band of values (SQLite, with `listIndexes`: two significant digits, 5,000 to 5,099 one
   * band), so a count of a range of one of them alone reads the bands' stored counts and the
   * index entries of the two bands its bounds cut, rather than every entry in the range.
   * MongoDB ignores it.
   */
  rangeCounts?: readonly string[];
}>;

export type Scalar = string | number | boolean | null;

/** Conditions on one field (a dotted path into the document). */
export type FieldCondition =
  | Scalar
  | Readonly<{
      $eq?: Scalar;
      $ne?: Scalar;
      $in?: readonly Scalar[];
      $gt?: number | string;
      $gte?: number | string;
      $lt?: number | string;
      $lte?: number | string;
      /** The array field holds this value. */
      $contains?: Scalar;
      /** The array field holds at least one of these values. */
      $containsAny?: readonly Scalar[];
      /** The field exists (is not missing and not null). */
      $exists?: boolean;
    }>;

/**
 * A word-prefix text condition: every word of `search` begins a word of one of `fields` (all of
 * the collection's text-search fields when absent), case- and accent-insensitively
 * (domain/shared/search-text.ts). With `exclude`, the documents it matches are left out. A
 * search without words is no condition at all.
 */
export type TextCondition = Readonly<{
  search: string;
  fields?: readonly string[];
  exclude?: boolean;
}>;

export type Query = Readonly<{
  where?: Readonly<Record<string, FieldCondition>>;
  /**
   * Text conditions, all of which must hold. A string is words matched as prefixes of words in
   * any of the collection's text-search fields (all must match).
   */
  text?: string | TextCondition | readonly TextCondition[];
  sort?: readonly (readonly [field: string, direction: 1 | -1])[];
  skip?: number;
  limit?: number;
  /**
   * How to read a sorted page, when the caller knows better than the store's planner: `order`
   * reads documents in the sort's index and checks the list conditions on each (right when most
   * documents meet them: no sort of every match); `conditions` (the default) starts from the
   * list conditions' index and sorts what they match (right when few do). Only the plan
   * changes, never the answer.
   */
  readIn?: 'order' | 'conditions';
  /**
   * How many documents meet the conditions, when the caller has counted them (a plan hint, like
   * `readIn`: never the answer). Read in order, a text condition met by many documents is then
   * looked up in the text index for each document read, rather than all its matches gathered
   * first, when few documents are to be read.
   */
  matches?: number;
}>;

export interface ReadCollection<T extends object> {
  get(id: string): Promise<T | null>;
  find(query?: Query): Promise<T[]>;
  count(query?: Omit<Query, 'sort' | 'skip' | 'limit'>): Promise<number>;
  /**
   * `render` applied to a document as stored now (null when there is none). An adapter may keep
   * each document's rendering while the document is unchanged (SQLite does, for the last
   * `capacity` documents asked for), so a rendering is shared: make it immutable (a string, a
   * Buffer). Make a renderer once, at start-up: each keeps its own cache.
   */
  renderer<R>(render: (document: T) => R, capacity?: number): (id: string) => Promise<R | null>;
  /**
   * Every document with its id, in id order (byte order of the id), strictly after `afterId`:
   * keyset paging over a whole collection, for comparing two stores document by document.
   */
  scan(afterId: string | null, limit: number): Promise<ScannedDocument<T>[]>;
}

/** A document with the id it is stored under. */
export type ScannedDocument<T extends object> = Readonly<{ id: string; document: T }>;

/**
 * A handler's promise about a document it reads: it only reads what `get` answers, and never
 * changes it or anything in it. The store may then answer an object it keeps (a document put
 * earlier in the batch) instead of a copy of its own.
 */
export type GetOptions = Readonly<{ shared?: boolean }>;

/**
 * A handler's promise about a document it puts: from the put on, neither the document nor
 * anything in it is changed (by the handler or anyone else), and it is JSON data, as JSON.parse
 * gives it: plain objects and arrays (no holes), strings, finite numbers other than -0,
 * booleans and nulls, no undefined values, no Dates or other objects with toJSON. The store may
 * then keep the object itself instead of a copy (what is written is the same: the document's
 * JSON and the fields read from it are those of a copy). A rebuild that folds many events into
 * each document saves a copy per event.
 */
export type PutOptions = Readonly<{ handOver?: boolean }>;

/**
 * What a projection handler may do while applying one event. A document `put` is written as it
 * was when put, and `get` answers a document the handler may change without changing what is
 * written, unless the handler promises otherwise (GetOptions, PutOptions).
 */
export interface ProjectionTransaction {
  get<T extends object>(collection: string, id: string, options?: GetOptions): Promise<T | null>;
  put<T extends object>(
    collection: string,
    id: string,
    document: T,
    options?: PutOptions,
  ): Promise<void>;
  delete(collection: string, id: string): Promise<void>;
  find<T extends object>(collection: string, query?: Query): Promise<T[]>;
}

export type ProjectionBatchHandler = (
  event: RecordedEvent,
  tx: ProjectionTransaction,
) => Promise<void> | void;

export type StoredCheckpoint = Readonly<{ position: number | null; version: number }>;

/**
 * The read-model store. Writes happen only through `applyBatch`, which stores the projection's
 * checkpoint with its writes so that a crash never applies an event twice or skips one.
 */
export interface ReadStore extends Closeable {
  readonly adapter: string;
  /** Creates the collections' tables or collections and their indexes (idempotent). */
  ensureCollections(definitions: readonly CollectionDefinition[]): Promise<void>;
  getCheckpoint(name: string): Promise<StoredCheckpoint | null>;
  /**
   * Applies the events after the stored checkpoint and moves it to the last one's position, all
   * in one transaction (SQLite: one transaction; MongoDB: a multi-document transaction on the
   * replica set): a crash or a throwing handler leaves nothing of the batch, and events another
   * runner has already applied are skipped, never applied twice.
   */
  applyBatch(
    name: string,
    version: number,
    events: readonly RecordedEvent[],
    handler: ProjectionBatchHandler,
  ): Promise<void>;
  /**
   * Optional: applies a batch as `applyBatch` does, but answers once the handler has applied it
   * and its writes are handed over to be written, with `committed`, which settles once they and
   * the checkpoint are committed (or fails as `applyBatch` would). The caller may apply its next
   * batch meanwhile: a `get` answers the writes of batches not yet committed, and batches are
   * committed in the order applied. For handlers that read with `get` alone: a `find` fails.
   * A rebuild from zero uses it (Projection.rebuildsAhead) to fold while the store writes.
   */
  applyBatchAhead?(
    name: string,
    version: number,
    events: readonly RecordedEvent[],
    handler: ProjectionBatchHandler,
  ): Promise<{ committed: Promise<void> }>;
  /**
   * Moves a checkpoint without writes (for consumers that keep no documents). Forward only: a
   * position at or before the stored one of the same version leaves it where it is.
   */
  saveCheckpoint(name: string, version: number, position: number): Promise<void>;
  /**
   * Takes the lease `name` for `holder` for `ttlMs`, or renews it, when it is free, expired or
   * already this holder's; answers whether `holder` holds it now. Guards the singletons of the
   * distributed runtime (projector, process managers, forwarder).
   */
  acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease back, when `holder` holds it. */
  releaseLease(name: string, holder: string): Promise<void>;
  /**
   * Optional, for a rebuild from zero: the collections are empty and about to be filled from the
   * start of the log, so the store may leave out the indexes that only make queries faster and
   * build each once, in `buildDeferredIndexes`, rather than entry by entry. Queries meanwhile
   * answer the same (a store may build the indexes at the first). A collection that is not
   * empty is left as it is.
   */
  deferIndexes?(collections: readonly CollectionDefinition[]): Promise<void>;
  /** Optional: builds the indexes `deferIndexes` left out (nothing when there are none). */
  buildDeferredIndexes?(collections: readonly CollectionDefinition[]): Promise<void>;
  /** Drops the collections and the checkpoint, for a rebuild from zero. */
  reset(name: string, collections: readonly CollectionDefinition[]): Promise<void>;
  collection<T extends object>(name: string): ReadCollection<T>;
  status(): Promise<PortStatus>;
}

export const COLLECTION_NAME = /^[a-z][a-z0-9_]{0,62}$/;
export const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export const assertCollectionName = (name: string): void => {
  if (!COLLECTION_NAME.test(name)) throw new Error(`Invalid collection name: ${name}`);
};

export const assertFieldPath = (field: string): void => {
  if (!FIELD_PATH.test(field)) throw new Error(`Invalid field path: ${field}`);
};

export { searchWords };

/** A query's text conditions that have words, each with its words and the fields it covers. */
export const textConditions = (
  query: Pick<Query, 'text'>,
  textSearch: readonly string[] | undefined,
): { words: string[]; fields: readonly string[]; exclude: boolean }[] => {
  const conditions: readonly TextCondition[] =
    query.text === undefined
      ? []
      : typeof query.text === 'string'
        ? [{ search: query.text }]
        : Array.isArray(query.text)
          ? (query.text as readonly TextCondition[])
          : [query.text as TextCondition];
  return conditions.flatMap((condition) => {
    const words = searchWords(condition.search);
    if (words.length === 0) return [];
    if (!textSearch?.length) throw new Error('This collection has no text search');
    const fields = condition.fields ?? textSearch;
    for (const field of fields) {
      if (!textSearch.includes(field)) throw new Error(`Not a text-search field: ${field}`);
    }
    if (fields.length === 0) throw new Error('A text condition needs at least one field');
    return [{ words, fields, exclude: condition.exclude === true }];
  });
};

/** The values of a document's field (a dotted path): a list's elements, or the one scalar. */
export const valuesAt = (document: object, field: string): unknown[] => {
  const value = field.split('.').reduce<unknown>((current, key) => {
    return current && typeof current === 'object'
      ? (current as Record<string, unknown>)[key]
      : undefined;
  }, document);
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
};

/** The searchable text of one field of a document: its strings and numbers, space-separated. */
export const textAt = (document: object, field: string): string =>
  valuesAt(document, field)
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .join(' ');

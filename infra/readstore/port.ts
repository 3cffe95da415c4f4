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
  indexes?: readonly Readonly<{ fields: readonly string[]; unique?: boolean }>[];
  /**
   * Fields holding lists of scalars that `$contains` / `$containsAny` filter on, indexed per
   * element: a side table of (field, value, document) in SQLite, a multikey index in MongoDB.
   * Without this those operators read every document's list.
   */
  listIndexes?: readonly string[];
  /** The fields text search covers, in order (a text condition may name some of them). */
  textSearch?: readonly string[];
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
}>;

export interface ReadCollection<T extends object> {
  get(id: string): Promise<T | null>;
  find(query?: Query): Promise<T[]>;
  count(query?: Omit<Query, 'sort' | 'skip' | 'limit'>): Promise<number>;
}

/** What a projection handler may do while applying one event. */
export interface ProjectionTransaction {
  get<T extends object>(collection: string, id: string): Promise<T | null>;
  put<T extends object>(collection: string, id: string, document: T): Promise<void>;
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
   * Applies the events and moves the checkpoint to the last one's position. SQLite: one
   * transaction. MongoDB: per-document position guards make re-applying after a crash a no-op.
   */
  applyBatch(
    name: string,
    version: number,
    events: readonly RecordedEvent[],
    handler: ProjectionBatchHandler,
  ): Promise<void>;
  /** Moves a checkpoint without writes (for consumers that keep no documents). */
  saveCheckpoint(name: string, version: number, position: number): Promise<void>;
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

import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { Closeable, PortStatus } from '../shared/port-status.ts';

/**
 * Read models are collections of JSON documents keyed by id. A collection declares the fields
 * it is queried by (real indexes in both stores) and the fields its text search covers
 * (FTS5 in SQLite, a case-insensitive word-prefix match in MongoDB).
 */
export type CollectionDefinition = Readonly<{
  /** Lower-case letters, digits and underscores. */
  name: string;
  indexes?: readonly Readonly<{ fields: readonly string[]; unique?: boolean }>[];
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

export type Query = Readonly<{
  where?: Readonly<Record<string, FieldCondition>>;
  /** Words matched as prefixes of words in the collection's text-search fields (all must match). */
  text?: string;
  sort?: readonly (readonly [field: string, direction: 1 | -1])[];
  skip?: number;
  limit?: number;
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

/** Splits free text into the words a text search matches as prefixes. */
export const searchWords = (text: string): string[] =>
  text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);

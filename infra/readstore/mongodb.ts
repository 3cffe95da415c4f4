import {
  MongoClient,
  MongoServerError,
  type AnyBulkWriteOperation,
  type Collection,
  type Db,
  type Filter,
} from 'mongodb';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { PortStatus } from '../shared/port-status.ts';
import { toMongoFilter, toMongoSort, WORDS_FIELD, wordTokens } from './mongodb-query.ts';
import {
  assertCollectionName,
  assertFieldPath,
  type CollectionDefinition,
  type ProjectionBatchHandler,
  type ProjectionTransaction,
  type Query,
  type ReadCollection,
  type ReadStore,
  type StoredCheckpoint,
} from './port.ts';

export type MongoReadStoreOptions = Readonly<{
  /** e.g. `mongodb://mongo:27017/?replicaSet=rs0`. */
  url: string;
  database: string;
}>;

/**
 * A read-model document as stored: its id as `_id`, the position of the event that wrote it,
 * and (in collections with text search) its word tokens as `_w` (mongodb-query.ts).
 */
type StoredDocument = { _id: string; _pos: number; _w?: string[] } & Record<string, unknown>;
type CheckpointDocument = {
  _id: string;
  position: number | null;
  version: number;
  updatedAt: Date;
};
type DefinitionDocument = { _id: string; definition: CollectionDefinition };

const CHECKPOINTS = '_checkpoints';
/** Collection definitions, so a process that only queries (the API) knows the text fields. */
const DEFINITIONS = '_collections';
/** What the port never shows of a stored document. */
const HIDDEN = { _id: 0, _pos: 0, [WORDS_FIELD]: 0 } as const;

const collectionName = (collection: string) => {
  assertCollectionName(collection);
  return `rm_${collection}`;
};

/** The BSON types SQLite would index as non-NULL: null and missing stay out of unique indexes. */
const INDEXED_TYPES = ['string', 'number', 'bool', 'date', 'object', 'array'];

const DUPLICATE_KEY = 11000;
const NAMESPACE_NOT_FOUND = 26;

/** A duplicate `_id` from a guarded upsert: a newer event already wrote this document. */
export const isAlreadyApplied = (error: unknown): boolean => {
  if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) return false;
  const keyPattern = error.keyPattern as Record<string, unknown> | undefined;
  if (keyPattern) return Object.keys(keyPattern).length === 1 && '_id' in keyPattern;
  return / index: _id_ /.test(error.message);
};

const withoutStorageFields = (document: object): Record<string, unknown> => {
  const {
    _id: _ignoredId,
    _pos: _ignoredPos,
    _w: _ignoredWords,
    ...rest
  } = document as Record<string, unknown>;
  return rest;
};

/** A document as written: its fields, and its word tokens when the collection searches text. */
const storedForm = (
  document: object,
  definition: CollectionDefinition,
): Record<string, unknown> => {
  const fields = withoutStorageFields(document);
  return definition.textSearch?.length
    ? { ...fields, [WORDS_FIELD]: wordTokens(fields, definition.textSearch) }
    : fields;
};

/**
 * Read models in MongoDB (a replica set in production). There are no multi-document
 * transactions here: every document carries `_pos`, the global position of the last event that
 * wrote it, and a write only lands when that event is newer. The checkpoint moves after the
 * batch's writes. A crash in between re-applies the batch from the old checkpoint, and each
 * event's writes are then no-ops where they had already landed: nothing is skipped, nothing
 * applied twice.
 */
export class MongoReadStore implements ReadStore {
  readonly adapter = 'mongodb';
  readonly #client: MongoClient;
  readonly #db: Db;
  readonly #definitions = new Map<string, CollectionDefinition>();
  #closed = false;

  constructor(options: MongoReadStoreOptions) {
    // The driver connects on first use and reconnects by itself.
    this.#client = new MongoClient(options.url);
    this.#db = this.#client.db(options.database);
  }

  /** Connects and pings, so a wrong URL fails at start-up rather than on the first query. */
  async connect(): Promise<void> {
    await this.#client.connect();
    await this.#db.command({ ping: 1 });
  }

  #documents(collection: string): Collection<StoredDocument> {
    return this.#db.collection<StoredDocument>(collectionName(collection));
  }

  #checkpoints(): Collection<CheckpointDocument> {
    return this.#db.collection<CheckpointDocument>(CHECKPOINTS);
  }

  #definitionsCollection(): Collection<DefinitionDocument> {
    return this.#db.collection<DefinitionDocument>(DEFINITIONS);
  }

  async ensureCollections(definitions: readonly CollectionDefinition[]): Promise<void> {
    for (const definition of definitions) {
      const documents = this.#documents(definition.name);
      for (const index of definition.indexes ?? []) {
        for (const field of index.fields) assertFieldPath(field);
        await documents.createIndex(Object.fromEntries(index.fields.map((field) => [field, 1])), {
          name: `ix_${definition.name}_${index.fields.join('_').replaceAll('.', '__')}`,
          ...(index.unique
            ? {
                unique: true,
                partialFilterExpression: Object.fromEntries(
                  index.fields.map((field) => [field, { $type: INDEXED_TYPES }]),
                ),
              }
            : {}),
        });
      }
      for (const field of definition.listIndexes ?? []) {
        // An index on an array field is multikey: one entry per element.
        assertFieldPath(field);
        await documents.createIndex(
          { [field]: 1 },
          { name: `ix_${definition.name}_${field.replaceAll('.', '__')}__list` },
        );
      }
      const stored = await this.#definitionsCollection().findOne({ _id: definition.name });
      if (definition.textSearch?.length) {
        await documents.createIndex({ [WORDS_FIELD]: 1 }, { name: `ix_${definition.name}__words` });
        // Documents written before word tokens existed, or under other text fields, get them.
        const sameFields =
          JSON.stringify(stored?.definition.textSearch ?? null) ===
          JSON.stringify(definition.textSearch);
        await this.#fillWordTokens(
          definition,
          sameFields ? { [WORDS_FIELD]: { $exists: false } } : {},
        );
      }
      await this.#definitionsCollection().replaceOne(
        { _id: definition.name },
        { definition },
        { upsert: true },
      );
      this.#definitions.set(definition.name, definition);
    }
  }

  async #fillWordTokens(
    definition: CollectionDefinition,
    filter: Filter<StoredDocument>,
  ): Promise<void> {
    const documents = this.#documents(definition.name);
    let batch: AnyBulkWriteOperation<StoredDocument>[] = [];
    const flush = async () => {
      if (batch.length > 0) await documents.bulkWrite(batch, { ordered: false });
      batch = [];
    };
    for await (const document of documents.find(filter)) {
      batch.push({
        updateOne: {
          // Guarded by the position read, so a newer write is never overwritten.
          filter: { _id: document._id, _pos: document._pos },
          update: { $set: { [WORDS_FIELD]: wordTokens(document, definition.textSearch ?? []) } },
        },
      });
      if (batch.length >= 500) await flush();
    }
    await flush();
  }

  async #definition(collection: string): Promise<CollectionDefinition> {
    const known = this.#definitions.get(collection);
    if (known) return known;
    const stored = await this.#definitionsCollection().findOne({ _id: collection });
    if (!stored) throw new Error(`Unknown read-model collection: ${collection}`);
    this.#definitions.set(collection, stored.definition);
    return stored.definition;
  }

  async getCheckpoint(name: string): Promise<StoredCheckpoint | null> {
    const stored = await this.#checkpoints().findOne({ _id: name });
    return stored ? { position: stored.position, version: stored.version } : null;
  }

  async saveCheckpoint(name: string, version: number, position: number): Promise<void> {
    await this.#checkpoints().replaceOne(
      { _id: name },
      { position, version, updatedAt: new Date() },
      { upsert: true },
    );
  }

  async applyBatch(
    name: string,
    version: number,
    events: readonly RecordedEvent[],
    handler: ProjectionBatchHandler,
  ): Promise<void> {
    const last = events.at(-1);
    if (!last) return;
    for (const event of events) await handler(event, this.#transaction(event.position));
    await this.saveCheckpoint(name, version, last.position);
  }

  /** What one event's handler may do; its writes are guarded by the event's position. */
  #transaction(position: number): ProjectionTransaction {
    return {
      get: <T extends object>(collection: string, id: string) => this.#get<T>(collection, id),
      find: <T extends object>(collection: string, query: Query = {}) =>
        this.#find<T>(collection, query),
      put: async (collection, id, document) => {
        const definition = await this.#definition(collection);
        try {
          await this.#documents(collection).replaceOne(
            { _id: id, _pos: { $lt: position } },
            { ...storedForm(document, definition), _pos: position },
            { upsert: true },
          );
        } catch (error) {
          // The document exists with _pos >= position: this event was applied before a crash.
          if (!isAlreadyApplied(error)) throw error;
        }
      },
      delete: async (collection, id) => {
        // Guarded too: re-applying an old delete must not remove what a newer event wrote.
        await this.#documents(collection).deleteOne({ _id: id, _pos: { $lt: position } });
      },
    };
  }

  async #get<T extends object>(collection: string, id: string): Promise<T | null> {
    const found = await this.#documents(collection).findOne({ _id: id }, { projection: HIDDEN });
    return found as T | null;
  }

  async #find<T extends object>(collection: string, query: Query): Promise<T[]> {
    if (query.limit === 0) return [];
    const definition = await this.#definition(collection);
    const filter = toMongoFilter(query, definition.textSearch) as Filter<StoredDocument>;
    let cursor = this.#documents(collection)
      .find(filter, { projection: HIDDEN })
      .sort(toMongoSort(query));
    if (query.skip) cursor = cursor.skip(query.skip);
    if (query.limit !== undefined) cursor = cursor.limit(query.limit);
    return (await cursor.toArray()) as T[];
  }

  collection<T extends object>(name: string): ReadCollection<T> {
    return {
      get: (id) => this.#get<T>(name, id),
      find: (query = {}) => this.#find<T>(name, query),
      count: async (query = {}) => {
        const definition = await this.#definition(name);
        const filter = toMongoFilter(query, definition.textSearch) as Filter<StoredDocument>;
        return this.#documents(name).countDocuments(filter);
      },
    };
  }

  async reset(name: string, collections: readonly CollectionDefinition[]): Promise<void> {
    for (const definition of collections) {
      try {
        await this.#documents(definition.name).drop();
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
      }
      await this.#definitionsCollection().deleteOne({ _id: definition.name });
      this.#definitions.delete(definition.name);
    }
    await this.#checkpoints().deleteOne({ _id: name });
  }

  async status(): Promise<PortStatus> {
    try {
      await this.#db.command({ ping: 1 });
      return { port: 'readstore', adapter: this.adapter, ok: !this.#closed };
    } catch (error) {
      return { port: 'readstore', adapter: this.adapter, ok: false, detail: String(error) };
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#client.close();
  }
}

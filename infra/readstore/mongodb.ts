import {
  MongoClient,
  MongoServerError,
  type AnyBulkWriteOperation,
  type ClientSession,
  type Collection,
  type Db,
  type Filter,
} from 'mongodb';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { PortStatus } from '../shared/port-status.ts';
import { eventsAfterCheckpoint } from './checkpoints.ts';
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
type LeaseDocument = { _id: string; holder: string; expiresAt: Date };

const CHECKPOINTS = '_checkpoints';
const LEASES = '_leases';
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

/**
 * A duplicate `_id` from a conditional upsert: the document exists but the condition did not
 * hold (a checkpoint already further on, a lease another holder has).
 */
export const isDuplicateId = (error: unknown): boolean => {
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
 * Read models in MongoDB (a replica set: multi-document transactions need one). A batch is one
 * transaction: the stored checkpoint is read in it, the events after it are applied (their
 * handlers read and write through the transaction's session, so they see their own writes), and
 * the checkpoint moves in the same commit. A crash or a throwing handler leaves nothing; two
 * runners of one projection conflict, and the one retried finds the checkpoint moved on and
 * skips what the other applied. Each document keeps `_pos`, the position of the last event
 * that wrote it.
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
        const keys: [string, 1 | -1][] = index.fields.map((field, i) => [
          field,
          index.order?.[i] ?? 1,
        ]);
        // An ordered index ends with the id, every sort's last tie-break (toMongoSort).
        if (index.order) keys.push(['_id', 1]);
        await documents.createIndex(Object.fromEntries(keys), {
          name: `ix_${definition.name}_${index.fields.join('_').replaceAll('.', '__')}${index.order ? `_${index.order.map((d) => (d === -1 ? 'd' : 'a')).join('_')}` : ''}`,
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
    try {
      // Forward only (checkpoints.ts, movesForward): the filter matches a checkpoint this
      // position moves on; otherwise the upsert's insert collides on _id and nothing changes.
      await this.#checkpoints().updateOne(
        {
          _id: name,
          $or: [{ version: { $ne: version } }, { position: null }, { position: { $lt: position } }],
        },
        { $set: { position, version, updatedAt: new Date() } },
        { upsert: true },
      );
    } catch (error) {
      if (!isDuplicateId(error)) throw error;
    }
  }

  async applyBatch(
    name: string,
    version: number,
    events: readonly RecordedEvent[],
    handler: ProjectionBatchHandler,
  ): Promise<void> {
    if (events.length === 0) return;
    const session = this.#client.startSession();
    try {
      // withTransaction runs the batch again after a transient error (a write conflict with
      // another runner): it then reads the checkpoint that runner moved and skips its events.
      await session.withTransaction(async () => {
        const stored = await this.#checkpoints().findOne({ _id: name }, { session });
        const pending = eventsAfterCheckpoint(stored, version, events);
        if (pending.length === 0) return;
        for (const event of pending) {
          await handler(event, this.#transaction(event.position, session));
        }
        await this.#checkpoints().replaceOne(
          { _id: name },
          { position: pending.at(-1)!.position, version, updatedAt: new Date() },
          { upsert: true, session },
        );
      });
    } finally {
      await session.endSession();
    }
  }

  /** What one event's handler may do, inside the batch's transaction. */
  #transaction(position: number, session: ClientSession): ProjectionTransaction {
    return {
      get: <T extends object>(collection: string, id: string) =>
        this.#get<T>(collection, id, session),
      find: <T extends object>(collection: string, query: Query = {}) =>
        this.#find<T>(collection, query, session),
      put: async (collection, id, document) => {
        const definition = await this.#definition(collection);
        await this.#documents(collection).replaceOne(
          { _id: id },
          { ...storedForm(document, definition), _pos: position },
          { upsert: true, session },
        );
      },
      delete: async (collection, id) => {
        await this.#documents(collection).deleteOne({ _id: id }, { session });
      },
    };
  }

  async acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean> {
    // The server's clock decides (checkpoints.ts, leaseFor): processes on several hosts agree.
    try {
      await this.#db
        .collection<LeaseDocument>(LEASES)
        .updateOne(
          { _id: name, $or: [{ holder }, { $expr: { $lte: ['$expiresAt', '$$NOW'] } }] },
          [{ $set: { holder, expiresAt: { $add: ['$$NOW', ttlMs] } } }],
          { upsert: true },
        );
      return true;
    } catch (error) {
      if (isDuplicateId(error)) return false; // held by another, not expired
      throw error;
    }
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    await this.#db.collection<LeaseDocument>(LEASES).deleteOne({ _id: name, holder });
  }

  async #get<T extends object>(
    collection: string,
    id: string,
    session?: ClientSession,
  ): Promise<T | null> {
    const found = await this.#documents(collection).findOne(
      { _id: id },
      { projection: HIDDEN, ...(session ? { session } : {}) },
    );
    return found as T | null;
  }

  async #find<T extends object>(
    collection: string,
    query: Query,
    session?: ClientSession,
  ): Promise<T[]> {
    if (query.limit === 0) return [];
    const definition = await this.#definition(collection);
    const filter = toMongoFilter(query, definition.textSearch) as Filter<StoredDocument>;
    let cursor = this.#documents(collection)
      .find(filter, { projection: HIDDEN, ...(session ? { session } : {}) })
      .sort(toMongoSort(query));
    if (query.skip) cursor = cursor.skip(query.skip);
    if (query.limit !== undefined) cursor = cursor.limit(query.limit);
    return (await cursor.toArray()) as T[];
  }

  collection<T extends object>(name: string): ReadCollection<T> {
    return {
      get: (id) => this.#get<T>(name, id),
      find: (query = {}) => this.#find<T>(name, query),
      // Nothing here tells this process that another changed a document: rendered every time.
      renderer:
        <R>(render: (document: T) => R) =>
        async (id: string) => {
          const document = await this.#get<T>(name, id);
          return document ? render(document) : null;
        },
      count: async (query = {}) => {
        const definition = await this.#definition(name);
        const filter = toMongoFilter(query, definition.textSearch) as Filter<StoredDocument>;
        return this.#documents(name).countDocuments(filter);
      },
      scan: async (afterId, limit) => {
        const found = await this.#documents(name)
          .find(afterId === null ? {} : { _id: { $gt: afterId } }, { projection: { _pos: 0 } })
          .sort({ _id: 1 })
          .limit(limit)
          .toArray();
        return found.map((stored) => ({
          id: stored._id,
          document: withoutStorageFields(stored) as T,
        }));
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

import { randomUUID } from 'node:crypto';
import { MongoDBContainer, type StartedMongoDBContainer } from '@testcontainers/mongodb';
import { MongoClient, MongoServerError } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { describeWithContainerRuntime } from '../testing/containers.ts';
import { describeReadStoreContract } from './contract.ts';
import { isDuplicateId, MongoReadStore } from './mongodb.ts';

/** The server the compose stack runs; the module starts it as a single-node replica set. */
const MONGODB_IMAGE = 'mongo:8.0';

describe('MongoReadStore conditional upserts', () => {
  it('treats only a duplicate _id as "the condition did not hold"', () => {
    const duplicate = (extra: Record<string, unknown>) =>
      new MongoServerError({ message: 'E11000 duplicate key error', code: 11000, ...extra });
    expect(isDuplicateId(duplicate({ keyPattern: { _id: 1 } }))).toBe(true);
    expect(isDuplicateId(duplicate({ keyPattern: { email: 1 } }))).toBe(false);
    expect(
      isDuplicateId(
        new MongoServerError({
          message: 'E11000 duplicate key error collection: db.rm_cards index: _id_ dup key',
          code: 11000,
        }),
      ),
    ).toBe(true);
    expect(isDuplicateId(new MongoServerError({ message: 'other', code: 2 }))).toBe(false);
    expect(isDuplicateId(new Error('E11000'))).toBe(false);
  });
});

await describeWithContainerRuntime('mongodb read store', () => {
  // One server for the file; every fixture gets a database of its own.
  let started: Promise<StartedMongoDBContainer> | undefined;
  const server = () => (started ??= new MongoDBContainer(MONGODB_IMAGE).start());
  afterAll(async () => {
    await (await started)?.stop();
  });

  describeReadStoreContract('mongodb', async () => {
    const container = await server();
    // The replica set names the member by its container host name: connect to it directly.
    const url = `${container.getConnectionString()}/?directConnection=true`;
    const database = `contract_${randomUUID().replaceAll('-', '')}`;
    const store = new MongoReadStore({ url, database });
    await store.connect();
    return {
      store,
      dispose: async () => {
        await store.close();
        const admin = new MongoClient(url);
        try {
          await admin.db(database).dropDatabase();
        } finally {
          await admin.close();
        }
      },
    };
  });
});

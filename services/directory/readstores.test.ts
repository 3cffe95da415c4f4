/**
 * The directory's query semantics on both read stores: the same searches, filters, sorts and
 * pages, answered through each store's indexes (query.ts), give exactly the reference answer
 * (searchByScan over the same documents). SQLite always runs; MongoDB runs where a container
 * runtime is reachable (infra/testing/containers.ts says so once when it is not). SQLite's query
 * plans are checked too: no directory query reads the whole table.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoDBContainer, type StartedMongoDBContainer } from '@testcontainers/mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCreator } from '@linkcoin/services/testing/demo-accounts.ts';
import type { DirectoryEntry } from '@linkcoin/domain/directory/entry.ts';
import { directoryQuery, searchByScan } from '@linkcoin/domain/directory/search.ts';
import { creator } from '@linkcoin/domain/directory/testing.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { MongoReadStore } from '@linkcoin/infra/readstore/mongodb.ts';
import type { ReadCollection, ReadStore } from '@linkcoin/infra/readstore/port.ts';
import { SqliteReadStore } from '@linkcoin/infra/readstore/sqlite.ts';
import { describeWithContainerRuntime } from '@linkcoin/infra/testing/containers.ts';
import { directoryCollection, DIRECTORY } from './projection.ts';
import { matchPage, searchPage, whereOf } from './query.ts';

/** 400 demo creators as the projection builds them; every fourth verified. */
const ENTRIES: DirectoryEntry[] = Array.from({ length: 400 }, (_, index) => {
  const demo = demoCreator(index);
  const entry = creator(
    { ...demo.profile, profilePicUrl: '/uploads/demo.png' },
    {
      userId: `u${String(index).padStart(4, '0')}`,
      ownerName: demo.ownerName,
      registeredAt: new Date(Date.UTC(2026, 0, 1) + index * 3_600_000).toISOString(),
    },
  );
  return index % 4 === 0 ? { ...entry, verified: true, verifiedPlatforms: ['youtube'] } : entry;
});

/** Query strings as the browser sends them: each filter, combinations, searches, deep pages. */
const QUERIES: Record<string, string>[] = [
  {},
  { page: '7' },
  { sort: 'followers' },
  { sort: 'price', page: '3' },
  { sort: 'newest', limit: '25' },
  { search: 'a' },
  { search: 'pri' },
  { search: 'SKIN' },
  { search: 'fitness' },
  { search: 'mumbai' },
  { search: 'priya sharma' },
  { search: 'tech', page: '2', limit: '7' },
  { search: 'the', sort: 'followers' },
  { adCategories: 'skincare' },
  { adCategories: 'skincare,smartphones,cars' },
  { pageContentCategory: 'fitness,yoga' },
  { socialMediaPlatforms: 'youtube' },
  { socialMediaPlatforms: 'facebook,twitter' },
  { averageAudienceType: 'students,gamers' },
  { averageLocationOfAudience: 'mumbai' },
  { averageLocationOfAudience: 'bengaluru,India' },
  { minFollowers: '100k' },
  { maxFollowers: '5000' },
  { minFollowers: '10k', maxFollowers: '1M', sort: 'followers' },
  { verifiedOnly: 'true' },
  { verifiedOnly: 'true', sort: 'price', search: 'a' },
  { adCategories: 'skincare', pageContentCategory: 'fitness', socialMediaPlatforms: 'instagram' },
  { search: 'a', minFollowers: '5k', averageLocationOfAudience: 'delhi', page: '2' },
  { adCategories: 'cars', averageAudienceType: 'pet-owners' },
];

const describeDirectoryOn = (
  adapter: string,
  open: () => Promise<{ store: ReadStore; dispose: () => Promise<void> }>,
  plans?: (store: ReadStore) => DirectoryPlans,
) => {
  describe(`directory searches on ${adapter}`, () => {
    let store: ReadStore;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ store, dispose } = await open());
      await store.ensureCollections([directoryCollection]);
      const events: RecordedEvent[] = ENTRIES.map((entry, index) => ({
        id: randomUUID(),
        type: 'Put',
        streamId: `t-${entry.id}`,
        revision: 0,
        position: index + 1,
        data: entry,
        metadata: {
          actorUserId: null,
          correlationId: 'test',
          causationId: null,
          schemaVersion: 1,
          timestamp: entry.registeredAt,
        },
      }));
      for (let at = 0; at < events.length; at += 100) {
        await store.applyBatch('directory', 1, events.slice(at, at + 100), async (event, tx) => {
          const entry = event.data as DirectoryEntry;
          await tx.put(DIRECTORY, entry.id, entry);
        });
      }
    }, 300_000);
    afterAll(async () => {
      await dispose?.();
    });

    it('answers every query exactly as the reference does', async () => {
      const collection = store.collection<DirectoryEntry>(DIRECTORY);
      for (const query of QUERIES) {
        const request = directoryQuery.parse(query);
        const limit = request.limit ?? 10;
        const skip = (request.page - 1) * limit;
        const want = searchByScan(ENTRIES, { ...request, skip, limit });
        const got = await searchPage(collection, request, request.sort, skip, limit);
        expect(
          { total: got.total, ids: got.entries.map((entry) => entry.id) },
          JSON.stringify(query),
        ).toEqual({ total: want.total, ids: want.page.map((entry) => entry.id) });
      }
      // The queries find something: the comparison is not between empty answers.
      const nonEmpty = QUERIES.filter(
        (query) =>
          searchByScan(ENTRIES, { ...directoryQuery.parse(query), skip: 0, limit: 1 }).total > 0,
      );
      expect(nonEmpty.length).toBeGreaterThan(QUERIES.length - 6);
    });

    it("pages a brand's Best match for you stably past its scored window: each creator once", async () => {
      const collection = store.collection<DirectoryEntry>(DIRECTORY);
      // Any order but the rank's (here: by id, descending) shows the window is reordered.
      const byIdDescending = async (candidates: DirectoryEntry[]) =>
        candidates.map((entry) => entry.id).sort((a, b) => (a < b ? 1 : -1));
      const WINDOW = 30;
      for (const query of [
        { sort: 'match' },
        { sort: 'match', adCategories: 'skincare,smartphones,cars' },
        { sort: 'match', search: 'a', socialMediaPlatforms: 'youtube,instagram' },
      ]) {
        const request = directoryQuery.parse(query);
        expect(request).toMatchObject({ match: true, sort: 'relevance' });
        const seen: string[] = [];
        for (let skip = 0; skip < ENTRIES.length; skip += 7) {
          const page = await matchPage(collection, request, byIdDescending, skip, 7, WINDOW);
          seen.push(...page.entries.map((entry) => entry.id));
        }
        expect(new Set(seen).size, JSON.stringify(query)).toBe(seen.length);
        const all = await collection.find({
          where: whereOf(request),
          ...(request.search ? { text: { search: request.search } } : {}),
          sort: [['rank', -1]],
        });
        expect(seen.length, JSON.stringify(query)).toBe(all.length);
        expect(seen.length).toBeGreaterThan(WINDOW);
        const window = all.slice(0, WINDOW).map((entry) => entry.id);
        expect(seen.slice(0, WINDOW)).toEqual(await byIdDescending(all.slice(0, WINDOW)));
        expect(new Set(seen.slice(0, WINDOW))).toEqual(new Set(window));
        expect(seen.slice(WINDOW)).toEqual(all.slice(WINDOW).map((entry) => entry.id));
      }
    });

    if (plans) {
      it('reads no directory query by scanning the whole table', async () => {
        const explain = plans(store);
        for (const query of QUERIES) {
          const request = directoryQuery.parse(query);
          const plan = await explain(request);
          expect(plan, JSON.stringify(query)).not.toMatch(/SCAN (rm_)?directory\b(?! USING)/);
        }
      });
    }
  });
};

type DirectoryPlans = (request: ReturnType<typeof directoryQuery.parse>) => Promise<string>;

describeDirectoryOn(
  'sqlite',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linkcoin-directory-'));
    const store = new SqliteReadStore({ path: join(dir, 'readmodels.db') });
    return {
      store,
      dispose: async () => {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
  (store) => async (request) => {
    // Every query searchPage sends, explained by SQLite.
    const sqlite = store as SqliteReadStore;
    const plans: string[] = [];
    const collection = store.collection<DirectoryEntry>(DIRECTORY);
    const explaining: ReadCollection<DirectoryEntry> = {
      get: (id) => collection.get(id),
      find: async (query = {}) => {
        plans.push(...sqlite.explain(DIRECTORY, query, 'find'));
        return collection.find(query);
      },
      count: async (query = {}) => {
        plans.push(...sqlite.explain(DIRECTORY, query, 'count'));
        return collection.count(query);
      },
      renderer: (render, capacity) => collection.renderer(render, capacity),
      scan: (afterId, limit) => collection.scan(afterId, limit),
    };
    const limit = request.limit ?? 10;
    await searchPage(explaining, request, request.sort, (request.page - 1) * limit, limit);
    return plans.join('\n');
  },
);

await describeWithContainerRuntime('mongodb directory searches', () => {
  let started: Promise<StartedMongoDBContainer> | undefined;
  const server = () => (started ??= new MongoDBContainer('mongo:8.0').start());
  afterAll(async () => {
    await (await started)?.stop();
  });
  describeDirectoryOn('mongodb', async () => {
    const container = await server();
    const url = `${container.getConnectionString()}/?directConnection=true`;
    const store = new MongoReadStore({ url, database: `directory_${randomUUID().slice(0, 8)}` });
    await store.connect();
    return { store, dispose: () => store.close() };
  });
});

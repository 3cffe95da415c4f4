/**
 * The one contract every ReadStore adapter passes: document writes and queries, checkpoints
 * stored with the writes, crash-resume without double-applying, and rebuild from zero, driven
 * through the ProjectionRunner by a projection defined here.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMetadata, RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { EventStore } from '../eventstore/port.ts';
import { SqliteEventStore } from '../eventstore/sqlite.ts';
import { silentLogger } from '../shared/logger.ts';
import type { CollectionDefinition, Query, ReadStore } from './port.ts';
import { ProjectionRunner, type Projection } from './projections.ts';

export type ReadStoreFixture = Readonly<{ store: ReadStore; dispose: () => Promise<void> }>;

type Card = {
  id: string;
  title: string;
  tags: string[];
  points: number;
  owner: { city: string };
  archived: boolean;
  appliedEvents: number;
};

const meta: EventMetadata = {
  actorUserId: null,
  correlationId: 'contract',
  causationId: null,
  schemaVersion: 1,
  timestamp: '2026-01-01T00:00:00.000Z',
};

const makeCards = (name: string, version = 1) => {
  const collection: CollectionDefinition = {
    name: `${name}_cards`,
    indexes: [{ fields: ['points'] }, { fields: ['owner.city', 'archived'] }],
    textSearch: ['title', 'tags'],
  };
  const control = { failOnTitle: null as string | null };
  const projection: Projection = {
    name,
    version,
    collections: [collection],
    eventTypes: ['CardCreated', 'PointsAdded', 'CardDeleted'],
    apply: async (event, tx) => {
      const data = event.data as Record<string, unknown>;
      const id = String(data.cardId);
      if (event.type === 'CardCreated') {
        if (control.failOnTitle !== null && data.title === control.failOnTitle) {
          throw new Error(`refusing ${control.failOnTitle}`);
        }
        await tx.put<Card>(collection.name, id, {
          id,
          title: String(data.title),
          tags: data.tags as string[],
          points: 0,
          owner: { city: String(data.city) },
          archived: Boolean(data.archived),
          appliedEvents: 1,
        });
      } else if (event.type === 'PointsAdded') {
        const card = await tx.get<Card>(collection.name, id);
        if (!card) return;
        // Not idempotent on purpose: applying an event twice would show in the total.
        await tx.put<Card>(collection.name, id, {
          ...card,
          points: card.points + Number(data.points),
          appliedEvents: card.appliedEvents + 1,
        });
      } else if (event.type === 'CardDeleted') {
        await tx.delete(collection.name, id);
      }
    },
  };
  return { collection, projection, control };
};

const created = (cardId: string, title: string, extra: Partial<Record<string, unknown>> = {}) => ({
  type: 'CardCreated',
  data: { cardId, title, tags: ['alpha'], city: 'Pune', archived: false, ...extra },
  metadata: meta,
});
const pointsAdded = (cardId: string, points: number) => ({
  type: 'PointsAdded',
  data: { cardId, points },
  metadata: meta,
});

let position = 0;
const recorded = (event: { type: string; data: object }): RecordedEvent => ({
  ...event,
  id: randomUUID(),
  streamId: 'cards-1',
  revision: position,
  position: ++position,
  metadata: meta,
});

export const describeReadStoreContract = (
  adapter: string,
  setup: () => Promise<ReadStoreFixture>,
): void => {
  describe(`ReadStore contract: ${adapter}`, () => {
    let fixture: ReadStoreFixture;
    let store: ReadStore;
    let events: EventStore;
    let runner: ProjectionRunner | undefined;
    const unique = () => `p${randomUUID().replaceAll('-', '').slice(0, 12)}`;

    beforeEach(async () => {
      fixture = await setup();
      store = fixture.store;
      events = new SqliteEventStore({ path: ':memory:', idleRecheckMs: 50 });
    });
    afterEach(async () => {
      await runner?.stop();
      runner = undefined;
      await events.close();
      await fixture.dispose();
    });

    const startRunner = async (projection: Projection) => {
      runner = new ProjectionRunner({
        eventStore: events,
        readStore: store,
        projections: [projection],
        logger: silentLogger,
        retryDelayMs: () => 20,
      });
      await runner.start();
      return runner;
    };

    describe('documents and queries', () => {
      it('stores, reads, filters, sorts, pages, counts and searches documents', async () => {
        const { collection, projection } = makeCards(unique());
        await store.ensureCollections([collection]);
        const batch = [
          created('c1', 'Summer skincare routine', { tags: ['beauty', 'skincare'], city: 'Pune' }),
          created('c2', 'Budget smartphones review', { tags: ['tech'], city: 'Delhi' }),
          created('c3', 'Street food of Delhi', { tags: ['food'], city: 'Delhi', archived: true }),
          created('c4', 'Skincare for men', { tags: ['beauty'], city: 'Mumbai' }),
          pointsAdded('c1', 10),
          pointsAdded('c2', 30),
          pointsAdded('c3', 20),
          pointsAdded('c4', 5),
        ].map(recorded);
        await store.applyBatch(projection.name, 1, batch, projection.apply);
        const cards = store.collection<Card>(collection.name);

        expect(await cards.get('c1')).toMatchObject({
          title: 'Summer skincare routine',
          points: 10,
        });
        expect(await cards.get('missing')).toBeNull();
        const ids = (list: Card[]) => list.map((card) => card.id);
        expect(ids(await cards.find({ sort: [['points', -1]] }))).toEqual(['c2', 'c3', 'c1', 'c4']);
        expect(ids(await cards.find({ sort: [['points', 1]], skip: 1, limit: 2 }))).toEqual([
          'c1',
          'c3',
        ]);
        expect(
          ids(await cards.find({ where: { 'owner.city': 'Delhi', archived: false } })),
        ).toEqual(['c2']);
        expect(ids(await cards.find({ where: { points: { $gte: 10, $lt: 30 } } }))).toEqual([
          'c1',
          'c3',
        ]);
        expect(
          ids(await cards.find({ where: { 'owner.city': { $in: ['Pune', 'Mumbai'] } } })),
        ).toEqual(['c1', 'c4']);
        expect(ids(await cards.find({ where: { 'owner.city': { $ne: 'Delhi' } } }))).toEqual([
          'c1',
          'c4',
        ]);
        expect(ids(await cards.find({ where: { tags: { $contains: 'beauty' } } }))).toEqual([
          'c1',
          'c4',
        ]);
        expect(
          ids(await cards.find({ where: { tags: { $containsAny: ['tech', 'food'] } } })),
        ).toEqual(['c2', 'c3']);
        expect(
          ids(await cards.find({ where: { 'owner.country': { $exists: false } } })),
        ).toHaveLength(4);
        expect(ids(await cards.find({ text: 'skin' }))).toEqual(['c1', 'c4']);
        expect(ids(await cards.find({ text: 'SKINCARE rout' }))).toEqual(['c1']);
        expect(ids(await cards.find({ text: 'tec' }))).toEqual(['c2']);
        expect(ids(await cards.find({ text: 'kincare' }))).toEqual([]);
        expect(await cards.count({ where: { archived: false } })).toBe(3);
        expect(await cards.count({ text: 'delhi' })).toBe(1);
        expect(await store.getCheckpoint(projection.name)).toEqual({
          position: batch.at(-1)!.position,
          version: 1,
        });
      });

      it('scans a whole collection with its ids, in id order, page after page', async () => {
        const { collection, projection } = makeCards(unique());
        await store.ensureCollections([collection]);
        const ids = ['k10', 'k2', 'a', 'k1', 'Z', 'k-1'];
        await store.applyBatch(
          projection.name,
          1,
          ids.map((id) => recorded(created(id, `Card ${id}`))),
          projection.apply,
        );
        const cards = store.collection<Card>(collection.name);
        const seen: string[] = [];
        for (let after: string | null = null; ;) {
          const page = await cards.scan(after, 4);
          for (const { id, document } of page) {
            expect(document).toMatchObject({ id, title: `Card ${id}` });
            expect(Object.keys(document).sort()).toEqual(
              ['appliedEvents', 'archived', 'id', 'owner', 'points', 'tags', 'title'].sort(),
            );
          }
          seen.push(...page.map((entry) => entry.id));
          if (page.length < 4) break;
          after = page.at(-1)!.id;
        }
        expect(seen).toEqual(['Z', 'a', 'k-1', 'k1', 'k10', 'k2']);
        expect(await cards.scan('k10', 10)).toHaveLength(1);
      });

      it('filters list elements through their index, kept in step with updates and deletes', async () => {
        const collection: CollectionDefinition = {
          name: `${unique()}_tagged`,
          indexes: [{ fields: ['points'] }],
          listIndexes: ['tags', 'owner.langs'],
        };
        await store.ensureCollections([collection]);
        type Tagged = { id: string; tags: (string | number | boolean)[]; points: number };
        const name = unique();
        const put = (id: string, tags: Tagged['tags'], points = 0, langs = ['en']) => ({
          type: 'Put',
          data: { id, tags, points, langs },
        });
        const apply = (...batch: { type: string; data: object }[]) =>
          store.applyBatch(name, 1, batch.map(recorded), async (event, tx) => {
            const data = event.data as Tagged & { langs: string[] };
            if (event.type === 'Put') {
              await tx.put(collection.name, data.id, {
                id: data.id,
                tags: data.tags,
                points: data.points,
                owner: { langs: data.langs },
              });
            } else await tx.delete(collection.name, data.id);
          });
        await apply(
          put('a', ['beauty', 'skincare', 'beauty'], 3),
          put('b', ['tech'], 2, ['hi', 'en']),
          put('c', ['food', 'tech', 7, true], 1, ['mr']),
          put('d', [], 0, []),
        );
        const tagged = store.collection<Tagged>(collection.name);
        const ids = async (query: Query) => (await tagged.find(query)).map((doc) => doc.id);
        expect(await ids({ where: { tags: { $contains: 'beauty' } } })).toEqual(['a']);
        expect(await ids({ where: { tags: { $containsAny: ['tech', 'beauty'] } } })).toEqual([
          'a',
          'b',
          'c',
        ]);
        expect(await ids({ where: { tags: { $containsAny: [7] } } })).toEqual(['c']);
        expect(await ids({ where: { tags: { $contains: true } } })).toEqual(['c']);
        expect(await ids({ where: { tags: { $containsAny: [] } } })).toEqual([]);
        expect(
          await ids({
            where: {
              tags: { $containsAny: ['tech', 'food'] },
              'owner.langs': { $contains: 'en' },
            },
          }),
        ).toEqual(['b']);
        expect(
          await ids({
            where: { tags: { $containsAny: ['tech', 'beauty'] } },
            sort: [['points', 1]],
          }),
        ).toEqual(['c', 'b', 'a']);
        expect(await tagged.count({ where: { tags: { $containsAny: ['tech'] } } })).toBe(2);

        await apply(put('a', ['tech'], 3), { type: 'Delete', data: { id: 'c' } });
        expect(await ids({ where: { tags: { $contains: 'beauty' } } })).toEqual([]);
        expect(await ids({ where: { tags: { $contains: 'tech' } } })).toEqual(['a', 'b']);
        expect(await ids({ where: { tags: { $contains: 7 } } })).toEqual([]);
      });

      it('serves a sort from an ordered index, and gives the same pages whichever way it reads', async () => {
        const collection: CollectionDefinition = {
          name: `${unique()}_ranked`,
          indexes: [{ fields: ['score', 'rank'], order: [-1, -1] }],
          listIndexes: ['tags'],
        };
        await store.ensureCollections([collection]);
        await store.ensureCollections([collection]); // idempotent, ordered index included
        type Ranked = { id: string; score: number; rank: number; tags: string[] };
        const docs: Ranked[] = Array.from({ length: 30 }, (_, i) => ({
          id: `r${String(i).padStart(2, '0')}`,
          score: i % 4,
          rank: i % 3,
          tags: i % 5 === 0 ? ['rare'] : ['common'],
        }));
        await store.applyBatch(
          unique(),
          1,
          docs.map((doc) => recorded({ type: 'Put', data: doc })),
          async (event, tx) => {
            const doc = event.data as Ranked;
            await tx.put(collection.name, doc.id, doc);
          },
        );
        const ranked = store.collection<Ranked>(collection.name);
        const expected = (tag: string | null, skip: number, limit: number) =>
          docs
            .filter((doc) => tag === null || doc.tags.includes(tag))
            .sort((a, b) => b.score - a.score || b.rank - a.rank || (a.id < b.id ? -1 : 1))
            .slice(skip, skip + limit)
            .map((doc) => doc.id);
        for (const tag of [null, 'common', 'rare']) {
          for (const [skip, limit] of [
            [0, 5],
            [7, 5],
            [20, 20],
          ] as const) {
            for (const readIn of ['order', 'conditions', undefined] as const) {
              const page = await ranked.find({
                ...(tag ? { where: { tags: { $containsAny: [tag] } } } : {}),
                sort: [
                  ['score', -1],
                  ['rank', -1],
                ],
                skip,
                limit,
                ...(readIn ? { readIn } : {}),
              });
              expect(
                page.map((doc) => doc.id),
                `${tag} ${skip} ${limit} ${readIn}`,
              ).toEqual(expected(tag, skip, limit));
            }
          }
        }
      });

      it('restricts text conditions to fields, excludes, and folds case and accents', async () => {
        const collection: CollectionDefinition = {
          name: `${unique()}_people`,
          indexes: [{ fields: ['rank'] }],
          textSearch: ['name', 'handles', 'about'],
        };
        await store.ensureCollections([collection]);
        type Person = { id: string; name: string; handles: string[]; about: string; rank: number };
        const people: Person[] = [
          { id: 'p1', name: 'Priya Sharma', handles: ['priya_k'], about: 'Skincare', rank: 5 },
          {
            id: 'p2',
            name: 'Zoë Dsouza',
            handles: ['zoe.travels'],
            about: 'Café hopping',
            rank: 9,
          },
          { id: 'p3', name: 'Rahul Mehta', handles: ['rahulm'], about: 'Fan of Priyanka', rank: 7 },
          {
            id: 'p4',
            name: 'Ana Núñez',
            handles: ['ANA-NUNEZ'],
            about: 'Street-food, DELHI',
            rank: 1,
          },
        ];
        const name = unique();
        await store.applyBatch(
          name,
          1,
          people.map((person) => recorded({ type: 'Put', data: person })),
          async (event, tx) => {
            const person = event.data as Person;
            await tx.put(collection.name, person.id, person);
          },
        );
        const found = store.collection<Person>(collection.name);
        const ids = async (text: Query['text'], sort: Query['sort'] = [['rank', -1]]) =>
          (await found.find({ text, ...(sort ? { sort } : {}) })).map((person) => person.id);
        expect(await ids('pri')).toEqual(['p3', 'p1']);
        expect(await ids('ZOE')).toEqual(['p2']);
        expect(await ids('cafe')).toEqual(['p2']);
        expect(await ids('café HOP')).toEqual(['p2']);
        expect(await ids('nunez')).toEqual(['p4']);
        expect(await ids('núñ')).toEqual(['p4']);
        expect(await ids('delhi food street')).toEqual(['p4']);
        expect(await ids('ouza')).toEqual([]);
        expect(await ids({ search: 'pri', fields: ['name', 'handles'] })).toEqual(['p1']);
        expect(await ids({ search: 'pri', fields: ['about'] })).toEqual(['p3']);
        expect(await ids({ search: 'priya sharma', fields: ['name'] })).toEqual(['p1']);
        // Words may match in different fields of the condition.
        expect(await ids({ search: 'rahul priyanka', fields: ['name', 'about'] })).toEqual(['p3']);
        expect(
          await ids([
            { search: 'pri' },
            { search: 'pri', fields: ['name', 'handles'], exclude: true },
          ]),
        ).toEqual(['p3']);
        expect(await ids({ search: 'a', exclude: true })).toEqual(['p2', 'p3', 'p1']);
        expect(await ids({ search: ' -- ', exclude: true })).toHaveLength(4);
        expect(await found.count({ text: [{ search: 'pri' }, { search: 'sharma' }] })).toBe(1);
        expect(
          await found.count({
            where: { rank: { $gte: 5 } },
            text: { search: 'pri', fields: ['name', 'handles', 'about'] },
          }),
        ).toBe(2);
        await expect(found.find({ text: { search: 'x', fields: ['email'] } })).rejects.toThrow(
          'Not a text-search field: email',
        );
      });

      it('keeps text search in step with updates that change the searched text or leave it', async () => {
        const { collection, projection } = makeCards(unique());
        await store.ensureCollections([collection]);
        const apply = (...batch: { type: string; data: object }[]) =>
          store.applyBatch(projection.name, 1, batch.map(recorded), projection.apply);
        const cards = store.collection<Card>(collection.name);
        const ids = async (text: string) => (await cards.find({ text })).map((card) => card.id);
        await apply(created('t1', 'Morning yoga'), created('t2', 'Yoga retreat'));
        await apply(pointsAdded('t1', 5));
        expect(await ids('morning')).toEqual(['t1']);
        expect((await ids('yoga')).sort()).toEqual(['t1', 't2']);
        await apply(created('t1', 'Evening run'));
        expect(await ids('morning')).toEqual([]);
        expect(await ids('evening')).toEqual(['t1']);
        expect(await ids('yoga')).toEqual(['t2']);
        expect(await cards.count({ text: 'run' })).toBe(1);
      });

      it('removes deleted documents from queries and from text search', async () => {
        const { collection, projection } = makeCards(unique());
        await store.ensureCollections([collection]);
        await store.applyBatch(
          projection.name,
          1,
          [
            created('d1', 'Yoga at home'),
            { type: 'CardDeleted', data: { cardId: 'd1' }, metadata: meta },
          ].map(recorded),
          projection.apply,
        );
        const cards = store.collection<Card>(collection.name);
        expect(await cards.get('d1')).toBeNull();
        expect(await cards.find({ text: 'yoga' })).toEqual([]);
      });

      it('renders a document as it is stored now, after every change and deletion', async () => {
        const { collection, projection, control } = makeCards(unique());
        await store.ensureCollections([collection]);
        const apply = (...batch: { type: string; data: object }[]) =>
          store.applyBatch(projection.name, 1, batch.map(recorded), projection.apply);
        const cards = store.collection<Card>(collection.name);
        const summary = cards.renderer((card) => `${card.title}: ${card.points}`);
        expect(await summary('r1')).toBeNull();
        await apply(created('r1', 'Rendered'), created('r2', 'Other'));
        expect(await summary('r1')).toBe('Rendered: 0');
        expect(await summary('r1')).toBe('Rendered: 0');
        await apply(pointsAdded('r1', 4));
        expect(await summary('r1')).toBe('Rendered: 4');
        expect(await summary('r2')).toBe('Other: 0');
        control.failOnTitle = 'Poison';
        await expect(apply(pointsAdded('r1', 50), created('r3', 'Poison'))).rejects.toThrow();
        expect(await summary('r1')).toBe('Rendered: 4');
        await apply({ type: 'CardDeleted', data: { cardId: 'r1' } });
        expect(await summary('r1')).toBeNull();
        expect(await summary('r2')).toBe('Other: 0');
        await store.reset(projection.name, [collection]);
        await store.ensureCollections([collection]);
        expect(await summary('r2')).toBeNull();
      });

      it('keeps neither the writes nor the checkpoint of a batch whose handler throws', async () => {
        const { collection, projection, control } = makeCards(unique());
        await store.ensureCollections([collection]);
        await store.applyBatch(
          projection.name,
          1,
          [recorded(created('k1', 'Kept'))],
          projection.apply,
        );
        const before = await store.getCheckpoint(projection.name);
        control.failOnTitle = 'Poison';
        const failing = [
          recorded(pointsAdded('k1', 7)),
          recorded(created('k2', 'Poison')),
          recorded(pointsAdded('k1', 100)),
        ];
        await expect(
          store.applyBatch(projection.name, 1, failing, projection.apply),
        ).rejects.toThrow('refusing Poison');
        expect(await store.getCheckpoint(projection.name)).toEqual(before);
        expect(await store.collection<Card>(collection.name).get('k2')).toBeNull();

        // Resume from the checkpoint: every event is applied exactly once in the end.
        control.failOnTitle = null;
        await store.applyBatch(projection.name, 1, failing, projection.apply);
        const k1 = await store.collection<Card>(collection.name).get('k1');
        expect(k1).toMatchObject({ points: 107 });
        expect(await store.getCheckpoint(projection.name)).toEqual({
          position: failing.at(-1)!.position,
          version: 1,
        });
      });

      it('keeps the batches of other projections handed in together with one that throws', async () => {
        const good = makeCards(unique());
        const bad = makeCards(unique());
        const other = makeCards(unique());
        await store.ensureCollections([good.collection, bad.collection, other.collection]);
        bad.control.failOnTitle = 'Poison';
        const [kept, failed, alsoKept] = await Promise.allSettled([
          store.applyBatch(
            good.projection.name,
            1,
            [recorded(created('g1', 'Good'))],
            good.projection.apply,
          ),
          store.applyBatch(
            bad.projection.name,
            1,
            [recorded(created('b1', 'Fine')), recorded(created('b2', 'Poison'))],
            bad.projection.apply,
          ),
          store.saveCheckpoint(other.projection.name, 1, 42),
        ]);
        expect(kept.status).toBe('fulfilled');
        expect(failed.status).toBe('rejected');
        expect(alsoKept.status).toBe('fulfilled');
        expect(await store.collection<Card>(good.collection.name).get('g1')).toMatchObject({
          title: 'Good',
        });
        expect(await store.getCheckpoint(good.projection.name)).not.toBeNull();
        expect(await store.collection<Card>(bad.collection.name).get('b1')).toBeNull();
        expect(await store.getCheckpoint(bad.projection.name)).toBeNull();
        expect(await store.getCheckpoint(other.projection.name)).toEqual({
          position: 42,
          version: 1,
        });
      });
    });

    describe('checkpoints and leases', () => {
      it('moves a checkpoint forward only; another version starts again', async () => {
        const name = unique();
        await store.saveCheckpoint(name, 1, 10);
        await store.saveCheckpoint(name, 1, 4);
        expect(await store.getCheckpoint(name)).toEqual({ position: 10, version: 1 });
        await store.saveCheckpoint(name, 1, 10);
        expect(await store.getCheckpoint(name)).toEqual({ position: 10, version: 1 });
        await store.saveCheckpoint(name, 1, 12);
        expect(await store.getCheckpoint(name)).toEqual({ position: 12, version: 1 });
        await store.saveCheckpoint(name, 2, 3);
        expect(await store.getCheckpoint(name)).toEqual({ position: 3, version: 2 });
      });

      it('skips the events of a batch another runner has already applied', async () => {
        const { collection, projection } = makeCards(unique());
        await store.ensureCollections([collection]);
        const first = recorded(created('d1', 'Twice'));
        const second = recorded(pointsAdded('d1', 5));
        const third = recorded(pointsAdded('d1', 7));
        // One runner applied two events; another, behind it, hands in all three.
        await store.applyBatch(projection.name, 1, [first, second], projection.apply);
        await store.applyBatch(projection.name, 1, [first, second, third], projection.apply);
        expect(await store.collection<Card>(collection.name).get('d1')).toMatchObject({
          points: 12,
          appliedEvents: 3,
        });
        // A batch wholly behind the checkpoint changes nothing, and does not move it back.
        await store.applyBatch(projection.name, 1, [second], projection.apply);
        expect(await store.getCheckpoint(projection.name)).toEqual({
          position: third.position,
          version: 1,
        });
        expect(await store.collection<Card>(collection.name).get('d1')).toMatchObject({
          points: 12,
        });
      });

      it('gives a lease to one holder at a time, until it is released or expires', async () => {
        const name = unique();
        expect(await store.acquireLease(name, 'projector-a', 60_000)).toBe(true);
        expect(await store.acquireLease(name, 'projector-b', 60_000)).toBe(false);
        expect(await store.acquireLease(name, 'projector-a', 60_000)).toBe(true); // renewed
        await store.releaseLease(name, 'projector-b'); // not its to give back
        expect(await store.acquireLease(name, 'projector-b', 60_000)).toBe(false);
        await store.releaseLease(name, 'projector-a');
        expect(await store.acquireLease(name, 'projector-b', 300)).toBe(true);
        expect(await store.acquireLease(name, 'projector-a', 60_000)).toBe(false);
        // projector-b stops renewing: once its lease has run out, another may take it.
        await expect
          .poll(() => store.acquireLease(name, 'projector-a', 60_000), { timeout: 5000 })
          .toBe(true);
        expect(await store.acquireLease(name, 'projector-b', 60_000)).toBe(false);
      });
    });

    describe('the projection runner', () => {
      it('follows the log, survives a restart, and never double-applies an event', async () => {
        const { collection, projection } = makeCards(unique());
        await events.append('card-r1', [created('r1', 'Restart'), pointsAdded('r1', 1)], {
          expectedRevision: 'no_stream',
        });
        const first = await startRunner(projection);
        expect(await first.waitFor(await events.headPosition())).toBe(true);
        const appended = await events.append('card-r1', [pointsAdded('r1', 2)], {
          expectedRevision: 1,
        });
        expect(await first.waitFor(appended.position)).toBe(true);
        await first.stop();

        await events.append('card-r1', [pointsAdded('r1', 4)], { expectedRevision: 2 });
        const second = await startRunner(projection);
        expect(await second.waitFor(await events.headPosition())).toBe(true);
        const card = await store.collection<Card>(collection.name).get('r1');
        expect(card).toMatchObject({ points: 7, appliedEvents: 4 });
        const [status] = await second.statuses();
        expect(status).toMatchObject({ name: projection.name, lag: 0 });
      });

      it('reports a failing handler, retries from its checkpoint, and recovers exactly once', async () => {
        const { collection, projection, control } = makeCards(unique());
        control.failOnTitle = 'Poison';
        await events.append(
          'card-f1',
          [
            created('f1', 'Fine'),
            pointsAdded('f1', 5),
            created('f2', 'Poison'),
            pointsAdded('f1', 50),
          ],
          { expectedRevision: 'no_stream' },
        );
        const running = await startRunner(projection);
        await expect
          .poll(async () => (await running.statuses())[0], { timeout: 10_000 })
          .toMatchObject({ state: 'failing', lastError: 'refusing Poison' });
        expect((await running.statuses())[0]!.lag).toBeGreaterThan(0);

        control.failOnTitle = null;
        expect(await running.waitFor(await events.headPosition(), 10_000)).toBe(true);
        const cards = store.collection<Card>(collection.name);
        expect(await cards.get('f1')).toMatchObject({ points: 55, appliedEvents: 3 });
        expect(await cards.get('f2')).toMatchObject({ title: 'Poison' });
        await expect
          .poll(async () => (await running.statuses())[0]!.state, { timeout: 5000 })
          .toBe('live');
      });

      it('stops at once, even straight after starting', async () => {
        const { collection, projection } = makeCards(unique());
        const running = await startRunner(projection);
        await running.stop();
        await events.append('card-s1', [created('s1', 'After stop')], {
          expectedRevision: 'no_stream',
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await store.collection<Card>(collection.name).get('s1')).toBeNull();
        expect((await running.statuses())[0]!.state).toBe('stopped');
      });

      it('rebuilds a read model from zero to the same documents', async () => {
        const { collection, projection } = makeCards(unique());
        await events.append('card-b1', [created('b1', 'Rebuild me'), pointsAdded('b1', 3)], {
          expectedRevision: 'no_stream',
        });
        const running = await startRunner(projection);
        expect(await running.waitFor(await events.headPosition())).toBe(true);
        const cards = store.collection<Card>(collection.name);
        const before = await cards.find();
        await running.rebuild([projection.name]);
        expect(await running.waitFor(await events.headPosition())).toBe(true);
        expect(await cards.find()).toEqual(before);
        expect(await cards.get('b1')).toMatchObject({ points: 3, appliedEvents: 2 });
        await expect(running.rebuild(['no-such-projection'])).rejects.toThrow('Unknown projection');
      });

      it('rebuilds by itself when the projection version changes', async () => {
        const name = unique();
        const v1 = makeCards(name, 1);
        await events.append('card-v1', [created('v1', 'Versioned'), pointsAdded('v1', 2)], {
          expectedRevision: 'no_stream',
        });
        const first = await startRunner(v1.projection);
        expect(await first.waitFor(await events.headPosition())).toBe(true);
        await first.stop();

        const v2 = makeCards(name, 2);
        const second = await startRunner(v2.projection);
        expect(await second.waitFor(await events.headPosition())).toBe(true);
        expect(await store.getCheckpoint(name)).toMatchObject({ version: 2 });
        expect(await store.collection<Card>(v2.collection.name).get('v1')).toMatchObject({
          points: 2,
          appliedEvents: 2,
        });
      });
    });
  });
};

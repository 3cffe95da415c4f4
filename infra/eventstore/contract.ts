/**
 * The one contract every EventStore adapter passes. Tests use their own stream ids, so the suite
 * also runs against a shared server (KurrentDB in a container) without cleaning it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decider } from '@linkcoin/domain/shared/decider.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type {
  Command,
  Event,
  EventMetadata,
  RecordedEvent,
} from '@linkcoin/domain/shared/messages.ts';
import { createCommandHandler } from './command-handler.ts';
import {
  AppendOutcomeUnknownError,
  WrongExpectedRevisionError,
  withAppend,
  type EventStore,
  type EventToAppend,
} from './port.ts';

export type EventStoreFixture = Readonly<{ store: EventStore; dispose: () => Promise<void> }>;

const metadata = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  actorUserId: 'tester',
  correlationId: randomUUID(),
  causationId: null,
  schemaVersion: 1,
  timestamp: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const event = (type: string, data: object = {}): EventToAppend => ({
  type,
  data,
  metadata: metadata(),
});

const eventually = async (check: () => void, timeoutMs = 10_000): Promise<void> => {
  const started = performance.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (performance.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
};

// A counter: the smallest decider that makes concurrency visible.
type Counted = Event<'Counted', { by: string }>;
type Count = Command<'Count', { by: string }>;
const counter: Decider<number, Count, Counted> = {
  initialState: () => 0,
  evolve: (state) => state + 1,
  decide: (command) => ({ type: 'Counted', data: { by: command.data.by } }),
};
// The same events, decided from another command type: a key must not cross between the two.
type Tally = Command<'Tally', { by: string }>;
const tally: Decider<number, Tally, Counted> = {
  initialState: () => 0,
  evolve: (state) => state + 1,
  decide: (command) => ({ type: 'Counted', data: { by: command.data.by } }),
};
const countCommand = (by: string, idempotencyKey?: string): Count => ({
  type: 'Count',
  data: { by },
  metadata: {
    now: new Date('2026-01-01T00:00:00.000Z'),
    actorUserId: by,
    correlationId: randomUUID(),
    causationId: null,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  },
});

export const describeEventStoreContract = (
  adapter: string,
  setup: () => Promise<EventStoreFixture>,
): void => {
  describe(`EventStore contract: ${adapter}`, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;
    const stream = (name: string) => `contract${name}-${randomUUID()}`;

    beforeAll(async () => {
      fixture = await setup();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture?.dispose();
    });

    describe('append and read a stream', () => {
      it('creates a stream with "no stream" and reads it back in order with gapless revisions', async () => {
        const id = stream('create');
        const result = await store.append(id, [event('A', { n: 1 }), event('B', { n: 2 })], {
          expectedRevision: 'no_stream',
        });
        expect(result.nextExpectedRevision).toBe(1);
        const read = await store.readStream(id);
        expect(read.map((e) => [e.type, e.revision, e.data])).toEqual([
          ['A', 0, { n: 1 }],
          ['B', 1, { n: 2 }],
        ]);
        expect(read[1]!.position).toBeGreaterThan(read[0]!.position);
        expect(result.position).toBe(read[1]!.position);
        expect(read.every((e) => e.streamId === id)).toBe(true);
      });

      it('keeps the metadata of every event', async () => {
        const id = stream('meta');
        const meta = metadata({
          actorUserId: 'user-7',
          correlationId: 'corr-7',
          causationId: 'cause-7',
          schemaVersion: 3,
          idempotencyKey: 'key-7',
        });
        await store.append(id, [{ id: randomUUID(), type: 'A', data: {}, metadata: meta }], {
          expectedRevision: 'no_stream',
        });
        const [read] = await store.readStream(id);
        expect(read!.metadata).toEqual(meta);
      });

      it('keeps the event id given by the caller', async () => {
        const id = stream('eventid');
        const eventId = randomUUID();
        await store.append(id, [{ ...event('A'), id: eventId }], { expectedRevision: 'any' });
        expect((await store.readStream(id))[0]!.id).toBe(eventId);
      });

      it('answers an append retried with the same event ids with the first one, writing nothing', async () => {
        const id = stream('retried');
        await store.append(id, [event('Before')], { expectedRevision: 'no_stream' });
        const events = [
          { ...event('A'), id: randomUUID() },
          { ...event('B'), id: randomUUID() },
        ];
        const first = await store.append(id, events, { expectedRevision: 0 });
        const again = await store.append(id, events, { expectedRevision: 0 });
        const ids = (result: typeof first) => result.events.map((e) => [e.id, e.revision]);
        expect(again.nextExpectedRevision).toBe(2);
        expect(ids(again)).toEqual(ids(first));
        expect(await store.readStream(id)).toHaveLength(3);
        // Answered the same way once the stream has moved on.
        await store.append(id, [event('After')], { expectedRevision: 2 });
        const late = await store.append(id, events, { expectedRevision: 0 });
        expect(ids(late)).toEqual(ids(first));
        expect((await store.readStream(id)).map((e) => e.type)).toEqual([
          'Before',
          'A',
          'B',
          'After',
        ]);
      });

      it('answers an empty list for a stream that does not exist', async () => {
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      it('appends at the expected revision and refuses a stale one without appending', async () => {
        const id = stream('conflict');
        await store.append(id, [event('A')], { expectedRevision: 'no_stream' });
        await store.append(id, [event('B')], { expectedRevision: 0 });
        const stale = store.append(id, [event('C')], { expectedRevision: 0 });
        await expect(stale).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await expect(stale).rejects.toMatchObject({ streamId: id, expected: 0, actual: 1 });
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B']);
      });

      it('refuses "no stream" on an existing stream and a revision on a missing one', async () => {
        const id = stream('nostream');
        await store.append(id, [event('A')], { expectedRevision: 'no_stream' });
        await expect(
          store.append(id, [event('B')], { expectedRevision: 'no_stream' }),
        ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        const missing = stream('missing');
        await expect(
          store.append(missing, [event('A')], { expectedRevision: 0 }),
        ).rejects.toMatchObject({ actual: 'no_stream' });
        await expect(
          store.append(missing, [event('A')], { expectedRevision: 'stream_exists' }),
        ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(missing)).toEqual([]);
        expect(await store.readStream(id)).toHaveLength(1);
      });

      it('appends with "any" whatever the stream holds', async () => {
        const id = stream('any');
        await store.append(id, [event('A')], { expectedRevision: 'any' });
        await store.append(id, [event('B')], { expectedRevision: 'any' });
        await store.append(id, [event('C')], { expectedRevision: 'stream_exists' });
        expect((await store.readStream(id)).map((e) => e.revision)).toEqual([0, 1, 2]);
      });

      it('reads forwards and backwards from a revision with a limit', async () => {
        const id = stream('window');
        await store.append(
          id,
          Array.from({ length: 10 }, (_, n) => event('N', { n })),
          { expectedRevision: 'no_stream' },
        );
        const forwards = await store.readStream(id, { fromRevision: 3, maxCount: 4 });
        expect(forwards.map((e) => e.revision)).toEqual([3, 4, 5, 6]);
        const backwards = await store.readStream(id, {
          direction: 'backwards',
          fromRevision: 5,
          maxCount: 3,
        });
        expect(backwards.map((e) => e.revision)).toEqual([5, 4, 3]);
        const lastOne = await store.readStream(id, { direction: 'backwards', maxCount: 1 });
        expect(lastOne.map((e) => e.revision)).toEqual([9]);
      });

      it('round-trips large and unicode payloads unchanged', async () => {
        const id = stream('payload');
        const large = 'x'.repeat(1024 * 1024);
        const unicode = {
          text: 'Namaste नमस्ते, ¡hola!, مرحبا, 你好, emoji 👩🏽‍💻🎉, combining é, zero-width \u200d',
          nested: { list: [1, 2.5, -3, true, null, 'ß'], empty: {} },
        };
        await store.append(id, [event('Large', { large }), event('Unicode', unicode)], {
          expectedRevision: 'no_stream',
        });
        const [first, second] = await store.readStream(id);
        expect((first!.data as { large: string }).large).toHaveLength(large.length);
        expect(second!.data).toEqual(unicode);
      });
    });

    describe('the global log', () => {
      it('reads every event once, in position order, in pages', async () => {
        const before = await store.headPosition();
        const ids = [stream('pageA'), stream('pageB'), stream('pageC')];
        for (let round = 0; round < 4; round++) {
          for (const id of ids) {
            await store.append(id, [event('Paged', { round, id })], { expectedRevision: 'any' });
          }
        }
        const seen: RecordedEvent[] = [];
        let after = before;
        for (;;) {
          const page = await store.readAll({ after, maxCount: 5 });
          expect(page.events.length).toBeLessThanOrEqual(5);
          seen.push(...page.events);
          after = page.lastPosition;
          if (page.isEnd) break;
        }
        const ours = seen.filter((e) => ids.includes(e.streamId));
        expect(ours).toHaveLength(12);
        expect(ours.map((e) => (e.data as { round: number }).round)).toEqual([
          0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3,
        ]);
        const positions = seen.map((e) => e.position);
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
        expect(new Set(positions).size).toBe(positions.length);
        expect(await store.headPosition()).toBe(positions.at(-1));
      });

      it('counts the events after a position, up to a limit', async () => {
        const id = stream('counted');
        const appended = await store.append(
          id,
          Array.from({ length: 5 }, (_, n) => event('Counted', { n })),
          { expectedRevision: 'no_stream' },
        );
        const [first, , third] = appended.events;
        expect(await store.eventsAfter(first!.position, 100)).toBe(4);
        expect(await store.eventsAfter(third!.position, 100)).toBe(2);
        expect(await store.eventsAfter(appended.position, 100)).toBe(0);
        expect(await store.eventsAfter(first!.position, 3)).toBe(3);
        expect(await store.eventsAfter(null, 2)).toBe(2);
      });

      it('catches up, then delivers live appends, then resumes from a checkpoint', async () => {
        const before = await store.headPosition();
        const id = stream('subscribe');
        await store.append(id, [event('Old', { n: 1 }), event('Old', { n: 2 })], {
          expectedRevision: 'no_stream',
        });
        const received: RecordedEvent[] = [];
        const first = store.subscribeToAll({
          after: before,
          onEvents: async (events) => {
            received.push(...events.filter((e) => e.streamId === id));
          },
        });
        await eventually(() => expect(received).toHaveLength(2));
        await eventually(() => expect(first.isLive()).toBe(true));
        await store.append(id, [event('New', { n: 3 })], { expectedRevision: 1 });
        await eventually(() => expect(received.map((e) => e.type)).toEqual(['Old', 'Old', 'New']));
        await first.stop();
        const checkpoint = received.at(-1)!.position;

        await store.append(id, [event('WhileAway', { n: 4 })], { expectedRevision: 2 });
        const resumed: RecordedEvent[] = [];
        const second = store.subscribeToAll({
          after: checkpoint,
          onEvents: async (events) => {
            resumed.push(...events.filter((e) => e.streamId === id));
          },
        });
        await store.append(id, [event('Later', { n: 5 })], { expectedRevision: 3 });
        await eventually(() => expect(resumed.map((e) => e.type)).toEqual(['WhileAway', 'Later']));
        await second.stop();
      });

      it('ends a subscription whose handler throws, and a resumed one gets the event again', async () => {
        const before = await store.headPosition();
        const id = stream('throwing');
        await store.append(id, [event('Fine'), event('Poison'), event('After')], {
          expectedRevision: 'no_stream',
        });
        let checkpoint = before;
        const failing = store.subscribeToAll({
          after: before,
          maxBatchSize: 1,
          onEvents: async (events) => {
            for (const e of events) {
              if (e.streamId === id && e.type === 'Poison') throw new Error('handler failed');
              checkpoint = e.position;
            }
          },
        });
        await expect(failing.done).rejects.toThrow('handler failed');
        const again: string[] = [];
        const resumed = store.subscribeToAll({
          after: checkpoint,
          onEvents: async (events) => {
            again.push(...events.filter((e) => e.streamId === id).map((e) => e.type));
          },
        });
        await eventually(() => expect(again).toEqual(['Poison', 'After']));
        await resumed.stop();
      });
    });

    describe('concurrency and the command handler', () => {
      it('lets exactly one of many concurrent appenders win each revision', async () => {
        const id = stream('race');
        await store.append(id, [event('Start')], { expectedRevision: 'no_stream' });
        const attempts = await Promise.allSettled(
          Array.from({ length: 20 }, (_, n) =>
            store.append(id, [event('Racer', { n })], { expectedRevision: 0 }),
          ),
        );
        expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
        const losers = attempts.filter((a) => a.status === 'rejected');
        expect(losers).toHaveLength(19);
        for (const loser of losers) {
          expect((loser as PromiseRejectedResult).reason).toBeInstanceOf(
            WrongExpectedRevisionError,
          );
        }
        expect(await store.readStream(id)).toHaveLength(2);
      });

      it('retries conflicting commands until every one of them succeeds', async () => {
        const id = stream('retry');
        const { handle } = createCommandHandler(store, { maxRetries: 50 });
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, n) => handle(counter, id, countCommand(`user-${n}`))),
        );
        expect(results.every((r) => !r.alreadyHandled)).toBe(true);
        const read = await store.readStream(id);
        expect(read.map((e) => e.revision)).toEqual(Array.from({ length: 20 }, (_, n) => n));
        expect(new Set(read.map((e) => (e.data as { by: string }).by)).size).toBe(20);
        expect(Math.max(...results.map((r) => r.state))).toBe(20);
      });

      it('decides on events other writers appended since its last command', async () => {
        const id = stream('elsewhere');
        const here = createCommandHandler(store).handle;
        const elsewhere = createCommandHandler(store).handle; // another process: its own cache
        expect((await here(counter, id, countCommand('a'))).state).toBe(1);
        expect((await elsewhere(counter, id, countCommand('b'))).state).toBe(2);
        await store.append(id, [{ type: 'Counted', data: { by: 'raw' }, metadata: metadata() }], {
          expectedRevision: 1,
        });
        const third = await here(counter, id, countCommand('c'));
        expect(third.state).toBe(4);
        expect(third.nextExpectedRevision).toBe(3);
        const duplicate = await elsewhere(counter, id, countCommand('d', 'only-once'));
        const retried = await here(counter, id, countCommand('d', 'only-once'));
        expect(retried.alreadyHandled).toBe(true);
        expect(retried.events.map((e) => e.id)).toEqual(duplicate.events.map((e) => e.id));
        expect(await store.readStream(id)).toHaveLength(5);
      });

      it('returns the earlier result for an idempotency key already handled', async () => {
        const id = stream('idempotent');
        const { handle } = createCommandHandler(store);
        const first = await handle(counter, id, countCommand('alice', 'purchase-1'));
        const again = await handle(counter, id, countCommand('alice', 'purchase-1'));
        const other = await handle(counter, id, countCommand('alice', 'purchase-2'));
        expect(first.alreadyHandled).toBe(false);
        expect(again.alreadyHandled).toBe(true);
        expect(again.events.map((e) => e.id)).toEqual(first.events.map((e) => e.id));
        expect(other.alreadyHandled).toBe(false);
        const read = await store.readStream(id);
        expect(read).toHaveLength(2);
        expect(read[0]!.metadata.idempotencyKey).toBe('purchase-1');
      });

      it('refuses a key already used with another payload, and appends nothing', async () => {
        const id = stream('key-payload');
        const { handle } = createCommandHandler(store);
        await handle(counter, id, countCommand('alice', 'reset-password-1'));
        const replay = handle(counter, id, countCommand('mallory', 'reset-password-1'));
        await expect(replay).rejects.toBeInstanceOf(DomainError);
        await expect(replay).rejects.toMatchObject({ kind: 'unprocessable' });
        expect(await store.readStream(id)).toHaveLength(1);
      });

      it('refuses a key already used by another command type on the stream', async () => {
        const id = stream('key-type');
        const { handle } = createCommandHandler(store);
        await handle(counter, id, countCommand('alice', 'send-otp-key'));
        const other: Tally = { ...countCommand('alice', 'send-otp-key'), type: 'Tally' };
        await expect(handle(tally, id, other)).rejects.toMatchObject({ kind: 'unprocessable' });
        expect(await store.readStream(id)).toHaveLength(1);
      });

      it('refuses a key found on events written before keys were bound to a command', async () => {
        const id = stream('key-legacy');
        const legacy = metadata({ idempotencyKey: 'legacy-key' });
        await store.append(id, [{ type: 'Counted', data: { by: 'alice' }, metadata: legacy }], {
          expectedRevision: 'no_stream',
        });
        const { handle } = createCommandHandler(store);
        await expect(
          handle(counter, id, countCommand('alice', 'legacy-key')),
        ).rejects.toMatchObject({ kind: 'unprocessable' });
        expect(await store.readStream(id)).toHaveLength(1);
      });

      it('queues commands for one stream in a process instead of failing them', async () => {
        const id = stream('queue');
        // No retries at all: only queueing can make fifty concurrent commands succeed.
        const { handle } = createCommandHandler(store, { maxRetries: 0 });
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, n) => handle(counter, id, countCommand(`user-${n}`))),
        );
        expect(results.map((r) => r.state).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 50 }, (_, n) => n + 1),
        );
        expect(await store.readStream(id)).toHaveLength(50);
      });

      it('retries an append whose answer was lost as it was, and writes it once', async () => {
        const id = stream('lost-answer');
        let lose = 2;
        const lossy = withAppend(store, async (streamId, events, options) => {
          const result = await store.append(streamId, events, options);
          if (lose-- > 0) {
            throw new AppendOutcomeUnknownError(streamId, new Error('deadline exceeded'));
          }
          return result;
        });
        const { handle } = createCommandHandler(lossy);
        const keyed = await handle(counter, id, countCommand('alice', 'lost-answer-key'));
        expect(keyed.alreadyHandled).toBe(false);
        lose = 1;
        const keyless = await handle(counter, id, countCommand('bob'));
        const read = await store.readStream(id);
        expect(read.map((e) => e.id)).toEqual([keyed.events[0]!.id, keyless.events[0]!.id]);
        expect(keyless.state).toBe(2);
      });

      it('handles the same idempotency key sent concurrently exactly once', async () => {
        const id = stream('idempotent-race');
        const { handle } = createCommandHandler(store, { maxRetries: 50 });
        const results = await Promise.all(
          Array.from({ length: 10 }, () =>
            handle(counter, id, countCommand('bob', 'double-click')),
          ),
        );
        expect(results.filter((r) => !r.alreadyHandled)).toHaveLength(1);
        expect(await store.readStream(id)).toHaveLength(1);
      });
    });
  });
};

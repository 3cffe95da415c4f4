/**
 * The command handler's idempotency keys: a command sent again with its key is answered with
 * the events its first sending appended, however many keyed commands the stream took since and
 * whether or not the stream's state was loaded meanwhile; the same key with other data is
 * refused; nothing is appended twice.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Decider } from '@linkcoin/domain/shared/decider.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import { createCommandHandler } from './command-handler.ts';
import { withAppend } from './port.ts';
import { SqliteEventStore } from './sqlite.ts';

type Add = { type: 'Add'; data: { amount: number }; metadata: CommandMetadata };
type Added = { type: 'Added'; data: { amount: number } };

const counter: Decider<number, Add, Added> = {
  initialState: () => 0,
  decide: (command) => ({ type: 'Added', data: { amount: command.data.amount } }),
  evolve: (total, event) => total + event.data.amount,
};

const add = (amount: number, idempotencyKey: string): Add => ({
  type: 'Add',
  data: { amount },
  metadata: {
    now: new Date('2026-11-27T12:00:00.000Z'),
    actorUserId: 'tester',
    correlationId: `correlation-${idempotencyKey}`,
    causationId: null,
    idempotencyKey,
  },
});

describe('idempotency keys of the command handler', () => {
  const eventStore = new SqliteEventStore({ path: ':memory:' });
  afterAll(() => eventStore.close());

  it('answers a key sent again with its first events, after many keyed commands and loads', async () => {
    const commands = createCommandHandler(eventStore);
    const first = await commands.handle(counter, 'counter-1', add(5, 'key-0'));
    expect(first.alreadyHandled).toBe(false);
    for (let i = 1; i <= 50; i++) {
      // A load beside each command reads the same events the command appended.
      const [handled] = await Promise.all([
        commands.handle(counter, 'counter-1', add(1, `key-${i}`)),
        commands.load(counter, 'counter-1'),
      ]);
      expect(handled.alreadyHandled).toBe(false);
    }
    const again = await commands.handle(counter, 'counter-1', add(5, 'key-0'));
    expect(again.alreadyHandled).toBe(true);
    expect(again.events.map((event) => event.id)).toEqual(first.events.map((event) => event.id));
    const middle = await commands.handle(counter, 'counter-1', add(1, 'key-25'));
    expect(middle.alreadyHandled).toBe(true);
    expect(middle.events).toHaveLength(1);
    expect((await commands.load(counter, 'counter-1')).state).toBe(55);
    expect(await eventStore.readStream('counter-1')).toHaveLength(51);
  });

  it('remembers an event once when a load reads it before its own command is answered', async () => {
    // The second append is held after it is written: meanwhile a load reads the new event.
    let hold = false;
    let written: () => void = () => undefined;
    const isWritten = new Promise<void>((resolve) => (written = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = withAppend(
      eventStore,
      async (streamId, events, options) => {
        const result = await eventStore.append(streamId, events, options);
        if (hold) {
          written();
          await released;
        }
        return result;
      },
      { close: async () => undefined },
    );
    const commands = createCommandHandler(held);
    await commands.handle(counter, 'counter-3', add(1, 'key-x'));
    hold = true;
    const pending = commands.handle(counter, 'counter-3', add(2, 'key-y'));
    await isWritten;
    expect((await commands.load(counter, 'counter-3')).state).toBe(3);
    release();
    const answered = await pending;
    expect(answered.alreadyHandled).toBe(false);
    const again = await commands.handle(counter, 'counter-3', add(2, 'key-y'));
    expect(again.alreadyHandled).toBe(true);
    expect(again.events).toHaveLength(1);
  });

  it('finds the keys again from the store when the stream is not cached', async () => {
    const writer = createCommandHandler(eventStore);
    const first = await writer.handle(counter, 'counter-2', add(3, 'key-a'));
    await writer.handle(counter, 'counter-2', add(4, 'key-b'));
    const fresh = createCommandHandler(eventStore);
    const again = await fresh.handle(counter, 'counter-2', add(3, 'key-a'));
    expect(again.alreadyHandled).toBe(true);
    expect(again.events.map((event) => event.id)).toEqual(first.events.map((event) => event.id));
    await expect(fresh.handle(counter, 'counter-2', add(9, 'key-b'))).rejects.toBeInstanceOf(
      DomainError,
    );
    expect((await fresh.load(counter, 'counter-2')).state).toBe(7);
  });
});

describe("a stream's state told without waiting (loadIfCurrent)", () => {
  it('answers the cached state only while a sole-writer store knows nothing newer', async () => {
    const store = new SqliteEventStore({ path: ':memory:', soleWriter: true });
    try {
      const reader = createCommandHandler(store);
      const writer = createCommandHandler(store);
      expect(reader.loadIfCurrent(counter, 'counter-3')).toBeUndefined(); // nothing cached
      await writer.handle(counter, 'counter-3', add(2, 'key-1'));
      expect((await reader.load(counter, 'counter-3')).state).toBe(2);
      expect(reader.loadIfCurrent(counter, 'counter-3')).toMatchObject({ state: 2, revision: 0 });
      // Another handler appends through the same store: the cached state is behind.
      await writer.handle(counter, 'counter-3', add(5, 'key-2'));
      expect(reader.loadIfCurrent(counter, 'counter-3')).toBeUndefined();
      expect((await reader.load(counter, 'counter-3')).state).toBe(7);
      expect(reader.loadIfCurrent(counter, 'counter-3')).toMatchObject({ state: 7, revision: 1 });
      // Its own command keeps its cache current.
      await reader.handle(counter, 'counter-3', add(1, 'key-3'));
      expect(reader.loadIfCurrent(counter, 'counter-3')).toMatchObject({ state: 8, revision: 2 });
    } finally {
      store.close();
    }
  });

  it('always waits for a read when the store may have other writers', async () => {
    const store = new SqliteEventStore({ path: ':memory:' });
    try {
      const commands = createCommandHandler(store);
      await commands.handle(counter, 'counter-4', add(2, 'key-1'));
      expect((await commands.load(counter, 'counter-4')).state).toBe(2);
      expect(commands.loadIfCurrent(counter, 'counter-4')).toBeUndefined();
      // Nor does a store whose appends go elsewhere (another process's writer) claim to know.
      const forwarded = createCommandHandler(withAppend(store, (...args) => store.append(...args)));
      await forwarded.load(counter, 'counter-4');
      expect(forwarded.loadIfCurrent(counter, 'counter-4')).toBeUndefined();
    } finally {
      store.close();
    }
  });
});

import { asEventList, evolveAll, type Decider } from '@linkcoin/domain/shared/decider.ts';
import { keyReused } from '@linkcoin/domain/shared/idempotency.ts';
import type {
  Command,
  Event,
  EventMetadata,
  RecordedEvent,
} from '@linkcoin/domain/shared/messages.ts';
import { eventIdsFor } from './event-ids.ts';
import { fingerprintOf } from './fingerprint.ts';
import {
  AppendOutcomeUnknownError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
} from './port.ts';

export type CommandResult<State, E extends Event> = Readonly<{
  /** The events this command appended, or those a retry with the same key had appended. */
  events: readonly RecordedEvent<E>[];
  /** The stream's state after the decision. */
  state: State;
  /** The revision to expect next; -1 when the stream still has no events. */
  nextExpectedRevision: number;
  /** The global position of the last event, for read-your-writes; null when nothing exists. */
  position: number | null;
  /**
   * True when the idempotency key had already been handled, for this very command and payload,
   * and nothing was appended. Callers that must know whether THIS call changed something (a
   * verification consumed, a code issued) check this, never only the events.
   */
  alreadyHandled: boolean;
}>;

export type LoadedState<State> = Readonly<{
  state: State;
  /** -1 when the stream has no events. */
  revision: number;
  position: number | null;
}>;

/** Decides commands against streams, and reads a stream's current state the same way. */
export type CommandHandler = Readonly<{
  handle: <State, C extends Command, E extends Event>(
    decider: Decider<State, C, E>,
    streamId: string,
    command: C,
  ) => Promise<CommandResult<State, E>>;
  /** The stream's state now, folded by the decider (cached, so cheap to call per request). */
  load: <State, E extends Event>(
    decider: Pick<Decider<State, never, E>, 'evolve' | 'evolveAll' | 'initialState'>,
    streamId: string,
  ) => Promise<LoadedState<State>>;
  /**
   * The stream's state now when it can be told without waiting: the cached state, when the
   * store knows for certain that the stream has nothing newer (`EventStore.knownHead`);
   * undefined otherwise (then `load`). Lets a request that only checks an account go on in the
   * same turn of the event loop.
   */
  loadIfCurrent: <State, E extends Event>(
    decider: Pick<Decider<State, never, E>, 'evolve' | 'evolveAll' | 'initialState'>,
    streamId: string,
  ) => LoadedState<State> | undefined;
}>;

export type CommandHandlerOptions = Readonly<{
  /** Attempts after a concurrency conflict before the conflict is returned to the caller. */
  maxRetries?: number;
  /**
   * Attempts of the very same append (same event ids, same expected revision) after one whose
   * answer never came (`AppendOutcomeUnknownError`); the store answers a retry of an append it
   * had written with that append. Default 3.
   */
  maxUnknownOutcomeRetries?: number;
  /** Streams whose folded state is kept in memory (least recently used go first); 0 disables. */
  cacheSize?: number;
}>;

/**
 * The folded state of a stream up to a revision, and the events of each idempotency key seen
 * in it. Deciders are pure and never mutate state, so a cached state can be shared safely.
 */
/**
 * A stream's idempotency keys and the events each produced. One per cached stream, shared by its
 * successive snapshots and only ever added to: each key it holds is a fact of the stream (events
 * appended), so a snapshot of an earlier revision may see a later key and answer what the stream
 * holds. Copying it at every command cost each command time in proportion to the keyed commands
 * its stream had ever taken (a brand's wallet: one per add to a list).
 */
class StreamKeys {
  readonly #events = new Map<string, RecordedEvent[]>();
  /** The last revision remembered: an event read again (a load beside a command) is not added twice. */
  #upTo = -1;

  get(key: string): readonly RecordedEvent[] | undefined {
    return this.#events.get(key);
  }

  remember(events: readonly RecordedEvent[]): void {
    for (const event of events) {
      if (event.revision <= this.#upTo) continue;
      this.#upTo = event.revision;
      const key = event.metadata.idempotencyKey;
      if (key === undefined) continue;
      // A new array: one a command answered (`alreadyHandled`) is never changed afterwards.
      this.#events.set(key, [...(this.#events.get(key) ?? []), event]);
    }
  }
}

type StreamSnapshot = {
  decider: object;
  state: unknown;
  revision: number;
  position: number | null;
  keys: StreamKeys;
};

/** A small LRU: a Map keeps insertion order, so the first key is the least recently used. */
class SnapshotCache {
  readonly #entries = new Map<string, StreamSnapshot>();
  readonly #capacity: number;
  constructor(capacity: number) {
    this.#capacity = capacity;
  }
  get(streamId: string, decider: object): StreamSnapshot | undefined {
    const entry = this.#entries.get(streamId);
    if (!entry || entry.decider !== decider) return undefined;
    this.#entries.delete(streamId);
    this.#entries.set(streamId, entry);
    return entry;
  }
  set(streamId: string, entry: StreamSnapshot): void {
    if (this.#capacity <= 0) return;
    this.#entries.delete(streamId);
    this.#entries.set(streamId, entry);
    if (this.#entries.size > this.#capacity) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
  }
}

/** What an idempotency key stands for: the command's type and data, not who or when. */
export const commandFingerprint = (command: Command): string =>
  fingerprintOf(command.type, command.data);

const metadataFor = <C extends Command>(
  command: C,
  schemaVersion: number,
  fingerprint: string | undefined,
): EventMetadata => ({
  actorUserId: command.metadata.actorUserId,
  correlationId: command.metadata.correlationId,
  causationId: command.metadata.causationId,
  schemaVersion,
  timestamp: command.metadata.now.toISOString(),
  ...(command.metadata.idempotencyKey
    ? { idempotencyKey: command.metadata.idempotencyKey, idempotencyFingerprint: fingerprint }
    : {}),
});

/**
 * Runs work one at a time per key, in arrival order: commands for one stream queue in this
 * process instead of racing each other into concurrency conflicts. Conflicts with other
 * processes are still possible and retried.
 */
class KeyedQueue {
  readonly #tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key);
    const result = previous ? previous.then(work) : work();
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Appends, retrying the same append as it was while its outcome is unknown. */
const appendSurely = async (
  eventStore: EventStore,
  streamId: string,
  events: readonly EventToAppend[],
  expectedRevision: ExpectedRevision,
  retries: number,
): Promise<AppendResult> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await eventStore.append(streamId, events, { expectedRevision });
    } catch (error) {
      if (!(error instanceof AppendOutcomeUnknownError) || attempt >= retries) throw error;
      await pause(50 * 2 ** attempt);
    }
  }
};

/**
 * Reads a stream, folds it, decides, and appends with the expected revision. Commands for one
 * stream queue in this process; on a concurrency conflict with another process it re-reads and
 * decides again (bounded, with jittered back-off). A command whose idempotency key is already in
 * the stream returns the earlier events and appends nothing, but only when the key was first used
 * for the same command type and data: the same key with anything else is refused (422), so a key
 * never stands in for a decision it was not given.
 */
export const createCommandHandler = (
  eventStore: EventStore,
  options: CommandHandlerOptions = {},
): CommandHandler => {
  const maxRetries = options.maxRetries ?? 10;
  const unknownOutcomeRetries = options.maxUnknownOutcomeRetries ?? 3;
  const cache = new SnapshotCache(options.cacheSize ?? 2000);
  const queue = new KeyedQueue();

  /** The stream's current state: the cached snapshot plus the events appended since. */
  const snapshotOf = async <State, E extends Event>(
    decider: Pick<Decider<State, never, E>, 'evolve' | 'evolveAll' | 'initialState'>,
    streamId: string,
  ): Promise<StreamSnapshot> => {
    const cached = cache.get(streamId, decider);
    const fromRevision = cached ? cached.revision + 1 : 0;
    // A stream holds only its decider's events, so the cast is what the stream guarantees.
    const newer = (await eventStore.readStream(streamId, {
      fromRevision,
    })) as readonly RecordedEvent<E>[];
    if (cached && newer.length === 0) return cached;
    const keys = cached?.keys ?? new StreamKeys();
    keys.remember(newer);
    const snapshot: StreamSnapshot = {
      decider,
      state: evolveAll(decider, (cached?.state as State) ?? decider.initialState(), newer),
      revision: newer.at(-1)?.revision ?? cached?.revision ?? -1,
      position: newer.at(-1)?.position ?? cached?.position ?? null,
      keys,
    };
    cache.set(streamId, snapshot);
    return snapshot;
  };

  const decideAndAppend = async <State, C extends Command, E extends Event>(
    decider: Decider<State, C, E>,
    streamId: string,
    command: C,
  ): Promise<CommandResult<State, E>> => {
    const key = command.metadata.idempotencyKey;
    const fingerprint = key === undefined ? undefined : commandFingerprint(command);
    for (let attempt = 0; ; attempt++) {
      const snapshot = await snapshotOf(decider, streamId);
      const state = snapshot.state as State;
      const earlier = key === undefined ? undefined : snapshot.keys.get(key);
      if (earlier) {
        // Events written before keys were bound carry no fingerprint: they match nothing.
        if (earlier.some((event) => event.metadata.idempotencyFingerprint !== fingerprint)) {
          throw keyReused();
        }
        return {
          events: earlier as unknown as readonly RecordedEvent<E>[],
          state,
          nextExpectedRevision: snapshot.revision,
          position: earlier.at(-1)?.position ?? null,
          alreadyHandled: true,
        };
      }
      const decided = asEventList(decider.decide(command, state));
      if (decided.length === 0) {
        return {
          events: [],
          state,
          nextExpectedRevision: snapshot.revision,
          position: snapshot.position,
          alreadyHandled: false,
        };
      }
      const ids = eventIdsFor(
        {
          streamId,
          correlationId: command.metadata.correlationId,
          ...(key === undefined ? {} : { idempotencyKey: key }),
        },
        decided.length,
      );
      const toAppend: EventToAppend[] = decided.map((event, index) => ({
        id: ids[index]!,
        type: event.type,
        data: event.data,
        metadata: metadataFor(
          command,
          decider.schemaVersions?.[event.type as E['type']] ?? 1,
          fingerprint,
        ),
      }));
      const expectedRevision: ExpectedRevision =
        snapshot.revision >= 0 ? snapshot.revision : 'no_stream';
      try {
        const appended = await appendSurely(
          eventStore,
          streamId,
          toAppend,
          expectedRevision,
          unknownOutcomeRetries,
        );
        const recorded = appended.events as readonly RecordedEvent<E>[];
        const nextState = evolveAll(decider, state, decided);
        const { keys } = snapshot;
        keys.remember(recorded);
        cache.set(streamId, {
          decider,
          state: nextState,
          revision: appended.nextExpectedRevision,
          position: appended.position,
          keys,
        });
        return {
          events: recorded,
          state: nextState,
          nextExpectedRevision: appended.nextExpectedRevision,
          position: appended.position,
          alreadyHandled: false,
        };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= maxRetries) throw error;
        await pause(Math.random() * Math.min(50, 2 ** attempt));
      }
    }
  };

  const handle = <State, C extends Command, E extends Event>(
    decider: Decider<State, C, E>,
    streamId: string,
    command: C,
  ): Promise<CommandResult<State, E>> =>
    queue.run(streamId, () => decideAndAppend(decider, streamId, command));

  const load = async <State, E extends Event>(
    decider: Pick<Decider<State, never, E>, 'evolve' | 'evolveAll' | 'initialState'>,
    streamId: string,
  ): Promise<LoadedState<State>> => {
    const snapshot = await snapshotOf(decider, streamId);
    return {
      state: snapshot.state as State,
      revision: snapshot.revision,
      position: snapshot.position,
    };
  };

  const loadIfCurrent = <State, E extends Event>(
    decider: Pick<Decider<State, never, E>, 'evolve' | 'evolveAll' | 'initialState'>,
    streamId: string,
  ): LoadedState<State> | undefined => {
    const cached = cache.get(streamId, decider);
    if (!cached || eventStore.knownHead?.(streamId) !== cached.revision) return undefined;
    // The snapshot holds the loaded state's fields (and more the caller does not see).
    return cached as LoadedState<State>;
  };

  return { handle, load, loadIfCurrent };
};

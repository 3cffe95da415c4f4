import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { LogSource } from '../eventstore/log-dispatcher.ts';
import type { AllSubscription, EventStore } from '../eventstore/port.ts';
import type { Logger } from '../shared/logger.ts';
import type { CollectionDefinition, ProjectionTransaction, ReadStore } from './port.ts';

/** A read model: the collections it owns and how each event changes them. */
export type Projection = Readonly<{
  name: string;
  /** Bump when `apply` or the collections change: the read model is then rebuilt from zero. */
  version: number;
  collections: readonly CollectionDefinition[];
  /** The event types `apply` reads; other events only move the checkpoint. */
  eventTypes: readonly string[];
  apply: (event: RecordedEvent, tx: ProjectionTransaction) => Promise<void> | void;
  /**
   * `apply` reads with `get` alone (no `find`): rebuilding from zero, it may apply a batch while
   * the store writes the one before (ReadStore.applyBatchAhead), the fold and the writes on two
   * cores.
   */
  rebuildsAhead?: boolean;
}>;

export type ProjectionState = 'starting' | 'catching_up' | 'live' | 'failing' | 'stopped';

export type ProjectionStatus = Readonly<{
  name: string;
  state: ProjectionState;
  position: number | null;
  head: number | null;
  /**
   * How many events of the log it has still to apply, counted up to `LAG_COUNTED_UP_TO` (a lag
   * of that many means at least that many); events on every event store.
   */
  lag: number;
  lastError?: string;
}>;

type Running = {
  projection: Projection;
  state: ProjectionState;
  position: number | null;
  lastError?: string;
  subscription?: AllSubscription;
  loop?: Promise<void>;
  stopping: boolean;
  /** A rebuild from zero whose query-only indexes wait for it to catch up (deferIndexes). */
  indexesDeferred: boolean;
  building?: Promise<void>;
  /** The commit of the batch applied ahead (applyBatchAhead), telling its position once done. */
  ahead?: Promise<void>;
};

export type ProjectionRunnerOptions = Readonly<{
  eventStore: EventStore;
  /**
   * Where the log is read from: the process's log dispatcher (one reader for every consumer),
   * else a subscription to the store per projection.
   */
  log?: LogSource;
  readStore: ReadStore;
  projections: readonly Projection[];
  logger: Logger;
  /**
   * The most events a batch holds (one read-store transaction) when the runner reads the store
   * itself (no `log`; the dispatcher sets its own pages): a projection catching up applies pages
   * this large, live ones what each append brings.
   */
  maxBatchSize?: number;
  /** Delay before retrying a failed batch; grows with consecutive failures. */
  retryDelayMs?: (attempt: number) => number;
}>;

const defaultRetryDelay = (attempt: number) => Math.min(30_000, 250 * 2 ** attempt);

/**
 * Events per batch while catching up: fewer, larger read-store transactions (each commit writes
 * its pages and a text-index segment once) for a few MB of events in memory.
 */
const DEFAULT_BATCH = 2000;

/** Lags are counted event by event up to here (a read of the log, on KurrentDB). */
export const LAG_COUNTED_UP_TO = 10_000;

/**
 * Each position's lag in events behind the log's head, counted once per distinct position
 * (live projections share theirs).
 */
export const lagsOf = async (
  eventStore: Pick<EventStore, 'eventsAfter'>,
  positions: readonly (number | null)[],
): Promise<number[]> => {
  const counted = new Map<number | null, Promise<number>>();
  return Promise.all(
    positions.map((position) => {
      let lag = counted.get(position);
      if (!lag) counted.set(position, (lag = eventStore.eventsAfter(position, LAG_COUNTED_UP_TO)));
      return lag;
    }),
  );
};

/**
 * Follows the global log from each projection's checkpoint. Each batch of events is applied
 * together with the new checkpoint (see ReadStore.applyBatch); a failing batch is retried with
 * back-off from the stored checkpoint, so nothing is skipped and nothing applied twice.
 */
export class ProjectionRunner {
  readonly #options: ProjectionRunnerOptions;
  readonly #running = new Map<string, Running>();
  /** Callers of waitFor, each with the position it waits for. */
  readonly #waiters = new Set<{ position: number; done: (reached: boolean) => void }>();
  readonly #listeners = new Set<(position: number) => void>();
  #lastTold: number | null = null;

  constructor(options: ProjectionRunnerOptions) {
    const names = options.projections.map((p) => p.name);
    if (new Set(names).size !== names.length) throw new Error('Projection names must be unique');
    this.#options = options;
  }

  get projections(): readonly Projection[] {
    return this.#options.projections;
  }

  /** Prepares every read model (rebuilding those whose version changed) and starts following. */
  async start(): Promise<void> {
    for (const projection of this.#options.projections) await this.#startOne(projection);
  }

  async #startOne(projection: Projection): Promise<void> {
    const { readStore, logger } = this.#options;
    const checkpoint = await readStore.getCheckpoint(projection.name);
    let fromZero = checkpoint === null;
    if (checkpoint && checkpoint.version !== projection.version) {
      logger.info(
        { projection: projection.name, from: checkpoint.version, to: projection.version },
        'projection version changed: rebuilding from zero',
      );
      await readStore.reset(projection.name, projection.collections);
      fromZero = true;
    }
    await readStore.ensureCollections(projection.collections);
    // From zero, the indexes that only serve queries are built once the log is applied (by
    // sorting), not entry by entry (a store that cannot leaves them; one that finds the
    // collections not empty too).
    const indexesDeferred = fromZero && readStore.deferIndexes !== undefined;
    if (indexesDeferred) await readStore.deferIndexes!(projection.collections);
    const running: Running = {
      projection,
      state: 'starting',
      position: null,
      stopping: false,
      indexesDeferred,
    };
    this.#running.set(projection.name, running);
    running.loop = this.#follow(running);
  }

  async #follow(running: Running): Promise<void> {
    const { eventStore, readStore, logger } = this.#options;
    const log = this.#options.log ?? eventStore;
    const retryDelay = this.#options.retryDelayMs ?? defaultRetryDelay;
    const { projection } = running;
    const types = new Set(projection.eventTypes);
    const apply = (event: RecordedEvent, tx: ProjectionTransaction) =>
      types.has(event.type) ? projection.apply(event, tx) : undefined;
    // A rebuild from zero that has applied the log up to its head builds its indexes before its
    // position is told: read-your-writes then finds them.
    const indexesWhenCaughtUp = async (position: number) => {
      if (!running.indexesDeferred) return;
      const head = await eventStore.headPosition();
      if (head === null || position >= head) {
        await settleAhead();
        await this.#buildIndexes(running);
      }
    };
    let failures = 0;
    /** A batch's position told (once it is in the store). */
    const applied = (position: number) => {
      running.position = position;
      running.state = 'catching_up';
      delete running.lastError;
      failures = 0;
      this.#notify();
    };
    /** Waits for the batch applied ahead, if any, to be committed (its failure is thrown). */
    const settleAhead = async () => {
      const ahead = running.ahead;
      running.ahead = undefined;
      await ahead;
    };
    // Rebuilding from zero, a projection that reads with `get` alone applies each batch while
    // the store writes the one before: at most one batch is ahead of the store, and a position
    // is told only once its batch is committed.
    const applyAhead = async (events: readonly RecordedEvent[]) => {
      const position = events.at(-1)!.position;
      const { committed } = await readStore.applyBatchAhead!(
        projection.name,
        projection.version,
        events,
        apply,
      );
      // The batch that reaches the log's head has the indexes built before its position is
      // told (as indexesWhenCaughtUp does).
      const head = await eventStore.headPosition();
      const caughtUp = head === null || position >= head;
      const before = running.ahead;
      const ahead = committed.then(() => {
        if (!caughtUp) applied(position);
      });
      ahead.catch(() => undefined); // thrown where it is awaited (settleAhead)
      running.ahead = ahead;
      await before;
      if (caughtUp) {
        await settleAhead();
        await this.#buildIndexes(running);
        applied(position);
      }
    };
    while (!running.stopping) {
      try {
        const checkpoint = await readStore.getCheckpoint(projection.name);
        if (running.stopping) break; // stopped while reading the checkpoint
        running.position = checkpoint?.position ?? null;
        if (running.state !== 'failing') running.state = 'catching_up';
        const subscription = log.subscribeToAll({
          after: running.position,
          maxBatchSize: this.#options.maxBatchSize ?? DEFAULT_BATCH,
          eventTypes: projection.eventTypes,
          onEvents: async (events) => {
            if (
              running.indexesDeferred &&
              projection.rebuildsAhead === true &&
              readStore.applyBatchAhead !== undefined
            ) {
              await applyAhead(events);
              return;
            }
            await settleAhead();
            await readStore.applyBatch(projection.name, projection.version, events, apply);
            await indexesWhenCaughtUp(events.at(-1)!.position);
            applied(events.at(-1)!.position);
          },
          // Events it does not read: its place moves in memory at once (read-your-writes), and in
          // the store with the next group commit of the read store (other processes read it).
          onPosition: async (position) => {
            await settleAhead();
            await indexesWhenCaughtUp(position);
            running.position = position;
            this.#notify();
            await readStore.saveCheckpoint(projection.name, projection.version, position);
          },
        });
        running.subscription = subscription;
        const markLive = setInterval(() => {
          if (!subscription.isLive() || running.state !== 'catching_up') return;
          if (running.indexesDeferred) {
            // Live before a batch reached the head (an empty log, the last events not its
            // types): the indexes first, live at a later tick.
            this.#buildIndexes(running).catch((error: unknown) =>
              logger.error(
                { projection: projection.name, err: error },
                'projection indexes failed; trying again',
              ),
            );
            return;
          }
          running.state = 'live';
          this.#notify();
        }, 50);
        markLive.unref();
        try {
          await subscription.done;
        } finally {
          clearInterval(markLive);
        }
      } catch (error) {
        running.ahead = undefined; // failed with the rest, or in the store: read again below
        if (running.stopping) break;
        running.state = 'failing';
        running.lastError = error instanceof Error ? error.message : String(error);
        const delay = retryDelay(failures++);
        logger.error(
          { projection: projection.name, err: error, retryInMs: delay },
          'projection failed; retrying from its checkpoint',
        );
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
      }
    }
    running.state = 'stopped';
  }

  /** Builds the indexes a rebuild from zero deferred (once, however many ask at a time). */
  #buildIndexes(running: Running): Promise<void> {
    running.building ??= (async () => {
      // After the batch applied ahead, if any (its failure is the batch's own to report).
      await running.ahead?.catch(() => undefined);
      await this.#options.readStore.buildDeferredIndexes?.(running.projection.collections);
      running.indexesDeferred = false;
    })().finally(() => {
      running.building = undefined;
    });
    return running.building;
  }

  /** How far every projection has applied the log: the least of their positions. */
  #applied(): number | null {
    let least: number | null = Number.POSITIVE_INFINITY;
    for (const running of this.#running.values()) {
      if (running.position === null) return null;
      least = Math.min(least, running.position);
    }
    return least;
  }

  /**
   * Tells `listener` each time every projection has applied the log further (the position all
   * have reached); returns the function that stops telling it. Another process's read-your-writes
   * (an API worker) follows the projector this way.
   */
  onApplied(listener: (position: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #notify(): void {
    if (this.#listeners.size > 0) {
      const applied = this.#applied();
      if (applied !== null && applied !== this.#lastTold) {
        this.#lastTold = applied;
        for (const listener of this.#listeners) listener(applied);
      }
    }
    if (this.#waiters.size === 0) return;
    const applied = this.#applied();
    if (applied === null) return;
    for (const waiter of this.#waiters) if (waiter.position <= applied) waiter.done(true);
  }

  /**
   * Resolves true once every projection has applied the log up to `position` (read-your-writes
   * for the command API), or false after the timeout.
   */
  async waitFor(position: number | null, timeoutMs = 5000): Promise<boolean> {
    if (position === null) return true;
    const applied = this.#applied();
    if (applied !== null && applied >= position) return true;
    return new Promise((resolve) => {
      const waiter = {
        position,
        done: (reached: boolean) => {
          clearTimeout(timer);
          this.#waiters.delete(waiter);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => waiter.done(false), timeoutMs);
      this.#waiters.add(waiter);
    });
  }

  async statuses(): Promise<ProjectionStatus[]> {
    const { eventStore } = this.#options;
    const running = [...this.#running.values()];
    const [head, lags] = await Promise.all([
      eventStore.headPosition(),
      lagsOf(
        eventStore,
        running.map((entry) => entry.position),
      ),
    ]);
    return running.map((entry, index) => ({
      name: entry.projection.name,
      state: entry.state,
      position: entry.position,
      head,
      lag: lags[index]!,
      ...(entry.lastError ? { lastError: entry.lastError } : {}),
    }));
  }

  async #stopOne(running: Running): Promise<void> {
    running.stopping = true;
    await running.subscription?.stop();
    await running.loop;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.#running.values()].map((running) => this.#stopOne(running)));
  }

  /** Drops the named read models (all when none named) and replays them from the start. */
  async rebuild(names?: readonly string[]): Promise<void> {
    const targets = this.#options.projections.filter((p) => !names || names.includes(p.name));
    const unknown = (names ?? []).filter((name) => !targets.some((p) => p.name === name));
    if (unknown.length) throw new Error(`Unknown projection: ${unknown.join(', ')}`);
    for (const projection of targets) {
      const running = this.#running.get(projection.name);
      if (running) await this.#stopOne(running);
      await this.#options.readStore.reset(projection.name, projection.collections);
      await this.#startOne(projection);
    }
  }
}

import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { AllSubscription, EventStore, ReadAllPage, SubscribeToAllOptions } from './port.ts';

/** A consumer of the dispatcher: a subscription to `$all` that may name the types it wants. */
export type DispatchedSubscriptionOptions = SubscribeToAllOptions & {
  /** The event types it reads; absent: every event. Others only move its position. */
  eventTypes?: readonly string[];
  /**
   * Told when its position moved past events it does not read (no `onEvents` call for them), so
   * it can move its checkpoint or answer read-your-writes. Awaited like `onEvents`.
   */
  onPosition?: (position: number) => Promise<void> | void;
};

/** Where consumers get the log from: the dispatcher, or (tests, tools) the store itself. */
export type LogSource = Readonly<{
  subscribeToAll(options: DispatchedSubscriptionOptions): AllSubscription;
}>;

export type LogDispatcherOptions = Readonly<{
  /** Pages read for live delivery. */
  pageSize?: number;
  /**
   * Pages read for catch-up (a new consumer, a rebuild): larger, so a consumer behind applies
   * fewer, larger batches (one read-store transaction each).
   */
  catchUpPageSize?: number;
  /**
   * A live consumer holding more undelivered events than this is dropped back to catching up
   * from the store on its own, so it holds no memory and no one else.
   */
  maxQueuedEvents?: number;
}>;

type Batch = { events: readonly RecordedEvent[]; upTo: number };

type Consumer = {
  readonly options: DispatchedSubscriptionOptions;
  readonly wants: ((type: string) => boolean) | null;
  position: number | null;
  mode: 'catching_up' | 'live';
  queue: Batch[];
  queued: number;
  stopped: boolean;
  live: boolean;
  /** Wakes the consumer's loop (a batch queued, or stop). */
  wake: (() => void) | null;
};

const typeSet = (types: readonly string[] | undefined) => {
  if (!types) return null;
  const set = new Set(types);
  return (type: string) => set.has(type);
};

/**
 * One reader of the global log per process. Consumers (projections, process managers, the
 * forwarder) subscribe here instead of to the store; the dispatcher keeps ONE live subscription
 * to the store, filtered to the union of the event types its consumers read (server-side on
 * KurrentDB), and hands each page, parsed once, to every consumer that is live.
 *
 * A consumer that is behind (new, rebuilding, retrying after an error, or too slow and dropped)
 * catches up on its own from the store, by pages shared with other consumers at the same place
 * (a rebuild of several read models reads each page once), then joins the live group. Each
 * consumer is delivered in order and awaited on its own: a slow or failing consumer never holds
 * the others, and its failure ends its subscription alone (`done` rejects, as with the store's).
 */
export class LogDispatcher implements LogSource {
  readonly #store: EventStore;
  readonly #pageSize: number;
  readonly #catchUpPageSize: number;
  readonly #maxQueued: number;
  readonly #consumers = new Set<Consumer>();
  /** The one subscription to the store, and the position it has delivered up to. */
  #live: AllSubscription | null = null;
  #liveTypes: ReadonlySet<string> | 'all' | null = null;
  #tail: number | null = null;
  #starting: Promise<void> | null = null;
  /** Catch-up pages in flight or just read, by the position they start after. */
  readonly #pages = new Map<number | null, Promise<ReadAllPage>>();
  #closed = false;
  /** How many pages were read from the store (catch-up and live), for tests and the bench. */
  pagesRead = 0;

  constructor(store: EventStore, options: LogDispatcherOptions = {}) {
    this.#store = store;
    this.#pageSize = options.pageSize ?? 500;
    this.#catchUpPageSize = options.catchUpPageSize ?? Math.max(this.#pageSize, 2000);
    this.#maxQueued = options.maxQueuedEvents ?? 10_000;
  }

  subscribeToAll(options: DispatchedSubscriptionOptions): AllSubscription {
    if (this.#closed) throw new Error('The log dispatcher is stopped');
    const consumer: Consumer = {
      options,
      wants: typeSet(options.eventTypes),
      position: options.after,
      mode: 'catching_up',
      queue: [],
      queued: 0,
      stopped: false,
      live: false,
      wake: null,
    };
    this.#consumers.add(consumer);
    const done = this.#run(consumer).finally(() => {
      consumer.stopped = true;
      this.#consumers.delete(consumer);
    });
    done.catch(() => undefined);
    return {
      done,
      isLive: () => consumer.live,
      stop: async () => {
        consumer.stopped = true;
        consumer.wake?.();
        await done.catch(() => undefined);
      },
    };
  }

  /** Stops the live subscription and every consumer. */
  async stop(): Promise<void> {
    this.#closed = true;
    for (const consumer of this.#consumers) {
      consumer.stopped = true;
      consumer.wake?.();
    }
    await this.#live?.stop();
    this.#live = null;
  }

  /** The types the live subscription must carry: every consumer's, or all. */
  #wantedTypes(): ReadonlySet<string> | 'all' {
    const types = new Set<string>();
    for (const consumer of this.#consumers) {
      if (!consumer.options.eventTypes) return 'all';
      for (const type of consumer.options.eventTypes) types.add(type);
    }
    return types;
  }

  #covers(wanted: ReadonlySet<string> | 'all'): boolean {
    const current = this.#liveTypes;
    if (current === null) return false;
    if (current === 'all') return true;
    if (wanted === 'all') return false;
    for (const type of wanted) if (!current.has(type)) return false;
    return true;
  }

  /**
   * Makes sure the live subscription carries every consumer's types, (re)starting it from the
   * position it had delivered up to when a new consumer wants more.
   */
  async #ensureLive(): Promise<void> {
    while (this.#starting) await this.#starting;
    const wanted = this.#wantedTypes();
    if (this.#live && this.#covers(wanted)) return;
    this.#starting = (async () => {
      const previous = this.#live;
      this.#live = null;
      await previous?.stop();
      if (this.#tail === null) this.#tail = await this.#store.headPosition();
      if (this.#closed) return;
      this.#liveTypes = wanted;
      this.#live = this.#store.subscribeToAll({
        after: this.#tail,
        maxBatchSize: this.#pageSize,
        ...(wanted === 'all' ? {} : { eventTypes: [...wanted] }),
        onEvents: async (events) => this.#deliverLive(events),
      });
      this.#live.done.catch(() => {
        // A broken live subscription (a lost connection): live consumers fall back to catching
        // up from the store, and the next one to join starts a new one.
        this.#live = null;
        for (const consumer of this.#consumers) this.#dropToCatchUp(consumer);
      });
    })();
    try {
      await this.#starting;
    } finally {
      this.#starting = null;
    }
  }

  #deliverLive(events: readonly RecordedEvent[]): void {
    this.pagesRead++;
    const upTo = events.at(-1)!.position;
    this.#tail = upTo;
    this.#pages.clear();
    for (const consumer of this.#consumers) {
      if (consumer.mode !== 'live' || consumer.stopped) continue;
      const from = consumer.position;
      const fresh = from === null ? events : events.filter((event) => event.position > from);
      if (fresh.length === 0) continue;
      const mine = consumer.wants ? fresh.filter((event) => consumer.wants!(event.type)) : fresh;
      consumer.queue.push({ events: mine, upTo });
      consumer.queued += mine.length;
      if (consumer.queued > this.#maxQueued) this.#dropToCatchUp(consumer);
      consumer.wake?.();
    }
  }

  /** A live consumer too far behind reads the store on its own again, from where it is. */
  #dropToCatchUp(consumer: Consumer): void {
    consumer.mode = 'catching_up';
    consumer.queue = [];
    consumer.queued = 0;
    consumer.wake?.();
  }

  /** A catch-up page, shared by consumers reading from the same place at the same time. */
  #page(after: number | null): Promise<ReadAllPage> {
    let page = this.#pages.get(after);
    if (!page) {
      this.pagesRead++;
      page = this.#store.readAll({ after, maxCount: this.#catchUpPageSize });
      this.#pages.set(after, page);
      // Only until the page is read and handed out: a later reader may find more events.
      const forget = () => setImmediate(() => this.#pages.delete(after));
      page.then(forget, forget);
    }
    return page;
  }

  async #hand(consumer: Consumer, events: readonly RecordedEvent[], upTo: number): Promise<void> {
    const mine = consumer.wants ? events.filter((event) => consumer.wants!(event.type)) : events;
    if (mine.length > 0) await consumer.options.onEvents(mine);
    if (mine.length === 0 || mine.at(-1)!.position !== upTo) {
      await consumer.options.onPosition?.(upTo);
    }
    consumer.position = upTo;
  }

  async #run(consumer: Consumer): Promise<void> {
    while (!consumer.stopped) {
      if (consumer.mode === 'catching_up') {
        const page = await this.#page(consumer.position);
        if (consumer.stopped) return;
        if (page.events.length > 0) {
          await this.#hand(consumer, page.events, page.lastPosition!);
          if (!page.isEnd) continue;
        }
        // At the end of what the store had: join the live group once the live subscription
        // has delivered no further than this consumer (it skips what the consumer has).
        await this.#ensureLive();
        if (consumer.stopped) return;
        if (this.#tail === null || (consumer.position ?? 0) >= this.#tail) {
          consumer.mode = 'live';
          consumer.live = true;
        }
        continue;
      }
      const batch = consumer.queue.shift();
      if (!batch) {
        await new Promise<void>((resolve) => {
          consumer.wake = resolve;
        });
        consumer.wake = null;
        continue;
      }
      consumer.queued -= batch.events.length;
      const from = consumer.position;
      const events = from === null ? batch.events : batch.events.filter((e) => e.position > from);
      if (from !== null && batch.upTo <= from) continue;
      if (events.length > 0) await consumer.options.onEvents(events);
      if (events.length === 0 || events.at(-1)!.position !== batch.upTo) {
        await consumer.options.onPosition?.(batch.upTo);
      }
      consumer.position = batch.upTo;
    }
  }
}

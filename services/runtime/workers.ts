/**
 * The embedded runtime on several cores (`WORKERS` > 1): one WRITER process and N API workers
 * (node:cluster, sharing the HTTP port).
 *
 * - The writer holds the data directory: it is the one process that appends to the event store
 *   (the group commit in its writer thread), runs the projector, the process managers and the
 *   forwarder, and hosts the in-process bus. It serves only its health endpoints, on a port of
 *   its own on 127.0.0.1.
 * - Each worker serves the API and the chat (`api` and `gateway` roles): it reads the event and
 *   read stores from the files directly (SQLite in WAL mode lets readers in other processes see
 *   every commit), and sends its appends and its bus traffic to the writer over the cluster's
 *   IPC channel. The writer tells every worker each position all read models have applied, so a
 *   command answered by a worker reads its own write, and any worker's next read sees it.
 */
import cluster, { type Worker } from 'node:cluster';
import { deliverOrPark, embeddedRedeliveryDelayMs } from '@linkcoin/infra/bus/dead-letter.ts';
import {
  DEFAULT_MAX_DELIVERY_ATTEMPTS,
  DEFAULT_MAX_MESSAGE_BYTES,
  type Bus,
  type BusMessage,
  type BusSubscribeOptions,
  type BusSubscription,
  type DeliveredMessage,
} from '@linkcoin/infra/bus/port.ts';
import {
  withAppend,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
} from '@linkcoin/infra/eventstore/port.ts';
import type { PortStatus } from '@linkcoin/infra/shared/port-status.ts';
import type { Logger } from 'pino';
import { openEventStore } from './adapters.ts';
import type { AppConfig } from '../platform/config.ts';
import { checkpointProgress, toldProgress } from '../platform/projection-progress.ts';
import { startRuntime, type Runtime } from './runtime.ts';
import { projectionsOf, CONTEXTS } from './composition.ts';
import { hostSharedLimits } from '../platform/shared-limits.ts';

type WireError = {
  name: string;
  message: string;
  streamId?: string;
  expected?: ExpectedRevision;
  actual?: number | 'no_stream';
};

type ToWriter =
  | {
      k: 'append';
      id: number;
      streamId: string;
      events: readonly EventToAppend[];
      expectedRevision: ExpectedRevision;
    }
  | { k: 'publish'; id: number; topic: string; messages: readonly BusMessage[] }
  | {
      k: 'subscribe';
      id: number;
      sub: number;
      groupId: string;
      topics: readonly string[];
      fromBeginning?: boolean;
    }
  | { k: 'unsubscribe'; id: number; sub: number }
  | { k: 'handled'; sub: number }
  | { k: 'listening'; url: string };

type ToWorker =
  | { k: 'reply'; id: number; ok: true; result: unknown }
  | { k: 'reply'; id: number; ok: false; error: WireError }
  | { k: 'deliver'; sub: number; message: DeliveredMessage }
  | { k: 'applied'; position: number }
  | { k: 'shutdown' };

/** A request without its id (the link numbers it), for each kind of request. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

const wireError = (error: unknown): WireError => {
  if (error instanceof WrongExpectedRevisionError) {
    return {
      name: error.name,
      message: error.message,
      streamId: error.streamId,
      expected: error.expected,
      actual: error.actual,
    };
  }
  return error instanceof Error
    ? { name: error.name, message: error.message }
    : { name: 'Error', message: String(error) };
};

const fromWire = (wire: WireError): Error => {
  if (wire.name === 'WrongExpectedRevisionError') {
    return new WrongExpectedRevisionError(wire.streamId!, wire.expected!, wire.actual!);
  }
  const error = new Error(wire.message);
  error.name = wire.name;
  return error;
};

// The worker's side -----------------------------------------------------------------------------

/** Requests to the writer over the IPC channel, each answered once. */
class WriterLink {
  readonly #pending = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();
  readonly #deliveries = new Map<number, BusSubscribeOptions['handler']>();
  #nextId = 1;
  onApplied: (position: number) => void = () => undefined;
  onShutdown: () => void = () => undefined;

  constructor() {
    process.on('message', (message: ToWorker) => {
      switch (message.k) {
        case 'reply': {
          const waiter = this.#pending.get(message.id);
          this.#pending.delete(message.id);
          if (message.ok) waiter?.ok(message.result);
          else waiter?.fail(fromWire(message.error));
          return;
        }
        case 'deliver': {
          // Handled in order (handleInOrder); each answer frees a place in the writer's window.
          const handler = this.#deliveries.get(message.sub);
          const answer = () => this.send({ k: 'handled', sub: message.sub });
          if (!handler) return answer();
          void handler(message.message).then(answer);
          return;
        }
        case 'applied':
          return this.onApplied(message.position);
        case 'shutdown':
          return this.onShutdown();
      }
    });
  }

  send(message: ToWriter): void {
    process.send!(message);
  }

  request<T>(message: WithoutId<Extract<ToWriter, { id: number }>>): Promise<T> {
    const id = this.#nextId++;
    return new Promise<T>((ok, fail) => {
      this.#pending.set(id, { ok: ok as (v: unknown) => void, fail });
      this.send({ ...message, id } as ToWriter);
    });
  }

  handle(sub: number, handler: (message: DeliveredMessage) => Promise<void>): void {
    this.#deliveries.set(sub, handler);
  }

  forget(sub: number): void {
    this.#deliveries.delete(sub);
  }
}

/** The event store as a worker sees it: reads from the file, appends through the writer. */
const writerEventStore = (reads: EventStore, link: WriterLink): EventStore =>
  withAppend(
    reads,
    (streamId, events, options) =>
      link.request<AppendResult>({
        k: 'append',
        streamId,
        events,
        expectedRevision: options.expectedRevision,
      }),
    { adapter: `${reads.adapter} (appends through the writer process)` },
  );

/**
 * A worker's side of one subscription: the messages the writer sends ahead (up to its window)
 * handled one at a time in the order they came, each as the in-process bus delivers it
 * (deliverOrPark: tried again with a growing delay, parked after the last attempt). The answer
 * never fails: the writer only waits for it to send more. Once the subscription stops, what was
 * sent ahead and not yet handled is dropped.
 */
const handleInOrder = (
  options: BusSubscribeOptions,
  bus: Bus,
  logger: Logger,
): { handle: (message: DeliveredMessage) => Promise<void>; stop: () => void } => {
  const target = {
    handler: options.handler,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_DELIVERY_ATTEMPTS,
  };
  let stopped = false;
  let tail = Promise.resolve();
  return {
    handle: (message) =>
      (tail = tail.then(async () => {
        await deliverOrPark({
          bus,
          logger,
          groupId: options.groupId,
          message: () => message,
          target: () => (stopped ? null : target),
          retryDelayMs: embeddedRedeliveryDelayMs,
        });
      })),
    stop: () => {
      stopped = true;
    },
  };
};

/** The writer's in-process bus, reached over IPC. */
const writerBus = (link: WriterLink, logger: Logger): Bus => {
  let nextSub = 1;
  const bus: Bus = {
    adapter: 'inprocess (through the writer process)',
    maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES,
    publish: async (topic, messages) => {
      await link.request({ k: 'publish', topic, messages });
    },
    subscribe: async (options): Promise<BusSubscription> => {
      const sub = nextSub++;
      const inOrder = handleInOrder(options, bus, logger);
      link.handle(sub, inOrder.handle);
      await link.request({
        k: 'subscribe',
        sub,
        groupId: options.groupId,
        topics: options.topics,
        ...(options.fromBeginning !== undefined ? { fromBeginning: options.fromBeginning } : {}),
      });
      return {
        stop: async () => {
          inOrder.stop();
          await link.request({ k: 'unsubscribe', sub });
          link.forget(sub);
        },
      };
    },
    status: async (): Promise<PortStatus> => ({
      port: 'bus',
      adapter: 'inprocess (through the writer process)',
      ok: process.connected,
    }),
    close: async () => undefined,
  };
  return bus;
};

/** An API worker: the `api` and `gateway` roles over the writer's stores and bus. */
export const startApiWorker = async (config: AppConfig, logger: Logger): Promise<Runtime> => {
  const link = new WriterLink();
  const reads = await openEventStore(config, logger, { soleWriter: false, writerThread: false });
  const eventStore = writerEventStore(reads, link);
  const runtime = await startRuntime({
    config,
    roles: ['api', 'gateway'],
    logger,
    holdsDataDir: false,
    dataDirHeldByParent: true,
    ports: {
      eventStore,
      bus: writerBus(link, logger),
      progress: ({ readStore }) => {
        const told = toldProgress(
          checkpointProgress(eventStore, readStore, projectionsOf(CONTEXTS)),
        );
        link.onApplied = told.told;
        return told;
      },
    },
  });
  link.onShutdown = () => void runtime.stop().finally(() => process.exit(0));
  link.send({ k: 'listening', url: runtime.url });
  return runtime;
};

// The writer's side -----------------------------------------------------------------------------

/**
 * Messages a worker's subscription may have been sent and not yet handled. The bus hands a
 * group one message at a time; waiting for each answer over IPC held every worker's chat and
 * balance pushes to one round trip per message (seconds behind under load). The writer sends
 * ahead instead, in order, and waits only when this many are unanswered.
 */
const DELIVERY_WINDOW = 256;

/** One worker subscription's messages sent and not yet handled. */
class DeliveryWindow {
  #unanswered = 0;
  readonly #waiting: (() => void)[] = [];

  /** Counts one more sent; resolves once there is room for the next. */
  async sent(): Promise<void> {
    if (++this.#unanswered < DELIVERY_WINDOW) return;
    await new Promise<void>((room) => this.#waiting.push(room));
  }

  handled(): void {
    this.#unanswered -= 1;
    this.#waiting.shift()?.();
  }

  /** The worker or its subscription is gone: nothing more will be answered; no one waits. */
  release(): void {
    for (const room of this.#waiting.splice(0)) room();
  }
}

export type WriterHandle = Readonly<{
  runtime: Runtime;
  /** The API's address once every worker listens. */
  url: Promise<string>;
  stop: () => Promise<void>;
}>;

/**
 * The writer process: the data directory, the projector, the process managers and the
 * forwarder, and `workers` API workers forked beside it (restarted if one dies).
 */
export const startWriter = async (
  config: AppConfig,
  logger: Logger,
  workers: number,
): Promise<WriterHandle> => {
  // Its own health endpoints on a private port; the API's port is the workers'.
  const runtime = await startRuntime({
    config: { ...config, http: { ...config.http, host: '127.0.0.1', port: 0 } },
    roles: ['projector', 'processes', 'forwarder'],
    holdsDataDir: true,
    logger,
  });
  const eventStore = runtime.platform.eventStore;
  const bus = runtime.platform.bus;
  let stopping = false;
  const subscriptions = new Map<
    Worker,
    Map<number, { subscription: BusSubscription; window: DeliveryWindow }>
  >();
  let applied: number | null = null;
  const unlisten = runtime.progress.onApplied?.((position) => {
    applied = position;
    for (const worker of subscriptions.keys()) {
      if (worker.isConnected()) worker.send({ k: 'applied', position } satisfies ToWorker);
    }
  });

  let listening: (url: string) => void = () => undefined;
  const url = new Promise<string>((ok) => (listening = ok));
  let ready = 0;

  const serve = (worker: Worker) => {
    const subs = new Map<number, { subscription: BusSubscription; window: DeliveryWindow }>();
    subscriptions.set(worker, subs);
    const reply = (id: number, run: () => Promise<unknown>) => {
      run().then(
        (result) =>
          worker.isConnected() &&
          worker.send({ k: 'reply', id, ok: true, result: result ?? null } satisfies ToWorker),
        (error: unknown) =>
          worker.isConnected() &&
          worker.send({ k: 'reply', id, ok: false, error: wireError(error) } satisfies ToWorker),
      );
    };
    worker.on('message', (message: ToWriter) => {
      switch (message.k) {
        case 'append':
          return reply(message.id, () =>
            eventStore.append(message.streamId, message.events, {
              expectedRevision: message.expectedRevision,
            }),
          );
        case 'publish':
          return reply(message.id, () => bus.publish(message.topic, message.messages));
        case 'subscribe':
          return reply(message.id, async () => {
            const window = new DeliveryWindow();
            const subscription = await bus.subscribe({
              groupId: message.groupId,
              topics: message.topics,
              ...(message.fromBeginning !== undefined
                ? { fromBeginning: message.fromBeginning }
                : {}),
              // Sent ahead, in order, up to the window; the worker handles, retries and parks.
              handler: async (delivered) => {
                if (!worker.isConnected()) throw new Error('the worker is gone');
                worker.send({
                  k: 'deliver',
                  sub: message.sub,
                  message: delivered,
                } satisfies ToWorker);
                await window.sent();
              },
            });
            subs.set(message.sub, { subscription, window });
            return null;
          });
        case 'unsubscribe':
          return reply(message.id, async () => {
            const sub = subs.get(message.sub);
            sub?.window.release();
            await sub?.subscription.stop();
            subs.delete(message.sub);
            return null;
          });
        case 'handled':
          return subs.get(message.sub)?.window.handled();
        case 'listening':
          if (applied !== null) worker.send({ k: 'applied', position: applied } satisfies ToWorker);
          if (++ready === workers) listening(message.url);
          return;
      }
    });
    // A send to a worker that has just gone (ours checks first; the limits' stores may not) is
    // logged, not an uncaught error that would stop the writer.
    worker.on('error', (error) =>
      logger.warn({ err: error, worker: worker.id }, 'a message to an API worker failed'),
    );
    worker.on('exit', (code, signal) => {
      for (const { subscription, window } of subs.values()) {
        window.release();
        void subscription.stop();
      }
      subscriptions.delete(worker);
      if (stopping) return;
      logger.error({ worker: worker.id, code, signal }, 'an API worker died: starting another');
      serve(cluster.fork({ LINKCOIN_API_WORKER: '1' }));
    });
  };
  // The workers' rate-limit counters live here, so each limit holds across all of them.
  hostSharedLimits();
  for (let i = 0; i < workers; i++) serve(cluster.fork({ LINKCOIN_API_WORKER: '1' }));

  return {
    runtime,
    url,
    stop: async () => {
      stopping = true;
      const exits = [...subscriptions.keys()].map(
        (worker) =>
          new Promise<void>((done) => {
            if (worker.isDead()) return done();
            worker.once('exit', () => done());
            if (worker.isConnected()) worker.send({ k: 'shutdown' } satisfies ToWorker);
            else worker.kill('SIGTERM');
          }),
      );
      await Promise.all(exits);
      unlisten?.();
      await runtime.stop();
    },
  };
};

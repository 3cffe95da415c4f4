import type { Request } from 'express';
import { createServer, type Server } from 'node:http';
import { closeServer, listen } from '../platform/http-server.ts';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createCommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import { LogDispatcher } from '@linkcoin/infra/eventstore/log-dispatcher.ts';
import type { EventStore } from '@linkcoin/infra/eventstore/port.ts';
import type { Bus } from '@linkcoin/infra/bus/port.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import { ProjectionRunner } from '@linkcoin/infra/readstore/projections.ts';
import { createApp } from '../platform/http/app.ts';
import { endpointRouter, type Authenticator, type Endpoint } from '../platform/http/endpoint.ts';
import { Forwarder } from '../platform/forwarder/forwarder.ts';
import { Gateway } from '../platform/gateway/gateway.ts';
import { ProcessManagerRunner } from '../platform/processes/runner.ts';
import { CONTEXTS, projectionsOf, retiredOf } from './composition.ts';
import { retireReadModels } from './retirement.ts';
import type { BoundedContext, ContextParts, Platform } from '../platform/context.ts';
import {
  openBus,
  openEventStore,
  openMailer,
  openReadStore,
  openUploadStorage,
} from './adapters.ts';
import { resolveSecrets } from '../platform/secrets.ts';
import type { AppConfig } from '../platform/config.ts';
import { joinDataDir, lockDataDir } from './data-dir-lock.ts';
import { holderId, runSingleton, type SingletonWorker } from './singleton.ts';
import { createLogger } from './logger.ts';
import {
  checkpointProgress,
  localProgress,
  type ProjectionProgress,
} from '../platform/projection-progress.ts';
import type { Clock } from '../platform/clock.ts';
import { createAnalyticsRecorder } from '../platform/analytics/recorder.ts';

/** The services of docs/design.md section 2; the embedded runtime runs all of them in one process. */
export type Role = 'api' | 'gateway' | 'projector' | 'processes' | 'forwarder';
export const ALL_ROLES: readonly Role[] = ['api', 'gateway', 'projector', 'processes', 'forwarder'];

export type Runtime = Readonly<{
  config: AppConfig;
  logger: Logger;
  /** The ports the contexts were built on (tests and tools reach the stores through it). */
  platform: Platform;
  roles: readonly Role[];
  /** The API registry: every endpoint of every context (empty without the `api` role). */
  endpoints: readonly Endpoint[];
  /** The same endpoints by the context that serves them (its `name`). */
  endpointsByContext: ReadonlyMap<string, readonly Endpoint[]>;
  /** Where the HTTP server listens (API, front ends, /ws, or only the health endpoints). */
  url: string;
  server: Server;
  /** Lines for the start-up banner (for instance a generated admin password, shown once). */
  notices: readonly string[];
  /** How far the read models are (read-your-writes). */
  progress: ProjectionProgress;
  /** Stops accepting, finishes in-flight requests, stops the workers, closes the stores. */
  stop: () => Promise<void>;
}>;

type Closer = Readonly<{ name: string; close: () => Promise<void> }>;

export type StartRuntimeOptions = Readonly<{
  config: AppConfig;
  roles: readonly Role[];
  logger?: Logger;
  /** The system clock unless given (tests move time forward to expire codes and tokens). */
  clock?: Clock;
  /** The product's contexts (`composition.ts`) unless given. */
  contexts?: readonly BoundedContext[];
  /**
   * This process is the data directory's one writer even without every role (the writer and
   * projector of `WORKERS` > 1, services/runtime/workers.ts). Default: when it has every role.
   */
  holdsDataDir?: boolean;
  /** The process that started this one holds the data directory (an API worker's writer). */
  dataDirHeldByParent?: boolean;
  /** Ports given instead of opened from the config (an API worker's, over IPC to the writer). */
  ports?: Readonly<{
    eventStore?: EventStore;
    bus?: Bus;
    progress?: (stores: { eventStore: EventStore; readStore: ReadStore }) => ProjectionProgress;
  }>;
}>;

/** The one authenticator the contexts provide (accounts does). */
const authenticatorOf = (parts: readonly ContextParts[]): Authenticator => {
  const provided = parts.flatMap((part) => (part.authenticator ? [part.authenticator] : []));
  if (provided.length !== 1) {
    throw new Error(
      `the API needs exactly one context providing an authenticator, not ${provided.length}`,
    );
  }
  return provided[0]!;
};

export const startRuntime = async (options: StartRuntimeOptions): Promise<Runtime> => {
  const { config, roles } = options;
  const contexts = options.contexts ?? CONTEXTS;
  const projections = projectionsOf(contexts);
  const retired = retiredOf(contexts);
  const logger = options.logger ?? createLogger(config);
  const has = (role: Role) => roles.includes(role);
  const closers: Closer[] = [];
  const closeAll = async () => {
    for (const closer of [...closers].reverse()) {
      try {
        await closer.close();
        logger.debug({ component: closer.name }, 'closed');
      } catch (error) {
        logger.error({ err: error, component: closer.name }, 'failed to close');
      }
    }
    closers.length = 0;
  };

  try {
    // The embedded runtime (every role in one process) holds the data directory alone: it is the
    // only writer of its SQLite files and runs every singleton role without asking anyone. A
    // process of the distributed runtime (some roles) joins the directory instead, shared with
    // the others through SQLite's own locking, and runs its singleton roles under leases.
    const alone = options.holdsDataDir ?? ALL_ROLES.every(has);
    const soleWriter = alone && config.eventStore.adapter === 'sqlite';
    if (config.eventStore.adapter === 'sqlite' && !options.dataDirHeldByParent) {
      const purpose = `linkcoin ${roles.join('+')}`;
      const release = alone
        ? lockDataDir(config.dataDir, purpose)
        : joinDataDir(config.dataDir, purpose);
      closers.push({ name: 'data directory lock', close: async () => release() });
    }
    const eventStore =
      options.ports?.eventStore ?? (await openEventStore(config, logger, { soleWriter }));
    closers.push({ name: 'event store', close: () => eventStore.close() });
    const readStore = await openReadStore(config, { soleWriter });
    closers.push({ name: 'read store', close: () => readStore.close() });
    const bus = options.ports?.bus ?? (await openBus(config, logger));
    closers.push({ name: 'bus', close: () => bus.close() });
    const mailer = await openMailer(config, logger.child({ component: 'mail' }));
    closers.push({ name: 'mailer', close: () => mailer.close() });
    const uploads = await openUploadStorage(config, logger.child({ component: 'uploads' }));
    closers.push({ name: 'uploads', close: () => uploads.close() });
    const secrets = resolveSecrets(config);

    const clock: Clock = options.clock ?? { now: () => new Date() };
    const commands = createCommandHandler(eventStore);

    /**
     * Starts a role of which one instance may run at a time: at once when alone, else under its
     * lease (singleton.ts), standing by while another process leads.
     */
    const holder = holderId();
    const singleton = async (role: Role, start: () => Promise<SingletonWorker>) => {
      if (alone) {
        const worker = await start();
        closers.push({ name: role, close: () => worker.stop() });
        return;
      }
      const running = runSingleton({
        name: role,
        readStore,
        holder,
        ttlMs: config.singletonLeaseTtlMs,
        logger: logger.child({ component: role }),
        start,
      });
      closers.push({ name: role, close: () => running.stop() });
    };

    // One reader of the global log for the whole process: every projection, process manager and
    // the forwarder subscribe through it (log-dispatcher.ts).
    const log = new LogDispatcher(eventStore, {
      catchUpPageSize: config.projectionCatchUpEvents,
    });
    closers.push({ name: 'log dispatcher', close: () => log.stop() });

    /**
     * The projector, where it runs: read models no longer kept go first (retirement.ts), then
     * every projection follows the log.
     */
    const startProjector = async (): Promise<ProjectionRunner> => {
      const projectorLogger = logger.child({ component: 'projector' });
      await retireReadModels(retired, projections, {
        commands,
        readStore,
        clock,
        logger: projectorLogger,
      });
      const runner = new ProjectionRunner({
        eventStore,
        log,
        readStore,
        projections,
        logger: projectorLogger,
        maxBatchSize: config.projectionCatchUpEvents,
      });
      await runner.start();
      return runner;
    };

    let progress: ProjectionProgress;
    if (options.ports?.progress) {
      progress = options.ports.progress({ eventStore, readStore });
    } else if (has('projector') && alone) {
      const runner = await startProjector();
      closers.push({ name: 'projector', close: () => runner.stop() });
      progress = localProgress(runner);
    } else {
      await readStore.ensureCollections(projections.flatMap((p) => p.collections));
      const stored = checkpointProgress(eventStore, readStore, projections);
      // The projector's own runner while this process leads (it knows a failing projection).
      let leadingRunner: ProjectionRunner | null = null;
      progress = {
        waitFor: (position, timeoutMs) => (leadingRunner ?? stored).waitFor(position, timeoutMs),
        statuses: () => (leadingRunner ?? stored).statuses(),
      };
      if (has('projector')) {
        await singleton('projector', async () => {
          const runner = await startProjector();
          leadingRunner = runner;
          return {
            stop: async () => {
              leadingRunner = null;
              await runner.stop();
            },
          };
        });
      }
    }

    // The contexts are built only where something of theirs runs beyond their read models.
    // The configured public URL; with PORT=0 it is corrected once the server listens.
    let publicUrl = config.http.publicUrl;
    // Counted where the API serves; flushed by this process, last before the stores close.
    const analytics = createAnalyticsRecorder({
      commands,
      clock,
      logger,
      secret: secrets.jwtSecret,
      recording: has('api') && config.analytics.recording,
      flushMs: config.analytics.flushMs,
      node: config.gateway.nodeId,
      secureCookies: config.http.publicUrl.startsWith('https:'),
    });
    analytics.start();
    closers.push({ name: 'analytics', close: () => analytics.stop() });
    const platform: Platform = {
      config,
      logger,
      clock,
      commands,
      eventStore,
      readStore,
      bus,
      progress,
      secrets,
      mailer,
      uploads,
      publicUrl: () => publicUrl,
      readModels: projections,
      analytics,
    };
    const parts =
      has('api') || has('processes') || has('gateway')
        ? contexts.map((c) => c.create(platform))
        : [];
    const endpointsByContext = new Map(
      has('api') ? parts.map((part, i) => [contexts[i]!.name, part.endpoints] as const) : [],
    );
    const endpoints = [...endpointsByContext.values()].flat();
    const authenticate = has('api') || has('gateway') ? authenticatorOf(parts) : null;

    if (has('processes')) {
      await singleton('processes', async () => {
        const processes = new ProcessManagerRunner({
          eventStore,
          log,
          readStore,
          managers: parts.flatMap((part) => part.processes),
          logger: logger.child({ component: 'processes' }),
          clock,
        });
        await processes.start();
        return processes;
      });
    }

    if (has('forwarder')) {
      await singleton('forwarder', async () => {
        const forwarder = new Forwarder({
          eventStore,
          log,
          bus,
          checkpoints: readStore,
          logger: logger.child({ component: 'forwarder' }),
        });
        forwarder.start();
        return forwarder;
      });
    }

    const notices: string[] = [];
    if (has('api')) {
      for (const part of parts) notices.push(...((await part.onStart?.()) ?? []));
    }

    const app = createApp({
      logger,
      health: {
        ports: [eventStore, readStore, bus, mailer, uploads],
        progress,
        startedAt: new Date(),
        ...(authenticate
          ? {
              showsDetailsTo: async (req: Request) => {
                const outcome = await authenticate(req);
                return outcome.kind === 'principal' && outcome.principal.roles.includes('admin');
              },
            }
          : {}),
      },
      bodyLimit: config.http.bodyLimit,
      trustProxy: config.http.trustProxy,
      serveFrontends: has('api') && config.http.serveFrontends,
      ...(has('api') && config.uploads.adapter === 'local'
        ? { uploadsDirectory: config.uploads.directory }
        : {}),
      ...(authenticate && has('api') ? { api: endpointRouter(endpoints, authenticate) } : {}),
      pages: has('api') ? parts.flatMap((part) => part.pages ?? []) : [],
      firstScreens: has('api') ? parts.flatMap((part) => part.firstScreens ?? []) : [],
    });
    const server = createServer(app);
    let gateway: Gateway | null = null;
    if (has('gateway') && authenticate) {
      const { nodeId, ...limits } = config.gateway;
      gateway = new Gateway({
        logger: logger.child({ component: 'gateway' }),
        authenticate,
        ...limits,
        ...(nodeId ? { nodeId } : {}),
        realtime: parts.flatMap((part) => (part.realtime ? [part.realtime] : [])),
      });
      const opened = gateway;
      closers.push({ name: 'gateway', close: () => opened.close() });
      await gateway.start();
      gateway.attach(server);
    }
    await listen(server, config.http.host, config.http.port);
    closers.push({
      name: 'http server',
      close: () => closeServer(server, config.http.shutdownTimeoutMs),
    });
    const address = server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const url =
      config.http.port === 0 || config.http.host === '0.0.0.0' || config.http.host === '::'
        ? `http://${config.http.host === '0.0.0.0' || config.http.host === '::' ? 'localhost' : host}:${address.port}`
        : config.http.publicUrl;

    // On a port chosen at start-up (PORT=0) the configured address could not know the port.
    if (config.http.port === 0) publicUrl = url;
    gateway?.allowOrigins([new URL(url).origin]);

    let stopping: Promise<void> | null = null;
    return {
      config,
      logger,
      platform,
      roles,
      endpoints,
      endpointsByContext,
      url,
      server,
      notices,
      progress,
      stop: () => (stopping ??= closeAll()),
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
};

import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import { closeServer, listen } from './http-server.ts';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import {
  container as rootContainer,
  instanceCachingFactory,
  type DependencyContainer,
} from 'tsyringe';
import { createCommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import { ProjectionRunner } from '@linkcoin/infra/readstore/projections.ts';
import { createApp } from '../api/app.ts';
import { apiRouter } from '../api/routes.ts';
import { Forwarder } from '../forwarder/forwarder.ts';
import { Gateway } from '../gateway/gateway.ts';
import { processManagers } from '../processes/registry.ts';
import { ProcessManagerRunner } from '../processes/runner.ts';
import { projections as allProjections } from '../projector/registry.ts';
import { AccountsService } from '../api/accounts/accounts-service.ts';
import { createAuthenticator } from '../api/auth/authenticate.ts';
import { GoogleIdTokenVerifier } from '../api/auth/google.ts';
import { OtpCodes } from '../api/auth/otp-codes.ts';
import { createAuthRateLimits } from '../api/auth/rate-limits.ts';
import { SessionTokens } from '../api/auth/session-tokens.ts';
import { ProfilesService } from '../api/profiles/profiles-service.ts';
import { CodeVault } from '../api/verification/code-vault.ts';
import { InstagramVerificationService } from '../api/verification/instagram-service.ts';
import { YouTubeClient } from '../api/verification/youtube-client.ts';
import { YouTubeVerificationService } from '../api/verification/youtube-service.ts';
import {
  openBus,
  openEventStore,
  openMailer,
  openReadStore,
  openUploadStorage,
} from './adapters.ts';
import { resolveSecrets } from './secrets.ts';
import type { AppConfig } from './config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { createLogger } from './logger.ts';
import {
  checkpointProgress,
  localProgress,
  type ProjectionProgress,
} from './projection-progress.ts';
import { resolve, TOKENS, type Clock } from './tokens.ts';

/** The services of DESIGN section 2; the embedded runtime runs all of them in one process. */
export type Role = 'api' | 'gateway' | 'projector' | 'processes' | 'forwarder';
export const ALL_ROLES: readonly Role[] = ['api', 'gateway', 'projector', 'processes', 'forwarder'];

export type Runtime = Readonly<{
  config: AppConfig;
  logger: Logger;
  container: DependencyContainer;
  roles: readonly Role[];
  /** Where the HTTP server listens (API, front ends, /ws, or only the health endpoints). */
  url: string;
  server: Server;
  /** Lines for the start-up banner (for instance a generated admin password, shown once). */
  notices: readonly string[];
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
}>;

export const startRuntime = async (options: StartRuntimeOptions): Promise<Runtime> => {
  const { config, roles } = options;
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
    if (config.eventStore.adapter === 'sqlite') {
      const unlock = lockDataDir(config.dataDir, `linkcoin ${roles.join('+')}`);
      closers.push({ name: 'data directory lock', close: async () => unlock() });
    }
    const eventStore = await openEventStore(config, logger);
    closers.push({ name: 'event store', close: () => eventStore.close() });
    const readStore = await openReadStore(config);
    closers.push({ name: 'read store', close: () => readStore.close() });
    const bus = await openBus(config, logger);
    closers.push({ name: 'bus', close: () => bus.close() });
    const mailer = await openMailer(config, logger.child({ component: 'mail' }));
    closers.push({ name: 'mailer', close: () => mailer.close() });
    const uploads = await openUploadStorage(config);
    closers.push({ name: 'uploads', close: () => uploads.close() });
    const secrets = resolveSecrets(config);

    const container = rootContainer.createChildContainer();
    container.register(TOKENS.Config, { useValue: config });
    container.register(TOKENS.Logger, { useValue: logger });
    container.register(TOKENS.Clock, { useValue: options.clock ?? { now: () => new Date() } });
    container.register(TOKENS.EventStore, { useValue: eventStore });
    container.register(TOKENS.ReadStore, { useValue: readStore });
    container.register(TOKENS.Bus, { useValue: bus });
    container.register(TOKENS.Projections, { useValue: allProjections });
    container.register(TOKENS.CommandHandler, {
      useFactory: instanceCachingFactory((c) =>
        createCommandHandler(resolve(c, TOKENS.EventStore)),
      ),
    });
    container.register(TOKENS.Secrets, { useValue: secrets });
    container.register(TOKENS.Mailer, { useValue: mailer });
    container.register(TOKENS.SessionTokens, {
      useFactory: instanceCachingFactory(
        () => new SessionTokens(secrets.jwtSecret, config.auth.tokenTtlSeconds),
      ),
    });
    container.register(TOKENS.OtpCodes, {
      useFactory: instanceCachingFactory(() => new OtpCodes(secrets.jwtSecret)),
    });
    // A factory, not useValue: tsyringe takes `useValue: null` for "not registered".
    const googleVerifier = config.auth.google
      ? new GoogleIdTokenVerifier(config.auth.google)
      : null;
    container.register(TOKENS.GoogleVerifier, { useFactory: () => googleVerifier });
    container.register(TOKENS.AuthRateLimits, {
      useFactory: instanceCachingFactory(() => createAuthRateLimits(config.auth.rateLimits)),
    });
    container.register(TOKENS.Authenticator, {
      useFactory: instanceCachingFactory((c) =>
        createAuthenticator({
          tokens: resolve(c, TOKENS.SessionTokens),
          commands: resolve(c, TOKENS.CommandHandler),
          clock: resolve(c, TOKENS.Clock),
        }),
      ),
    });
    container.register(TOKENS.UploadStorage, { useValue: uploads });
    container.register(TOKENS.CodeVault, {
      useFactory: instanceCachingFactory(() => new CodeVault(secrets.jwtSecret)),
    });
    container.register(TOKENS.ProfilesService, {
      useFactory: instanceCachingFactory(
        (c) =>
          new ProfilesService({
            commands: resolve(c, TOKENS.CommandHandler),
            readStore: resolve(c, TOKENS.ReadStore),
            progress: resolve(c, TOKENS.ProjectionProgress),
          }),
      ),
    });
    container.register(TOKENS.InstagramVerification, {
      useFactory: instanceCachingFactory(
        (c) =>
          new InstagramVerificationService({
            commands: resolve(c, TOKENS.CommandHandler),
            vault: resolve(c, TOKENS.CodeVault),
            progress: resolve(c, TOKENS.ProjectionProgress),
            logger: logger.child({ component: 'instagram' }),
          }),
      ),
    });
    container.register(TOKENS.YouTubeVerification, {
      useFactory: instanceCachingFactory(
        (c) =>
          new YouTubeVerificationService({
            commands: resolve(c, TOKENS.CommandHandler),
            client:
              config.youtube && config.auth.google
                ? new YouTubeClient({ ...config.youtube, clientId: config.auth.google.clientId })
                : null,
            progress: resolve(c, TOKENS.ProjectionProgress),
            logger: logger.child({ component: 'youtube' }),
          }),
      ),
    });
    container.register(TOKENS.AccountsService, {
      useFactory: instanceCachingFactory(
        (c) =>
          new AccountsService({
            commands: resolve(c, TOKENS.CommandHandler),
            mailer: resolve(c, TOKENS.Mailer),
            codes: resolve(c, TOKENS.OtpCodes),
            tokens: resolve(c, TOKENS.SessionTokens),
            google: resolve(c, TOKENS.GoogleVerifier),
            logger: logger.child({ component: 'accounts' }),
          }),
      ),
    });

    let progress: ProjectionProgress;
    if (has('projector')) {
      const runner = new ProjectionRunner({
        eventStore,
        readStore,
        projections: allProjections,
        logger: logger.child({ component: 'projector' }),
      });
      await runner.start();
      closers.push({ name: 'projector', close: () => runner.stop() });
      progress = localProgress(runner);
    } else {
      await readStore.ensureCollections(allProjections.flatMap((p) => p.collections));
      progress = checkpointProgress(eventStore, readStore, allProjections);
    }
    container.register(TOKENS.ProjectionProgress, { useValue: progress });

    if (has('processes')) {
      const processes = new ProcessManagerRunner({
        eventStore,
        readStore,
        managers: processManagers(container),
        logger: logger.child({ component: 'processes' }),
        clock: resolve(container, TOKENS.Clock),
      });
      await processes.start();
      closers.push({ name: 'process managers', close: () => processes.stop() });
    }

    if (has('forwarder')) {
      const forwarder = new Forwarder({
        eventStore,
        bus,
        checkpoints: readStore,
        logger: logger.child({ component: 'forwarder' }),
      });
      forwarder.start();
      closers.push({ name: 'forwarder', close: () => forwarder.stop() });
    }

    const notices: string[] = [];
    if (has('api')) {
      const admin = await resolve(container, TOKENS.AccountsService).ensureAdmin(
        config.auth.admin,
        {
          now: resolve(container, TOKENS.Clock).now(),
          actorUserId: null,
          correlationId: 'start-up',
          causationId: null,
        },
      );
      if (admin.generatedPassword) {
        notices.push(
          `  First admin created: ${admin.email} / ${admin.generatedPassword}`,
          '  (shown this once: sign in at /adminLogin and keep it safe, or set ADMIN_EMAIL/ADMIN_PASSWORD)',
        );
      } else if (admin.created) {
        logger.info({ email: admin.email }, 'admin account created from ADMIN_EMAIL');
      }
    }

    const app = createApp({
      logger,
      health: {
        ports: [eventStore, readStore, bus, mailer, uploads],
        progress,
        startedAt: new Date(),
      },
      bodyLimit: config.http.bodyLimit,
      trustProxy: config.http.trustProxy,
      serveFrontends: has('api') && config.http.serveFrontends,
      ...(has('api') && config.uploads.adapter === 'local'
        ? { uploadsDirectory: config.uploads.directory }
        : {}),
      ...(has('api') ? { api: apiRouter(container) } : {}),
    });
    const server = createServer(app);
    if (has('gateway')) {
      const gateway = new Gateway({ logger: logger.child({ component: 'gateway' }) });
      gateway.attach(server);
      closers.push({ name: 'gateway', close: () => gateway.close() });
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

    let stopping: Promise<void> | null = null;
    return {
      config,
      logger,
      container,
      roles,
      url,
      server,
      notices,
      stop: () => (stopping ??= closeAll()),
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
};

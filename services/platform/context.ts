import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { EventStore } from '@linkcoin/infra/eventstore/port.ts';
import type { Bus } from '@linkcoin/infra/bus/port.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';
import type { Mailer } from '@linkcoin/infra/mail/port.ts';
import type { UploadStorage } from '@linkcoin/infra/uploads/port.ts';
import type { Authenticator, Endpoint } from './http/endpoint.ts';
import type { RealtimePart } from './gateway/realtime.ts';
import type { ProcessManager } from './processes/process-manager.ts';
import type { AppConfig } from './config.ts';
import type { ProjectionProgress } from './projection-progress.ts';
import type { Secrets } from './secrets.ts';
import type { Clock } from './clock.ts';
import type { FirstScreen } from './http/first-screen.ts';
import type { AnalyticsRecorder } from './analytics/recorder.ts';

/** The ports every context is built on, as one typed object. */
export type Platform = Readonly<{
  config: AppConfig;
  logger: Logger;
  clock: Clock;
  /** Decides commands against streams (`infra/eventstore/command-handler.ts`). */
  commands: CommandHandler;
  eventStore: EventStore;
  readStore: ReadStore;
  bus: Bus;
  /** How far the read models are: read-your-writes after a command. */
  progress: ProjectionProgress;
  secrets: Secrets;
  mailer: Mailer;
  uploads: UploadStorage;
  /**
   * Where this server is reached from outside (PUBLIC_URL), for links in mails and the payment
   * provider's return address. A function: with PORT=0 (tests) it is known only once the server
   * listens.
   */
  publicUrl: () => string;
  /**
   * The product's read models (every context's projections), for the auditors' replay check:
   * rebuilt from the log into a scratch store and compared with the live ones.
   */
  readModels: readonly Projection[];
  /**
   * Search impressions and profile views, counted in memory and written in batches
   * (analytics/recorder.ts): the directory and profile endpoints' one-line hooks.
   */
  analytics: AnalyticsRecorder;
}>;

/** A read model no longer kept: its name (its checkpoint's), its collections, and why it went. */
export type RetiredReadModel = Readonly<{
  name: string;
  collections: readonly string[];
  reason: string;
}>;

/** What a context contributes to a running process once built on the platform. */
export type ContextParts = Readonly<{
  /** Its endpoints under /api, each with its access: the API registry is their concatenation. */
  endpoints: readonly Endpoint[];
  /** Its process managers: run where the `processes` role runs. */
  processes: readonly ProcessManager[];
  /**
   * Runs once when the API starts, after the stores are open (the accounts context ensures the
   * first admin). Answers lines for the start-up banner.
   */
  onStart?: () => Promise<readonly string[]>;
  /**
   * Who is calling, for the guard in front of every endpoint. Exactly one context, accounts,
   * provides it; the runtime refuses to serve the API with none or with two.
   */
  authenticator?: Authenticator;
  /**
   * Pages served outside /api (HTML, not JSON), mounted before the front ends: the payment
   * sandbox's approval page.
   */
  pages?: readonly Readonly<{ path: string; handler: RequestHandler }>[];
  /** User-app routes whose first screen comes with the HTML (platform/http/first-screen.ts). */
  firstScreens?: readonly FirstScreen[];
  /**
   * Its events on the real-time gateway (/ws) and the hooks that push to this node's sockets:
   * used where the `gateway` role runs (the messaging context's chat).
   */
  realtime?: RealtimePart;
}>;

/**
 * One bounded context (accounts, profiles, verification, uploads; later wallet, payments,
 * collections, messaging, directory): everything it has in one folder `services/<name>/`, handed
 * to the runtime as one value. Adding a context is writing that folder and adding its factory to
 * the list in `composition.ts`.
 */
export type BoundedContext = Readonly<{
  name: string;
  /**
   * Its read models. Static, so a projector-only process and `make rebuild` can run them
   * without building the context (no secrets, no clients, no command handlers).
   */
  projections: readonly Projection[];
  /**
   * Where its endpoints' security entries are (`./security.ts`, typed by
   * services/testing/security.ts): each endpoint's row of the authorisation matrix and its
   * fixture, kept beside the endpoints. A reference, not an import: only the whole-API security
   * suite (services/runtime/security/) loads it, through the composition list, so nothing of the
   * test kit reaches a running server.
   */
  security?: URL;
  /**
   * Read models it kept once and no longer does: the runtime drops each one's storage and
   * checkpoint and records `ReadModelRetired` (services/runtime/retirement.ts), by an event and
   * the same on every node, never by hand. A name stays here for good: a data directory from any
   * earlier release may still hold it.
   */
  retired?: readonly RetiredReadModel[];
  /** Builds the context's command handlers, endpoints and processes on the platform's ports. */
  create: (platform: Platform) => ContextParts;
}>;

import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import type { EarlyAdopterRule } from '@linkcoin/domain/directory/early-adopters.ts';
import { DEFAULT_MAX_MESSAGE_BYTES } from '@linkcoin/infra/bus/port.ts';

/** The repository root: defaults such as the data directory and the built front ends live here. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const csv = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string()).min(1));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

/** Every variable the product reads, with safe defaults for the embedded runtime. */
const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('data'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    BODY_LIMIT: z
      .string()
      .regex(/^\d+(b|kb|mb)$/i, 'expected a size such as 100kb or 1mb')
      .default('100kb'),
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),

    EVENT_STORE: z.enum(['sqlite', 'kurrentdb']).default('sqlite'),
    SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('FULL'),
    // API workers of the embedded runtime beside its one writer (services/runtime/workers.ts).
    WORKERS: z.coerce
      .number({ message: 'expected a whole number of API workers, such as 1 or 2' })
      .int('expected a whole number of API workers, such as 1 or 2')
      .min(1, 'at least 1 (one process serving everything)')
      .max(32, 'at most 32')
      .optional(),
    KURRENTDB_URL: z
      .string()
      .startsWith('kurrentdb', 'expected a kurrentdb:// connection string')
      .optional(),

    READ_STORE: z.enum(['sqlite', 'mongodb']).default('sqlite'),
    MONGODB_URL: z
      .string()
      .startsWith('mongodb', 'expected a mongodb:// connection string')
      .optional(),
    MONGODB_DATABASE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/)
      .default('linkcoin'),

    BUS: z.enum(['inprocess', 'kafka']).default('inprocess'),
    KAFKA_BROKERS: csv.optional(),
    KAFKA_CLIENT_ID: z.string().min(1).default('linkcoin'),
    KAFKA_PARTITIONS: z.coerce.number().int().min(1).max(256).default(3),
    KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(7).default(1),
    // At least the event store's largest event (KurrentDB: KURRENTDB_MAX_APPEND_SIZE) in its
    // envelope; the brokers' message.max.bytes must be as large (see infra/compose/compose.yaml).
    KAFKA_MAX_MESSAGE_BYTES: z.coerce
      .number()
      .int()
      .min(64 * 1024)
      .max(100 * 1024 * 1024)
      .default(DEFAULT_MAX_MESSAGE_BYTES),

    SERVE_FRONTENDS: booleanFlag.default(true),

    JWT_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
    TOKEN_TTL_SECONDS: z.coerce.number().int().min(300).max(2_592_000).default(86_400),
    /** The web apps' access tokens (kept in memory, renewed with the refresh cookie). */
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),

    MAIL: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'expected smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('LinkCoin <no-reply@linkcoin.local>'),

    GOOGLE_CLIENT_ID: z.string().min(10).optional(),
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUERS: csv.default(['https://accounts.google.com', 'accounts.google.com']),

    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(12, 'expected at least 12 characters').max(128).optional(),

    UPLOADS: z.enum(['local', 'hosted']).default('local'),
    UPLOADS_HOSTED_URL: z.url().optional(),
    UPLOADS_HOSTED_PRESET: z.string().min(1).optional(),
    /** The https base the service delivers images from (derived for Cloudinary's API URL). */
    UPLOADS_HOSTED_DELIVERY_URL: z.url().optional(),
    /** The service's signed-API key and secret, to delete orphaned uploads. */
    UPLOADS_HOSTED_API_KEY: z.string().min(1).optional(),
    UPLOADS_HOSTED_API_SECRET: z.string().min(1).optional(),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(5 * 1024 * 1024),

    YOUTUBE_API_KEY: z.string().min(10).optional(),
    YOUTUBE_API_BASE_URL: z.url().default('https://www.googleapis.com/youtube/v3'),
    GOOGLE_TOKENINFO_URL: z.url().default('https://oauth2.googleapis.com/tokeninfo'),

    PROCESS_TICK_MS: z.coerce.number().int().min(50).max(3_600_000).default(30_000),
    SINGLETON_LEASE_TTL_MS: z.coerce.number().int().min(1000).max(300_000).default(15_000),
    // Events a projection catching up (a rebuild, a restart behind) reads and applies per batch.
    PROJECTION_CATCH_UP_EVENTS: z.coerce.number().int().min(50).max(100_000).default(2_000),

    DISCOVERY_MAX_PAGES: z.coerce.number().int().min(1).max(1000).default(10),
    ANALYTICS_RECORDING: z.enum(['on', 'off']).default('on'),
    ANALYTICS_FLUSH_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    INSTAGRAM_REQUESTS_PER_ADDRESS_PER_DAY: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(20),
    INSTAGRAM_TRIES_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(50),
    DIRECTORY_VISITOR_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    DIRECTORY_MEMBER_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
    /** The early-adopter badge: the first this many creators to sign up carry it. */
    EARLY_ADOPTER_SEATS: z.coerce.number().int().min(0).max(1_000_000).default(1000),
    /** And (when set) only those who signed up before this instant, e.g. 2027-01-01T00:00:00Z. */
    EARLY_ADOPTER_UNTIL: z.iso.datetime({ offset: true }).optional(),

    WS_ALLOWED_ORIGINS: csv.optional(),
    WS_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
    WS_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
    WS_FRAMES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    GATEWAY_NODE_ID: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, dots, dashes and underscores')
      .optional(),

    CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
    MESSAGE_EMAIL_AFTER_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
    SAVED_SEARCH_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(9),
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'expected a P-256 public key in base64url (87 characters)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'expected a P-256 private key in base64url (43 characters)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'expected mailto:address or an https URL')
      .optional(),
    PUSH_SERVICE_HOSTS: csv.default([
      'fcm.googleapis.com',
      'android.googleapis.com',
      'push.services.mozilla.com',
      'push.apple.com',
      'notify.windows.com',
    ]),

    PAYMENTS: z.enum(['sandbox', 'razorpay', 'disabled']).optional(),
    PAYMENTS_SANDBOX_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
    RAZORPAY_KEY_ID: z.string().min(5).optional(),
    RAZORPAY_KEY_SECRET: z.string().min(8).optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
    RAZORPAY_API_BASE_URL: z.url().default('https://api.razorpay.com'),
    RAZORPAY_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),

    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    LOGIN_ATTEMPTS_PER_WINDOW: z.coerce.number().int().min(1).default(10),
    OTP_REQUESTS_PER_WINDOW: z.coerce.number().int().min(1).default(5),
    OTP_VERIFY_ATTEMPTS_PER_WINDOW: z.coerce.number().int().min(1).default(10),
    AUTH_REQUESTS_PER_IP_PER_WINDOW: z.coerce.number().int().min(1).default(300),
  })
  .superRefine((env, ctx) => {
    const requireWhen = (key: keyof typeof env, condition: boolean, reason: string) => {
      if (condition && !env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: `required when ${reason}` });
    };
    requireWhen('KURRENTDB_URL', env.EVENT_STORE === 'kurrentdb', 'EVENT_STORE=kurrentdb');
    requireWhen('MONGODB_URL', env.READ_STORE === 'mongodb', 'READ_STORE=mongodb');
    requireWhen('KAFKA_BROKERS', env.BUS === 'kafka', 'BUS=kafka');
    requireWhen('SMTP_URL', env.MAIL === 'smtp', 'MAIL=smtp');
    requireWhen('UPLOADS_HOSTED_URL', env.UPLOADS === 'hosted', 'UPLOADS=hosted');
    requireWhen('UPLOADS_HOSTED_PRESET', env.UPLOADS === 'hosted', 'UPLOADS=hosted');
    requireWhen(
      'UPLOADS_HOSTED_API_SECRET',
      Boolean(env.UPLOADS_HOSTED_API_KEY),
      'UPLOADS_HOSTED_API_KEY is set',
    );
    requireWhen(
      'UPLOADS_HOSTED_API_KEY',
      Boolean(env.UPLOADS_HOSTED_API_SECRET),
      'UPLOADS_HOSTED_API_SECRET is set',
    );
    requireWhen('JWT_SECRET', env.NODE_ENV === 'production', 'NODE_ENV=production');
    for (const key of [
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
    ] as const) {
      requireWhen(key, env.PAYMENTS === 'razorpay', 'PAYMENTS=razorpay');
    }
    if (env.PAYMENTS === 'sandbox' && env.NODE_ENV === 'production') {
      // The sandbox approves payments without money: in production it would hand out coins.
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS'],
        message:
          'the sandbox gives coins away: not with NODE_ENV=production (razorpay or disabled)',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together',
      });
    }
    if ((env.WORKERS ?? 1) > 1 && env.EVENT_STORE !== 'sqlite') {
      ctx.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message:
          'API workers are the embedded runtime’s (EVENT_STORE=sqlite); the distributed runtime scales its api service instead',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD are set together',
      });
    }
  });

export type Environment = z.infer<typeof environmentSchema>;

/**
 * Without WORKERS: one process on a machine of 1 or 2 cores, else one worker per core but the
 * writer's, at most 4. Measured on 2 cores (docs/performance.md, ninth pass): two workers serve
 * 1.6 to 1.8 times the reads, but an add to list costs 1.6 to 1.7 times the CPU and a chat
 * message 1.7 to 1.9 times (each crosses IPC to the writer, and every conversation event to
 * each worker), so the writes run at about four fifths of one process's rate; with a spare
 * core the reads are worth it.
 */
export const defaultWorkers = (
  eventStore: Environment['EVENT_STORE'],
  cores = availableParallelism(),
): number => (eventStore !== 'sqlite' || cores <= 2 ? 1 : Math.min(4, cores - 1));

export type AppConfig = Readonly<{
  env: Environment['NODE_ENV'];
  http: Readonly<{
    host: string;
    port: number;
    publicUrl: string;
    bodyLimit: string;
    trustProxy: number;
    shutdownTimeoutMs: number;
    serveFrontends: boolean;
  }>;
  dataDir: string;
  /** API worker processes of the embedded runtime (1: one process serves everything). */
  workers: number;
  log: Readonly<{ level: Environment['LOG_LEVEL']; format: 'pretty' | 'json' }>;
  eventStore:
    | Readonly<{ adapter: 'sqlite'; path: string; synchronous: 'FULL' | 'NORMAL' }>
    | Readonly<{ adapter: 'kurrentdb'; url: string }>;
  readStore:
    | Readonly<{ adapter: 'sqlite'; path: string }>
    | Readonly<{ adapter: 'mongodb'; url: string; database: string }>;
  auth: Readonly<{
    /** From JWT_SECRET; null means "generate one and keep it in the data directory". */
    jwtSecret: string | null;
    tokenTtlSeconds: number;
    accessTokenTtlSeconds: number;
    google: Readonly<{ clientId: string; jwksUrl: string; issuers: readonly string[] }> | null;
    admin: Readonly<{ email: string; password: string }> | null;
    rateLimits: Readonly<{
      windowMs: number;
      loginAttempts: number;
      otpRequests: number;
      otpVerifyAttempts: number;
      perIp: number;
    }>;
  }>;
  uploads: Readonly<{ maxBytes: number }> &
    (
      | Readonly<{ adapter: 'local'; directory: string }>
      | Readonly<{
          adapter: 'hosted';
          url: string;
          uploadPreset: string;
          deliveryUrl: string | null;
          /** To delete orphans; null: they stay on the service (a warning is logged). */
          credentials: Readonly<{ apiKey: string; apiSecret: string }> | null;
        }>
    );
  /** Null when YouTube verification is not configured: the card then says it is not available. */
  youtube: Readonly<{ apiKey: string; apiBaseUrl: string; tokenInfoUrl: string }> | null;
  processes: Readonly<{ tickMs: number }>;
  /**
   * How long a singleton role's lease lasts without renewal (distributed runtime): after a crash,
   * another process takes the role over within this time.
   */
  singletonLeaseTtlMs: number;
  /** Events per catch-up batch of a projection (and per catch-up page of the log reader). */
  projectionCatchUpEvents: number;
  verification: Readonly<{
    /** Instagram code requests recorded from one client address in any 24 hours. */
    requestsPerAddressPerDay: number;
    /** Wrong Instagram codes typed from one client address in any 24 hours. */
    triesPerAddressPerDay: number;
  }>;
  /** Search impressions and profile views (services/platform/analytics/). */
  analytics: Readonly<{
    /** Off: nothing is counted (the bench's baseline). */
    recording: boolean;
    /** How often the in-process counters are written as one event. */
    flushMs: number;
  }>;
  directory: Readonly<{
    /** The most pages of 10 any listing opens, whatever the balance (docs/product-spec.md section 9's cap). */
    discoveryMaxPages: number;
    /** Listing requests a visitor (not signed in) may make per minute from one address. */
    visitorRequestsPerMinute: number;
    /** Listing requests a signed-in member may make per minute. */
    memberRequestsPerMinute: number;
    /** Who carries the early-adopter badge (EARLY_ADOPTER_SEATS, EARLY_ADOPTER_UNTIL). */
    earlyAdopters: EarlyAdopterRule;
  }>;
  gateway: Readonly<{
    /** Browser origins allowed to open /ws (the public URL's, plus WS_ALLOWED_ORIGINS). */
    allowedOrigins: readonly string[];
    maxConnections: number;
    maxConnectionsPerUser: number;
    /** Frames one user may send per minute on one node (every event counts). */
    framesPerMinute: number;
    /** Names the node on the bus; null: a random id per process. */
    nodeId: string | null;
  }>;
  messaging: Readonly<{
    /** Chat messages one user may send per minute (per gateway node). */
    messagesPerMinute: number;
    /** A message unread this long mails the receiver (once per quiet period). */
    emailAfterMs: number;
    /** India's hour (0-23) a brand's daily saved-search digest is due at. */
    savedSearchDigestHour: number;
    push: Readonly<{
      /** From the environment; null: generated once into the data directory. */
      vapidKeys: Readonly<{ publicKey: string; privateKey: string }> | null;
      /** Who the push services may contact (VAPID `sub`). */
      subject: string;
      /** Push services a subscription may point to (a host, or a parent domain of it). */
      serviceHosts: readonly string[];
    }>;
  }>;
  payments:
    | Readonly<{ adapter: 'disabled' }>
    | Readonly<{ adapter: 'sandbox'; secret: string | null }>
    | Readonly<{
        adapter: 'razorpay';
        keyId: string;
        keySecret: string;
        webhookSecret: string;
        apiBaseUrl: string;
        timeoutMs: number;
      }>;
  mail:
    | Readonly<{ adapter: 'outbox'; directory: string; from: string }>
    | Readonly<{ adapter: 'smtp'; url: string; from: string }>;
  bus:
    | Readonly<{ adapter: 'inprocess' }>
    | Readonly<{
        adapter: 'kafka';
        brokers: readonly string[];
        clientId: string;
        partitions: number;
        replicationFactor: number;
        maxMessageBytes: number;
      }>;
}>;

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The browser origins that may open the WebSocket: the public URL's (on a loopback host, under
 * each loopback name), the Vite dev servers of `make dev` in development, and WS_ALLOWED_ORIGINS.
 */
const allowedOrigins = (publicUrl: string, env: Environment): readonly string[] => {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK_NAMES.includes(url.hostname)) {
    for (const name of LOOPBACK_NAMES)
      origins.add(`${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`);
  }
  if (env.NODE_ENV === 'development') {
    for (const port of [5173, 5174]) {
      for (const name of LOOPBACK_NAMES) origins.add(`http://${name}:${port}`);
    }
  }
  for (const origin of env.WS_ALLOWED_ORIGINS ?? []) origins.add(new URL(origin).origin);
  return [...origins];
};

/** Payments default to the sandbox, except in production, where they stay off until configured. */
const paymentsOf = (env: Environment): AppConfig['payments'] => {
  const adapter = env.PAYMENTS ?? (env.NODE_ENV === 'production' ? 'disabled' : 'sandbox');
  switch (adapter) {
    case 'disabled':
      return { adapter };
    case 'sandbox':
      return { adapter, secret: env.PAYMENTS_SANDBOX_SECRET ?? null };
    case 'razorpay':
      return {
        adapter,
        keyId: env.RAZORPAY_KEY_ID!,
        keySecret: env.RAZORPAY_KEY_SECRET!,
        webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!,
        apiBaseUrl: env.RAZORPAY_API_BASE_URL.replace(/\/$/, ''),
        timeoutMs: env.RAZORPAY_TIMEOUT_MS,
      };
  }
};

/** `LinkCoin <no-reply@linkcoin.local>` is `no-reply@linkcoin.local`. */
const mailAddressOf = (from: string): string => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/** Raised at start-up with every bad variable named. */
export class ConfigError extends Error {
  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const loadConfig = (
  source: Readonly<Record<string, string | undefined>> = process.env,
): AppConfig => {
  // Empty variables count as unset, as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
      ),
    );
  }
  const env = parsed.data;
  const dataDir = isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(REPO_ROOT, env.DATA_DIR);
  const displayHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const publicUrl = (env.PUBLIC_URL ?? `http://${displayHost}:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    http: {
      host: env.HOST,
      port: env.PORT,
      publicUrl,
      bodyLimit: env.BODY_LIMIT,
      trustProxy: env.TRUST_PROXY,
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      serveFrontends: env.SERVE_FRONTENDS,
    },
    dataDir,
    workers: env.WORKERS ?? defaultWorkers(env.EVENT_STORE),
    log: {
      level: env.LOG_LEVEL,
      format: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
    },
    eventStore:
      env.EVENT_STORE === 'kurrentdb'
        ? { adapter: 'kurrentdb', url: env.KURRENTDB_URL! }
        : {
            adapter: 'sqlite',
            path: resolve(dataDir, 'eventstore.db'),
            synchronous: env.SQLITE_SYNCHRONOUS,
          },
    readStore:
      env.READ_STORE === 'mongodb'
        ? { adapter: 'mongodb', url: env.MONGODB_URL!, database: env.MONGODB_DATABASE }
        : { adapter: 'sqlite', path: resolve(dataDir, 'readmodels.db') },
    auth: {
      jwtSecret: env.JWT_SECRET ?? null,
      tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      google: env.GOOGLE_CLIENT_ID
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            jwksUrl: env.GOOGLE_JWKS_URL,
            issuers: env.GOOGLE_ISSUERS,
          }
        : null,
      admin:
        env.ADMIN_EMAIL && env.ADMIN_PASSWORD
          ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD }
          : null,
      rateLimits: {
        windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
        loginAttempts: env.LOGIN_ATTEMPTS_PER_WINDOW,
        otpRequests: env.OTP_REQUESTS_PER_WINDOW,
        otpVerifyAttempts: env.OTP_VERIFY_ATTEMPTS_PER_WINDOW,
        perIp: env.AUTH_REQUESTS_PER_IP_PER_WINDOW,
      },
    },
    uploads:
      env.UPLOADS === 'hosted'
        ? {
            adapter: 'hosted',
            url: env.UPLOADS_HOSTED_URL!,
            uploadPreset: env.UPLOADS_HOSTED_PRESET!,
            deliveryUrl: env.UPLOADS_HOSTED_DELIVERY_URL ?? null,
            credentials:
              env.UPLOADS_HOSTED_API_KEY && env.UPLOADS_HOSTED_API_SECRET
                ? { apiKey: env.UPLOADS_HOSTED_API_KEY, apiSecret: env.UPLOADS_HOSTED_API_SECRET }
                : null,
            maxBytes: env.UPLOAD_MAX_BYTES,
          }
        : {
            adapter: 'local',
            directory: resolve(dataDir, 'uploads'),
            maxBytes: env.UPLOAD_MAX_BYTES,
          },
    youtube:
      env.YOUTUBE_API_KEY && env.GOOGLE_CLIENT_ID
        ? {
            apiKey: env.YOUTUBE_API_KEY,
            apiBaseUrl: env.YOUTUBE_API_BASE_URL.replace(/\/$/, ''),
            tokenInfoUrl: env.GOOGLE_TOKENINFO_URL,
          }
        : null,
    processes: { tickMs: env.PROCESS_TICK_MS },
    singletonLeaseTtlMs: env.SINGLETON_LEASE_TTL_MS,
    projectionCatchUpEvents: env.PROJECTION_CATCH_UP_EVENTS,
    verification: {
      requestsPerAddressPerDay: env.INSTAGRAM_REQUESTS_PER_ADDRESS_PER_DAY,
      triesPerAddressPerDay: env.INSTAGRAM_TRIES_PER_ADDRESS_PER_DAY,
    },
    analytics: { recording: env.ANALYTICS_RECORDING === 'on', flushMs: env.ANALYTICS_FLUSH_MS },
    directory: {
      discoveryMaxPages: env.DISCOVERY_MAX_PAGES,
      visitorRequestsPerMinute: env.DIRECTORY_VISITOR_REQUESTS_PER_MINUTE,
      memberRequestsPerMinute: env.DIRECTORY_MEMBER_REQUESTS_PER_MINUTE,
      earlyAdopters: {
        seats: env.EARLY_ADOPTER_SEATS,
        until: env.EARLY_ADOPTER_UNTIL ? new Date(env.EARLY_ADOPTER_UNTIL).toISOString() : null,
      },
    },
    gateway: {
      allowedOrigins: allowedOrigins(publicUrl, env),
      maxConnections: env.WS_MAX_CONNECTIONS,
      maxConnectionsPerUser: env.WS_MAX_CONNECTIONS_PER_USER,
      framesPerMinute: env.WS_FRAMES_PER_MINUTE,
      nodeId: env.GATEWAY_NODE_ID ?? null,
    },
    messaging: {
      messagesPerMinute: env.CHAT_MESSAGES_PER_MINUTE,
      emailAfterMs: env.MESSAGE_EMAIL_AFTER_MINUTES * 60_000,
      savedSearchDigestHour: env.SAVED_SEARCH_DIGEST_HOUR,
      push: {
        vapidKeys:
          env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
            ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
            : null,
        subject: env.VAPID_SUBJECT ?? `mailto:${mailAddressOf(env.MAIL_FROM)}`,
        serviceHosts: env.PUSH_SERVICE_HOSTS.map((host) => host.toLowerCase()),
      },
    },
    payments: paymentsOf(env),
    mail:
      env.MAIL === 'smtp'
        ? { adapter: 'smtp', url: env.SMTP_URL!, from: env.MAIL_FROM }
        : { adapter: 'outbox', directory: resolve(dataDir, 'outbox'), from: env.MAIL_FROM },
    bus:
      env.BUS === 'kafka'
        ? {
            adapter: 'kafka',
            brokers: env.KAFKA_BROKERS!,
            clientId: env.KAFKA_CLIENT_ID,
            partitions: env.KAFKA_PARTITIONS,
            replicationFactor: env.KAFKA_REPLICATION_FACTOR,
            maxMessageBytes: env.KAFKA_MAX_MESSAGE_BYTES,
          }
        : { adapter: 'inprocess' },
  };
};

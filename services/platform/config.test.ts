import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.ts';

describe('configuration from the environment', () => {
  it('runs the embedded runtime on safe defaults', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.http).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      publicUrl: 'http://127.0.0.1:8080',
    });
    expect(config.dataDir).toBe(`${REPO_ROOT}data`);
    expect(config.eventStore).toEqual({
      adapter: 'sqlite',
      path: `${REPO_ROOT}data/eventstore.db`,
      synchronous: 'FULL',
    });
    expect(config.readStore).toEqual({ adapter: 'sqlite', path: `${REPO_ROOT}data/readmodels.db` });
    expect(config.bus).toEqual({ adapter: 'inprocess' });
    expect(config.log.format).toBe('pretty');
  });

  it('selects the distributed adapters', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      EVENT_STORE: 'kurrentdb',
      KURRENTDB_URL: 'kurrentdb://kurrentdb:2113?tls=false',
      READ_STORE: 'mongodb',
      MONGODB_URL: 'mongodb://mongo:27017/?replicaSet=rs0',
      BUS: 'kafka',
      KAFKA_BROKERS: 'kafka-1:9092, kafka-2:9092',
      DATA_DIR: '/data',
    });
    expect(config.eventStore).toEqual({
      adapter: 'kurrentdb',
      url: 'kurrentdb://kurrentdb:2113?tls=false',
    });
    expect(config.readStore).toMatchObject({ adapter: 'mongodb', database: 'linkcoin' });
    expect(config.bus).toMatchObject({
      adapter: 'kafka',
      brokers: ['kafka-1:9092', 'kafka-2:9092'],
      // One event of KurrentDB's 8 MiB append cap in its envelope.
      maxMessageBytes: 8 * 1024 * 1024 + 64 * 1024,
    });
    expect(config.log.format).toBe('json');
    expect(config.dataDir).toBe('/data');
  });

  it('names every bad variable in one message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', EVENT_STORE: 'kurrentdb', BUS: 'rabbit', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT:');
    expect(message).toContain('BUS:');
    expect(message).toContain('LOG_LEVEL:');
    expect(message.startsWith('Invalid configuration:')).toBe(true);
  });

  it('requires the connection settings of a distributed adapter it selects', () => {
    expect(() => loadConfig({ EVENT_STORE: 'kurrentdb' })).toThrow(
      'KURRENTDB_URL: required when EVENT_STORE=kurrentdb',
    );
    expect(() => loadConfig({ READ_STORE: 'mongodb' })).toThrow(
      'MONGODB_URL: required when READ_STORE=mongodb',
    );
    expect(() => loadConfig({ BUS: 'kafka' })).toThrow('KAFKA_BROKERS: required when BUS=kafka');
    expect(() => loadConfig({ MAIL: 'smtp' })).toThrow('SMTP_URL: required when MAIL=smtp');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'JWT_SECRET: required when NODE_ENV=production',
    );
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.in' })).toThrow('ADMIN_PASSWORD:');
  });

  it('takes the catch-up batch of projections as a bounded whole number of events', () => {
    expect(loadConfig({}).projectionCatchUpEvents).toBe(2000);
    expect(loadConfig({ PROJECTION_CATCH_UP_EVENTS: '100' }).projectionCatchUpEvents).toBe(100);
    expect(() => loadConfig({ PROJECTION_CATCH_UP_EVENTS: '10' })).toThrow(
      'PROJECTION_CATCH_UP_EVENTS:',
    );
    expect(() => loadConfig({ PROJECTION_CATCH_UP_EVENTS: 'many' })).toThrow(
      'PROJECTION_CATCH_UP_EVENTS:',
    );
  });

  it('takes WORKERS as a whole number of API workers, for the embedded runtime only', () => {
    expect(loadConfig({ WORKERS: '2' }).workers).toBe(2);
    expect(loadConfig({}).workers).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow('WORKERS: at least 1');
    expect(() => loadConfig({ WORKERS: 'two' })).toThrow('WORKERS: expected a whole number');
    expect(() => loadConfig({ WORKERS: '1.5' })).toThrow('WORKERS: expected a whole number');
    expect(() =>
      loadConfig({ WORKERS: '2', EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb://x:2113' }),
    ).toThrow('WORKERS: API workers are the embedded runtime');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', HOST: '' }).http).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
    });
  });

  it('lets the WebSocket be opened from the public origin, its loopback names and listed origins', () => {
    const local = loadConfig({ NODE_ENV: 'test' }).gateway;
    expect(local.allowedOrigins).toEqual(
      expect.arrayContaining(['http://127.0.0.1:8080', 'http://localhost:8080']),
    );
    expect(local.allowedOrigins).not.toContain('http://localhost:5173');
    const dev = loadConfig({ NODE_ENV: 'development' }).gateway;
    expect(dev.allowedOrigins).toContain('http://localhost:5173');
    const hosted = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://linkcoin.example/',
      WS_ALLOWED_ORIGINS: 'https://m.linkcoin.example/path',
    }).gateway;
    expect(hosted.allowedOrigins).toEqual([
      'https://linkcoin.example',
      'https://m.linkcoin.example',
    ]);
    expect(hosted).toMatchObject({ maxConnections: 20_000, maxConnectionsPerUser: 10 });
  });

  it('has chat limits, mails unread messages after an hour, and takes VAPID keys in pairs', () => {
    const defaults = loadConfig({ NODE_ENV: 'test' });
    expect(defaults.gateway).toMatchObject({ framesPerMinute: 600, nodeId: null });
    expect(defaults.messaging).toMatchObject({
      messagesPerMinute: 60,
      emailAfterMs: 60 * 60_000,
      push: { vapidKeys: null, subject: 'mailto:no-reply@linkcoin.local' },
    });
    expect(defaults.messaging.push.serviceHosts).toContain('fcm.googleapis.com');
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://insecure.example' })).toThrow(/VAPID_SUBJECT/);
    expect(
      loadConfig({
        MESSAGE_EMAIL_AFTER_MINUTES: '5',
        VAPID_PUBLIC_KEY: 'B'.repeat(87),
        VAPID_PRIVATE_KEY: 'k'.repeat(43),
        PUSH_SERVICE_HOSTS: 'Push.Example',
      }).messaging,
    ).toMatchObject({
      emailAfterMs: 5 * 60_000,
      push: {
        vapidKeys: { publicKey: 'B'.repeat(87), privateKey: 'k'.repeat(43) },
        serviceHosts: ['push.example'],
      },
    });
  });

  it('pays through the sandbox by default, never in production, and needs Razorpay keys', () => {
    expect(loadConfig({}).payments).toEqual({ adapter: 'sandbox', secret: null });
    const secret = 'x'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).payments).toEqual({
      adapter: 'disabled',
    });
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, PAYMENTS: 'sandbox' }),
    ).toThrow('PAYMENTS: the sandbox gives coins away');
    expect(() => loadConfig({ PAYMENTS: 'razorpay' })).toThrow(
      'RAZORPAY_KEY_SECRET: required when PAYMENTS=razorpay',
    );
    expect(
      loadConfig({
        PAYMENTS: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_1',
        RAZORPAY_KEY_SECRET: 'secret-key-1',
        RAZORPAY_WEBHOOK_SECRET: 'hook-secret-1',
      }).payments,
    ).toMatchObject({ adapter: 'razorpay', apiBaseUrl: 'https://api.razorpay.com' });
  });
});

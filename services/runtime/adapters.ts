import type { Logger } from 'pino';
import type { Bus } from '@linkcoin/infra/bus/port.ts';
import type { EventStore } from '@linkcoin/infra/eventstore/port.ts';
import type { Mailer } from '@linkcoin/infra/mail/port.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { UploadStorage } from '@linkcoin/infra/uploads/port.ts';
import type { AppConfig } from '../platform/config.ts';

/**
 * Opens the adapter the configuration names for each port. The distributed adapters are
 * imported only when chosen, so the embedded runtime never loads their client libraries.
 */
/**
 * `soleWriter`: this process holds the data directory's lock, so its SQLite files have no other
 * writer (the stores then trust what they wrote themselves; see their options).
 */
export type OpenOptions = Readonly<{
  soleWriter?: boolean;
  /** SQLite: commit in a worker thread (the store's default: with synchronous=FULL). */
  writerThread?: boolean;
}>;

export const openEventStore = async (
  config: AppConfig,
  logger: Logger,
  options: OpenOptions = {},
): Promise<EventStore> => {
  const settings = config.eventStore;
  if (settings.adapter === 'kurrentdb') {
    const { KurrentDbEventStore } = await import('@linkcoin/infra/eventstore/kurrentdb.ts');
    return new KurrentDbEventStore({ connectionString: settings.url, logger });
  }
  const { SqliteEventStore } = await import('@linkcoin/infra/eventstore/sqlite.ts');
  return new SqliteEventStore({
    path: settings.path,
    synchronous: settings.synchronous,
    soleWriter: options.soleWriter ?? false,
    ...(options.writerThread !== undefined ? { writerThread: options.writerThread } : {}),
  });
};

export const openReadStore = async (
  config: AppConfig,
  options: OpenOptions = {},
): Promise<ReadStore> => {
  const settings = config.readStore;
  if (settings.adapter === 'mongodb') {
    const { MongoReadStore } = await import('@linkcoin/infra/readstore/mongodb.ts');
    const store = new MongoReadStore({ url: settings.url, database: settings.database });
    await store.connect();
    return store;
  }
  const { SqliteReadStore } = await import('@linkcoin/infra/readstore/sqlite.ts');
  return new SqliteReadStore({ path: settings.path, soleWriter: options.soleWriter ?? false });
};

export const openBus = async (config: AppConfig, logger: Logger): Promise<Bus> => {
  const settings = config.bus;
  if (settings.adapter === 'kafka') {
    const { KafkaBus } = await import('@linkcoin/infra/bus/kafka.ts');
    const bus = new KafkaBus({
      brokers: [...settings.brokers],
      clientId: settings.clientId,
      numPartitions: settings.partitions,
      replicationFactor: settings.replicationFactor,
      maxMessageBytes: settings.maxMessageBytes,
      logger,
    });
    await bus.connect();
    return bus;
  }
  const { InProcessBus } = await import('@linkcoin/infra/bus/inprocess.ts');
  return new InProcessBus({ logger });
};

export const openMailer = async (config: AppConfig, logger: Logger): Promise<Mailer> => {
  const settings = config.mail;
  if (settings.adapter === 'smtp') {
    const { SmtpMailer } = await import('@linkcoin/infra/mail/smtp.ts');
    return new SmtpMailer({ url: settings.url, from: settings.from, logger });
  }
  const { OutboxMailer } = await import('@linkcoin/infra/mail/outbox.ts');
  return new OutboxMailer({ directory: settings.directory, from: settings.from, logger });
};

export const openUploadStorage = async (
  config: AppConfig,
  logger?: Logger,
): Promise<UploadStorage> => {
  const settings = config.uploads;
  if (settings.adapter === 'hosted') {
    const { HostedUploadStorage } = await import('@linkcoin/infra/uploads/hosted.ts');
    return new HostedUploadStorage({
      url: settings.url,
      uploadPreset: settings.uploadPreset,
      ...(settings.deliveryUrl ? { deliveryUrl: settings.deliveryUrl } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      ...(logger ? { logger } : {}),
    });
  }
  const { LocalUploadStorage } = await import('@linkcoin/infra/uploads/local.ts');
  return new LocalUploadStorage({ directory: settings.directory });
};

import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';

export type SingletonWorker = Readonly<{ stop: () => Promise<void> }>;

export type SingletonOptions = Readonly<{
  /** The role: the lease is `singleton:<name>`. */
  name: string;
  readStore: Pick<ReadStore, 'acquireLease' | 'releaseLease'>;
  /** Who holds it: this process (`holderId()`). */
  holder: string;
  ttlMs: number;
  logger: Logger;
  /** Starts the role's work; called each time this process takes the lease. */
  start: () => Promise<SingletonWorker>;
}>;

export type Singleton = Readonly<{
  /** Whether this process runs the role now. */
  leading: () => boolean;
  /** Stops the work (when leading) and gives the lease back. */
  stop: () => Promise<void>;
}>;

/** A name for this process in leases: host, pid and a random part (pids are reused). */
export const holderId = (): string => `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;

/**
 * Runs a role of which only one may run at a time (the projector, the process managers, the
 * forwarder) while this process holds its lease in the read store, which every process of the
 * distributed runtime shares. Without it the process stands by and asks again every third of
 * the lease's time; holding it, it renews it as often, and stops the work as soon as a renewal
 * is refused (another process took over after this one stalled) or has failed for longer than
 * the lease leaves, then stands by again. A process that dies simply stops renewing: another
 * takes over once the lease has run out.
 *
 * The lease keeps one runner in steady state; the stores keep a brief overlap harmless: batches
 * skip what another runner applied, checkpoints only move forward, commands carry idempotency
 * keys, and a message forwarded twice is shown once (the gateway drops stream revisions it saw).
 */
export const runSingleton = (options: SingletonOptions): Singleton => {
  const { name, readStore, holder, ttlMs, logger } = options;
  const lease = `singleton:${name}`;
  const every = Math.max(100, Math.floor(ttlMs / 3));
  let stopping = false;
  let leading = false;
  let wake = () => undefined as void;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const ask = async (): Promise<boolean | 'failed'> => {
    try {
      return await readStore.acquireLease(lease, holder, ttlMs);
    } catch (error) {
      logger.warn({ err: error, singleton: name }, 'could not ask for the lease');
      return 'failed';
    }
  };

  const lead = async (): Promise<void> => {
    let worker: SingletonWorker;
    try {
      worker = await options.start();
    } catch (error) {
      logger.error({ err: error, singleton: name }, 'could not start; giving the lease back');
      await readStore.releaseLease(lease, holder).catch(() => undefined);
      await sleep(every);
      return;
    }
    leading = true;
    let renewed = Date.now();
    while (!stopping) {
      await sleep(every);
      if (stopping) break;
      const answer = await ask();
      if (answer === true) {
        renewed = Date.now();
      } else if (answer === false) {
        logger.error({ singleton: name }, 'lost the lease to another process: stopping');
        break;
      } else if (Date.now() - renewed >= ttlMs - every) {
        logger.error({ singleton: name }, 'could not renew the lease in time: stopping');
        break;
      }
    }
    leading = false;
    await worker.stop();
  };

  const loop = (async () => {
    let standing = false;
    while (!stopping) {
      if ((await ask()) !== true) {
        if (!standing) logger.info({ singleton: name }, 'standing by: another process leads');
        standing = true;
        await sleep(every);
        continue;
      }
      standing = false;
      if (stopping) break;
      logger.info({ singleton: name }, 'leading: this process holds the lease');
      await lead();
    }
    await readStore.releaseLease(lease, holder).catch(() => undefined);
  })();

  return {
    leading: () => leading,
    stop: async () => {
      stopping = true;
      wake();
      await loop;
    },
  };
};

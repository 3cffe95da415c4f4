import { ConfigError, loadConfig } from '../platform/config.ts';
import { createLogger } from './logger.ts';
import { ALL_ROLES, startRuntime, type Role, type Runtime } from './runtime.ts';
import { isApiWorker } from '../platform/shared-limits.ts';
import { startApiWorker, startWriter } from './workers.ts';

const banner = (
  runtime: Pick<Runtime, 'config' | 'url' | 'roles' | 'notices'>,
  title: string,
): string => {
  const { config, url, roles } = runtime;
  const lines = [`${title} is running (${roles.join(', ')})`];
  if (roles.includes('api') && config.http.serveFrontends) {
    lines.push(`  Marketplace:    ${url}/`, `  Admin console:  ${url}/admin/`);
  }
  if (roles.includes('api')) lines.push(`  API:            ${url}/api`);

  lines.push(`  Health:         ${url}/healthz  ${url}/readyz`);
  if (config.eventStore.adapter === 'sqlite' || config.readStore.adapter === 'sqlite') {
    lines.push(`  Data directory: ${config.dataDir}`);
  }
  if (config.mail.adapter === 'outbox') lines.push(`  Mail outbox:    ${config.mail.directory}`);
  lines.push(...runtime.notices);
  lines.push('  Stop with Ctrl+C.');
  return lines.join('\n');
};

/**
 * Runs a process of the product until SIGTERM or SIGINT, then shuts it down gracefully.
 * A bad configuration is reported variable by variable before anything starts.
 */
export const runProcess = async (roles: readonly Role[], title: string): Promise<void> => {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config, title.toLowerCase().replaceAll(' ', '-'));
  const embedded = ALL_ROLES.every((role) => roles.includes(role));
  let runtime: Pick<Runtime, 'stop'>;
  try {
    if (embedded && config.workers > 1 && isApiWorker()) {
      // An API worker: its writer prints the banner and handles the signals.
      const worker = await startApiWorker(config, logger.child({ worker: process.pid }));
      process.on('SIGINT', () => undefined);
      process.on('SIGTERM', () => void worker.stop().finally(() => process.exit(0)));
      return;
    }
    if (embedded && config.workers > 1) {
      const writer = await startWriter(config, logger, config.workers);
      const url = await writer.url;
      runtime = writer;
      console.log(
        banner({ ...writer.runtime, url, roles }, title) +
          `\n  Processes:      1 writer (projector, processes, forwarder) and ${config.workers} API workers`,
      );
    } else {
      const started = await startRuntime({ config, roles, logger });
      runtime = started;
      console.log(banner(started, title));
    }
  } catch (error) {
    logger.fatal({ err: error }, 'could not start');
    process.exit(1);
  }

  let signalled = false;
  const shutdown = (reason: string, exitCode: number) => {
    if (signalled) {
      logger.warn('second signal: exiting at once');
      process.exit(exitCode || 1);
    }
    signalled = true;
    logger.info({ reason }, 'shutting down: no new requests, finishing those in flight');
    runtime
      .stop()
      .then(() => {
        logger.info('stopped');
        process.exit(exitCode);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM', 0));
  process.on('SIGINT', () => shutdown('SIGINT', 0));
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    shutdown('uncaught exception', 1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'unhandled promise rejection');
    shutdown('unhandled rejection', 1);
  });
};

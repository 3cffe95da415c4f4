import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from './config.ts';

/**
 * Paths never written to the logs: credentials, one-time codes and tokens, wherever they appear.
 * Handlers also never log request bodies.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.confirmPassword',
  '*.otp',
  '*.code',
  '*.token',
  '*.credential',
  '*.secret',
  '*.verificationToken',
];

export const createLogger = (config: Pick<AppConfig, 'log'>, name = 'linkcoin'): Logger => {
  const options = {
    name,
    level: config.log.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  if (config.log.format === 'pretty') {
    // Synchronous pretty printing: readable in a terminal, nothing lost at shutdown.
    return pino(
      options,
      pretty({
        colorize: true,
        sync: true,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname,name',
      }),
    );
  }
  return pino(options);
};

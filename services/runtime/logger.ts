import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from '../platform/config.ts';

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
  // Asynchronous writes: a line is handed to the thread pool instead of blocking the request
  // that logs it, and lines logged while a write is under way go out together in the next one.
  // Nothing waits for a full buffer (lines appear at once when the server is quiet), and pino
  // flushes what is pending synchronously when the process exits, even after a fatal error.
  return pino(options, pino.destination({ dest: 1, sync: false }));
};

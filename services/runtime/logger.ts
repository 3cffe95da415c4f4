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

type LineFields = {
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
};

/**
 * The pretty line's message: an access line reads `PUT /api/x 200 3 ms [request id]`, any other
 * line bound to a request ends with its id. Its `req`, `res` and `responseTime` fields are not
 * printed again (pretty lines are for a terminal; JSON keeps every field).
 */
export const prettyMessage = (log: Record<string, unknown>, messageKey: string): string => {
  const { req, res, responseTime } = log as LineFields;
  const message = String(log[messageKey] ?? '');
  if (req && res?.statusCode !== undefined) {
    const aborted = message === 'request aborted' ? ' (aborted)' : '';
    return `${req.method} ${req.url} ${res.statusCode} ${responseTime ?? '?'} ms${aborted} [${req.id}]`;
  }
  return req?.id ? `${message} [${req.id}]` : message;
};

export const createLogger = (
  config: Pick<AppConfig, 'log'>,
  name = 'linkcoin',
  /** Where lines go (tests); standard output otherwise. */
  destination?: NodeJS.WritableStream,
): Logger => {
  const options = {
    name,
    level: config.log.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  if (config.log.format === 'pretty') {
    // Synchronous pretty printing: readable in a terminal, nothing lost at shutdown; one line a
    // record (an error's stack excepted), as a disk or a terminal can hold at load.
    return pino(
      options,
      pretty({
        colorize: true,
        sync: true,
        singleLine: true,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname,name,req,res,responseTime',
        messageFormat: prettyMessage,
        ...(destination ? { destination, colorize: false } : {}),
      }),
    );
  }
  // Asynchronous writes: a line is handed to the thread pool instead of blocking the request
  // that logs it, and lines logged while a write is under way go out together in the next one.
  // Nothing waits for a full buffer (lines appear at once when the server is quiet), and pino
  // flushes what is pending synchronously when the process exits, even after a fatal error.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
};

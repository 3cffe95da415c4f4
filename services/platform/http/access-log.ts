import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler } from 'express';
import type { Level as PinoLevel, Logger } from 'pino';
import { requestIdFor } from './request-id.ts';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id: a proxy's sane X-Request-Id, else one of ours (request-id.ts). */
    id: string;
    /** A logger bound to this request (its id, method and path), made on first use. */
    log: Logger;
  }
}

type Level = 'debug' | 'info' | 'error';

/** The logger each app's requests log to (`req.log` is its child). */
const loggers = new WeakMap<object, Logger>();

/**
 * Whether a request's log takes lines at this level: a line that would be dropped (a debug line
 * in production) need not make the request's child logger at all.
 */
export const logsAt = (req: Request, level: PinoLevel): boolean =>
  loggers.get(req.app)?.isLevelEnabled(level) ?? true;

/**
 * A success is routine (debug: off in production unless asked for), a refusal is the client's
 * doing and worth a line (info), a failure or an answer never finished is ours (error).
 */
const levelOf = (res: ServerResponse, finished: boolean): Level =>
  !finished || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug';

/** When a logged request started (`Date.now()`), kept on its response. */
const STARTED = Symbol('started');
type Timed = ServerResponse<IncomingMessage & { originalUrl?: string }> & { [STARTED]?: number };

/** The request as the log shows it: never the query string (it may carry a code or a token). */
const requestFields = (req: IncomingMessage & { originalUrl?: string }) => ({
  id: req.id,
  method: req.method,
  url: (req.originalUrl ?? req.url ?? '').split('?')[0],
});

/**
 * The access log: one line per request, when its answer is sent (or the client goes away), with
 * the request's id, method, path, status and time: at `debug` for a success (2xx, 3xx), `info`
 * for a refusal (4xx), `error` for a failure (5xx, or an answer never finished). At the default
 * level (`info`) a successful request writes nothing and builds nothing.
 *
 * It is written without the redaction pass: the line holds only the fields built here (a path,
 * a status, numbers), never a header, a body or a query string, so no redacted path can occur in
 * it, and the pass cost more than the rest of the line. Every other log line of a request goes
 * through `req.log`, a child of the redacting logger made only when a handler logs something
 * (most requests never do), instead of two child loggers made for every request.
 */
export const installAccessLog = (
  app: Express,
  logger: Logger,
  options: {
    ignore?: (path: string) => boolean;
    /**
     * The app's next middleware for every request (compression), run in this one layer of the
     * app's router as if it were the layer after it: one router step less per request.
     */
    then?: RequestHandler;
  } = {},
): void => {
  const then = options.then;
  const access = logger.child({}, { redact: { paths: [] } });
  loggers.set(app, logger);
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request): Logger {
      const log = logger.child({ req: requestFields(this) });
      Object.defineProperty(this, 'log', { value: log, configurable: true });
      return log;
    },
  });
  // One listener for every answer (a response closes once), reading its request and start from
  // the response: no closure and no `once` wrapper made per request.
  function onClose(this: Timed): void {
    const finished = this.writableFinished;
    const level = levelOf(this, finished);
    if (!access.isLevelEnabled(level)) return;
    access[level](
      {
        req: requestFields(this.req),
        res: { statusCode: this.statusCode },
        responseTime: Date.now() - (this[STARTED] ?? 0),
      },
      finished ? 'request completed' : 'request aborted',
    );
  }
  app.use((req, res, next) => {
    req.id = requestIdFor(req, res);
    if (!options.ignore?.(req.path)) {
      (res as Timed)[STARTED] = Date.now();
      res.on('close', onClose);
    }
    if (then) void then(req, res, next);
    else next();
  });
};

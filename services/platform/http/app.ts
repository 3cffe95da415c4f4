import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { installAccessLog } from './access-log.ts';
import { errorHandler, notFoundApi } from './errors.ts';
import { checkJsonBody, keepRawBody } from './json-guard.ts';
import { securityHeaders, setJsonSecurityHeaders } from './security.ts';
import { healthRoutes, type HealthSources } from './health.ts';
import type { FirstScreen } from './first-screen.ts';
import { frontends, uploadedImages } from './static.ts';

export type AppOptions = Readonly<{
  logger: Logger;
  health: HealthSources;
  bodyLimit: string;
  trustProxy: number;
  /** The API's endpoints (`endpointRouter`), mounted under /api. */
  api?: RequestHandler;
  serveFrontends: boolean;
  /** Where the built front ends are (the repository's dist folders unless given). */
  frontendDists?: Readonly<{ user: string; admin: string }>;
  /** Pages served outside /api, before the front ends (the payment sandbox's approval page). */
  pages?: readonly Readonly<{ path: string; handler: RequestHandler }>[];
  /** The user app's routes whose first screen the server paints (`FirstScreen`). */
  firstScreens?: readonly FirstScreen[];
  /** Where locally stored uploads live; served under /uploads (absent with a hosted store). */
  uploadsDirectory?: string;
}>;

/**
 * What every request under /api meets first, in this order: the JSON answers' security headers
 * (`jsonSecurityHeaders`), the JSON body parser, then `jsonGuard`'s check of the parsed body; a
 * parser's or the guard's refusal goes to the API's error handler. A request without a body
 * (neither a length nor a transfer encoding, as the parser judges it) skips both. One middleware rather than
 * three: each layer of an express router costs a match and a `next` on every request.
 */
const apiEntry =
  (parseJson: RequestHandler): RequestHandler =>
  (req, res, next) => {
    setJsonSecurityHeaders(res);
    if (
      req.headers['content-length'] === undefined &&
      req.headers['transfer-encoding'] === undefined
    ) {
      // No body (a read): what the parser would do, without its checks and its debug calls.
      req.body = undefined;
      return next();
    }
    void parseJson(req, res, (error?: unknown) => {
      if (error) return next(error);
      try {
        checkJsonBody(req.body);
      } catch (refusal) {
        return next(refusal);
      }
      next();
    });
  };

/**
 * The API under /api, one layer of the app's router: the entry (`apiEntry`), the endpoints, the
 * JSON 404 when no endpoint answered, and the JSON error handler for whatever any of them passes
 * on or throws, as an express router holding those four would run them (an error the handler
 * cannot answer, once an answer has begun, goes on to the app). Written out rather than a router
 * of its own: a router's dispatch (its closures, its matching of each layer) on every request
 * was a level the endpoints' own routers already pay.
 */
const apiChain =
  (entry: RequestHandler, endpoints: RequestHandler | undefined): RequestHandler =>
  (req, res, next) => {
    const fail = (error: unknown): void => {
      try {
        errorHandler(error, req, res, next);
      } catch (thrown) {
        next(thrown);
      }
    };
    const notFound = (): void => {
      try {
        void notFoundApi(req, res, next);
      } catch (thrown) {
        fail(thrown);
      }
    };
    const afterEntry = (error?: unknown): void => {
      if (error) return fail(error);
      if (!endpoints) return notFound();
      try {
        void endpoints(req, res, (passed?: unknown) => (passed ? fail(passed) : notFound()));
      } catch (thrown) {
        fail(thrown);
      }
    };
    try {
      void entry(req, res, afterEntry);
    } catch (thrown) {
      fail(thrown);
    }
  };

/**
 * The API run from the app's first layer for a request under /api, mounted as `app.use('/api',
 * api)` mounts it: the path under /api in `req.url`, the /api it came with in `req.baseUrl`, both restored if
 * it passes the request on (an error it cannot answer). One layer of the app's router less per
 * request, and its matching. Anything else, and a request naming its host in its target
 * (`GET http://host/api/…`, which express's own mount handles), goes on to the next layer.
 */
const apiShortcut =
  (api: RequestHandler): RequestHandler =>
  (req, res, next) => {
    const { url } = req;
    const after = url.charCodeAt(4);
    if (
      url.charCodeAt(0) !== 47 /* '/' */ ||
      url.slice(0, 4).toLowerCase() !== '/api' ||
      !(Number.isNaN(after) || after === 47 /* '/' */ || after === 63) /* '?' */
    ) {
      return next();
    }
    const rest = url.slice(4);
    req.baseUrl = url.slice(0, 4);
    req.url = rest.charCodeAt(0) === 47 ? rest : `/${rest}`;
    void api(req, res, (error?: unknown) => {
      req.url = url;
      req.baseUrl = '';
      next(error ?? new Error('The API passed a request on without answering it'));
    });
  };

/** Two middlewares as one layer: the second runs when the first passes on without an error. */
const inTurn =
  (first: RequestHandler, second: RequestHandler): RequestHandler =>
  (req, res, next) => {
    void first(req, res, (error?: unknown) => (error ? next(error) : void second(req, res, next)));
  };

/** Smaller answers go as they are: a few hundred bytes gain less than compressing them costs. */
export const COMPRESS_ABOVE_BYTES = 1024;

/**
 * Compression for the clients that accept an encoding. A request without Accept-Encoding can
 * only be answered as it is (the middleware's default), so it skips the middleware's hooks on
 * every answer (its writeHead, write and end wrappers, a close listener, the negotiation) and is
 * only told, as the middleware tells it, that answers vary by Accept-Encoding.
 */
const compressWhenAccepted = (): RequestHandler => {
  const compress = compression({ threshold: COMPRESS_ABOVE_BYTES });
  return (req, res, next) => {
    if (req.headers['accept-encoding'] === undefined) {
      res.setHeader('Vary', 'Accept-Encoding');
      next();
      return;
    }
    void compress(req, res, next);
  };
};

/**
 * The HTTP edge: request ids and the access log, the JSON API under /api (its headers, body
 * limits, JSON errors, JSON 404s), health, then the documents: uploaded images and the two built
 * front ends, with helmet's document headers (CSP and the rest).
 *
 * Answers above 1 KB (JSON, CSV exports, HTML pages) are compressed for clients that accept it;
 * the built front ends' files come precompressed and are sent as they are.
 *
 * The API answers every request under /api itself (a JSON 404 at the end), so the documents'
 * headers and routes are never run for it. API answers carry no ETag: they are `no-store`, so a
 * hash of every answer would only cost time.
 */
export const createApp = (options: AppOptions): Express => {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy);
  const api = apiChain(
    apiEntry(express.json({ limit: options.bodyLimit, verify: keepRawBody })),
    options.api,
  );
  installAccessLog(app, options.logger, {
    ignore: (path) => path === '/healthz' || path === '/readyz',
    then: inTurn(compressWhenAccepted(), apiShortcut(api)),
  });

  app.use('/api', api);
  app.use(healthRoutes(options.health));

  app.use(securityHeaders());
  if (options.uploadsDirectory) app.use('/uploads', uploadedImages(options.uploadsDirectory));
  for (const page of options.pages ?? []) app.use(page.path, page.handler);
  if (options.serveFrontends)
    app.use(frontends(options.logger, options.frontendDists, options.firstScreens));
  app.use(errorHandler);
  return app;
};

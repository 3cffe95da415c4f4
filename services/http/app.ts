import express, { type Express, type RequestHandler, type Router } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { errorHandler, notFoundApi } from './errors.ts';
import { jsonGuard, keepRawBody } from './json-guard.ts';
import { requestIdFor } from './request-id.ts';
import { securityHeaders } from './security.ts';
import { healthRoutes, type HealthSources } from './health.ts';
import { frontends, uploadedImages } from './static.ts';

export type AppOptions = Readonly<{
  logger: Logger;
  health: HealthSources;
  bodyLimit: string;
  trustProxy: number;
  /** The API's feature routers, mounted under /api. */
  api?: Router;
  serveFrontends: boolean;
  /** Pages served outside /api, before the front ends (the payment sandbox's approval page). */
  pages?: readonly Readonly<{ path: string; handler: RequestHandler }>[];
  /** Where locally stored uploads live; served under /uploads (absent with a hosted store). */
  uploadsDirectory?: string;
}>;

/**
 * The HTTP edge: request ids and logs, security headers, health, the JSON API under /api
 * (body limits, JSON errors, JSON 404s), and the two built front ends.
 */
export const createApp = (options: AppOptions): Express => {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy);
  app.use(
    pinoHttp({
      logger: options.logger,
      genReqId: requestIdFor,
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url.split('?')[0],
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(securityHeaders());
  app.use(healthRoutes(options.health));

  const api = express.Router();
  api.use(express.json({ limit: options.bodyLimit, verify: keepRawBody }));
  api.use(jsonGuard);
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  if (options.api) api.use(options.api);
  api.use(notFoundApi);
  api.use(errorHandler);
  app.use('/api', api);

  if (options.uploadsDirectory) app.use('/uploads', uploadedImages(options.uploadsDirectory));
  for (const page of options.pages ?? []) app.use(page.path, page.handler);
  if (options.serveFrontends) app.use(frontends(options.logger));
  app.use(errorHandler);
  return app;
};

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type Request, type RequestHandler, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { Logger } from 'pino';
import { REPO_ROOT } from '../config.ts';
import { firstScreenPage, type FirstScreen } from './first-screen.ts';

export const USER_APP_DIST = resolve(REPO_ROOT, 'frontend-user/dist');
export const ADMIN_APP_DIST = resolve(REPO_ROOT, 'frontend-admin/dist');

const wantsPage = (req: Request) =>
  (req.method === 'GET' || req.method === 'HEAD') && req.accepts(['html', 'json']) === 'html';

const notBuilt =
  (name: string): RequestHandler =>
  (_req, res) => {
    res
      .status(503)
      .type('html')
      .send(
        `<!doctype html><title>LinkCoin</title><p>The ${name} is not built yet. Run <code>make start</code> (or <code>npm run build</code>) and reload.</p>`,
      );
  };

/**
 * Serves one built single-page app: hashed assets cached for a year, everything else (index.html,
 * the manifest, icons, robots) revalidated. The build writes a brotli and a gzip copy beside each
 * compressible file (tooling/vite-performance.ts); the copy the browser accepts is sent, with
 * `Vary: Accept-Encoding`, so nothing is compressed per request.
 */
const singlePageApp = (
  dist: string,
  name: string,
  logger: Logger,
  firstScreens: readonly FirstScreen[] = [],
): Router => {
  const router = express.Router();
  const index = join(dist, 'index.html');
  if (!existsSync(index)) {
    logger.warn({ dist }, `the ${name} is not built; serving a notice instead`);
    router.use((req, res, next) => (wantsPage(req) ? notBuilt(name)(req, res, next) : next()));
    return router;
  }
  const assets = join(dist, 'assets');
  const files: RequestHandler = expressStaticGzip(dist, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'Cache-Control',
          path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    },
  });
  router.use(files);
  // Routes whose first screen the server paints: index.html (read once) with the route's parts.
  let template: string | null = null;
  const readTemplate = () => (template ??= readFileSync(index, 'utf8'));
  for (const screen of firstScreens) router.get(screen.path, firstScreenPage(readTemplate, screen));
  // History fallback: client-side routes get the app's index.html (its compressed copy too).
  router.use((req, res, next) => {
    if (!wantsPage(req)) return next();
    const url = req.url;
    req.url = '/index.html';
    files(req, res, (error?: unknown) => {
      req.url = url;
      next(error);
    });
  });
  return router;
};

/**
 * The user app at `/` and the console at `/admin`, from one port with the API; `firstScreens`
 * are the user app's routes whose first screen comes with the HTML (the contexts' parts).
 */
export const frontends = (
  logger: Logger,
  dists: Readonly<{ user: string; admin: string }> = { user: USER_APP_DIST, admin: ADMIN_APP_DIST },
  firstScreens: readonly FirstScreen[] = [],
): Router => {
  const router = express.Router();
  // `/admin` becomes `/admin/` (query kept) so the console's relative URLs resolve.
  router.use((req, res, next) => {
    if (req.path !== '/admin') return next();
    const queryAt = req.originalUrl.indexOf('?');
    res.redirect(301, `/admin/${queryAt === -1 ? '' : req.originalUrl.slice(queryAt)}`);
  });
  router.use('/admin', singlePageApp(dists.admin, 'admin console', logger));
  router.use(singlePageApp(dists.user, 'user app', logger, firstScreens));
  return router;
};

/**
 * Uploaded images, by their random names. Served as images only: no sniffing, no scripts, and
 * cached for good (a name is never reused). Anything else under /uploads is a 404.
 */
export const uploadedImages = (directory: string): Router => {
  const router = express.Router();
  router.use((req, res, next) => {
    if (!/^\/[0-9a-f-]{36}\.(jpg|png|webp|gif)$/.test(req.path)) {
      res.status(404).json({ success: false, message: 'No such upload' });
      return;
    }
    next();
  });
  router.use(
    express.static(directory, {
      index: false,
      dotfiles: 'deny',
      fallthrough: false,
      setHeaders: (res) => {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'");
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      },
    }),
  );
  return router;
};

import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { logsAt } from './access-log.ts';
import { createApp } from './app.ts';
import { parseBody } from './validate.ts';
import { frontends } from './static.ts';

const logger = pino({ level: 'silent' });
const healthy = { status: async () => ({ port: 'eventstore', adapter: 'test', ok: true }) };

const testApi = () => {
  const router = express.Router();
  const schema = z.object({
    email: z.email(),
    name: z.string().min(1, 'Please enter both name and email').max(50),
  });
  router.post('/echo', (req, res) => {
    const input = parseBody(schema, req);
    res.json({ success: true, input });
  });
  router.get('/refused', () => {
    throw new DomainError('forbidden', 'Access restricted to administrators only');
  });
  router.get('/boom', () => {
    throw new Error('database password is hunter2');
  });
  return router;
};

const appWith = (overrides: Partial<Parameters<typeof createApp>[0]> = {}) =>
  createApp({
    logger,
    health: { ports: [healthy], startedAt: new Date() },
    bodyLimit: '1kb',
    trustProxy: 0,
    serveFrontends: false,
    api: testApi(),
    ...overrides,
  });

describe('the HTTP edge', () => {
  const app = appWith();

  it('answers /healthz and /readyz with each port', async () => {
    await request(app)
      .get('/healthz')
      .expect(200)
      .expect((res) => {
        expect(res.body).toMatchObject({ success: true, status: 'ok' });
      });
    const ready = await request(app).get('/readyz').expect(200);
    expect(ready.body).toEqual({ success: true, status: 'ready' });
  });

  it('shows the details of /readyz only to whom the runtime allows (admins)', async () => {
    const detailed = appWith({
      health: {
        ports: [healthy],
        startedAt: new Date(),
        showsDetailsTo: async (req) => req.get('Authorization') === 'Bearer admin',
      },
    });
    const anonymous = await request(detailed).get('/readyz').expect(200);
    expect(anonymous.body).toEqual({ success: true, status: 'ready' });
    const admin = await request(detailed)
      .get('/readyz')
      .set('Authorization', 'Bearer admin')
      .expect(200);
    expect(admin.body).toEqual({
      success: true,
      status: 'ready',
      ports: [{ port: 'eventstore', adapter: 'test', ok: true }],
      projections: [],
    });
  });

  it('is not ready when a port is down or a projection is failing', async () => {
    const down = appWith({
      health: {
        showsDetailsTo: async () => true,
        ports: [
          healthy,
          {
            status: async () => ({
              port: 'bus',
              adapter: 'kafka',
              ok: false,
              detail: 'no brokers',
            }),
          },
        ],
        startedAt: new Date(),
      },
    });
    const answer = await request(down).get('/readyz').expect(503);
    expect(answer.body.status).toBe('not_ready');
    expect(answer.body.ports[1]).toMatchObject({ port: 'bus', ok: false, detail: 'no brokers' });

    const failing = appWith({
      health: {
        showsDetailsTo: async () => true,
        ports: [healthy],
        startedAt: new Date(),
        progress: {
          waitFor: async () => true,
          statuses: async () => [
            { name: 'directory', state: 'failing', position: 3, head: 10, lag: 7, lastError: 'x' },
          ],
        },
      },
    });
    const failingAnswer = await request(failing).get('/readyz').expect(503);
    expect(failingAnswer.body.projections[0]).toMatchObject({ name: 'directory', lag: 7 });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await request(app).get('/api/no/such/thing?x=1').expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ success: false, message: 'No API endpoint GET /api/no/such/thing' });
  });

  it('validates input with the schema, naming the field in words or using the spec text', async () => {
    const bad = await request(app).post('/api/echo').send({ email: 'nope', name: 'A' }).expect(400);
    expect(bad.body).toEqual({ success: false, message: 'The email is not valid.' });
    const spec = await request(app)
      .post('/api/echo')
      .send({ email: 'a@b.co', name: '' })
      .expect(400);
    expect(spec.body).toEqual({ success: false, message: 'Please enter both name and email' });
    const missing = await request(app).post('/api/echo').send({}).expect(400);
    expect(missing.body.message).toBe('Enter the email.');
    const wrongType = await request(app)
      .post('/api/echo')
      .send({ email: 'a@b.co', name: 7 })
      .expect(400);
    expect(wrongType.body.message).toBe('The name is not in the expected form.');
    await request(app).post('/api/echo').send({ email: 'a@b.co', name: 'Asha' }).expect(200);
  });

  it('refuses malformed JSON and bodies over the limit', async () => {
    const malformed = await request(app)
      .post('/api/echo')
      .set('Content-Type', 'application/json')
      .send('{"email":')
      .expect(400);
    expect(malformed.body).toEqual({
      success: false,
      message: 'The request body is not valid JSON',
    });
    const large = await request(app)
      .post('/api/echo')
      .send({ email: 'a@b.co', name: 'x'.repeat(5000) })
      .expect(413);
    expect(large.body).toEqual({ success: false, message: 'The request body is too large' });
  });

  it('maps refusals to their status and hides unexpected errors', async () => {
    const refused = await request(app).get('/api/refused').expect(403);
    expect(refused.body).toEqual({
      success: false,
      message: 'Access restricted to administrators only',
    });
    const boom = await request(app).get('/api/boom').expect(500);
    expect(boom.body.success).toBe(false);
    expect(JSON.stringify(boom.body)).not.toContain('hunter2');
  });

  it('gives every response a request id, keeping a sane one from the caller', async () => {
    const generated = await request(app).get('/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(app).get('/healthz').set('X-Request-Id', 'proxy-id-12345');
    expect(kept.headers['x-request-id']).toBe('proxy-id-12345');
    const replaced = await request(app).get('/healthz').set('X-Request-Id', 'bad id <script>');
    expect(replaced.headers['x-request-id']).not.toBe('bad id <script>');
  });

  it('sends security headers and never caches API answers', async () => {
    for (const path of ['/api/no-such', '/api/echo', '/healthz']) {
      const res = await request(app).get(path);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it("gives documents (anything outside the API) the front ends' content security policy", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linkcoin-dist-'));
    try {
      for (const name of ['user', 'admin']) {
        await mkdir(join(dir, name), { recursive: true });
        await writeFile(join(dir, name, 'index.html'), '<!doctype html><title>App</title>');
      }
      const withPages = appWith({
        serveFrontends: true,
        frontendDists: { user: join(dir, 'user'), admin: join(dir, 'admin') },
      });
      for (const path of ['/', '/Profile/abc', '/admin/']) {
        const res = await request(withPages).get(path).set('Accept', 'text/html').expect(200);
        expect(res.text).toContain('<title>App</title>');
        expect(res.headers['content-security-policy']).toContain("default-src 'self'");
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
        expect(res.headers['content-security-policy']).toContain(
          'https://accounts.google.com/gsi/client',
        );
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
        expect(res.headers['x-powered-by']).toBeUndefined();
      }
      // The API beside them keeps its own headers.
      const api = await request(withPages).get('/api/no-such').expect(404);
      expect(api.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the API under /api', () => {
  /** What the API sees of a request: each URL field express's mount would give it. */
  const seen: express.RequestHandler = (req, res) => {
    if (req.path === '/fail-after-answering') {
      res.status(200).write('partial');
      throw new Error('failed after the answer began');
    }
    res.json({ url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl, path: req.path });
  };
  const mounted = appWith({ api: seen });
  const reference = express().use('/api', seen);

  /** A raw GET with this exact request target (supertest cannot send an absolute-form one). */
  const rawGet = (app: express.Express, target: string) =>
    new Promise<{ status: number; body: string; complete: boolean }>((resolve, reject) => {
      const server = app.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        get({ host: '127.0.0.1', port, path: target }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('error', () => undefined);
          res.on('close', () => {
            server.close();
            resolve({ status: res.statusCode ?? 0, body, complete: res.complete });
          });
        }).on('error', reject);
      });
    });

  it('gives the API each URL field as express mounting it at /api would', async () => {
    const targets = [
      '/api/pageowners/users',
      '/API/PageOwners/users?x=1',
      '/api',
      '/api/',
      '/api?x=1',
      '/api//two//slashes/',
      '/api/%61pi',
      'http://localhost/api/pageowners/users?x=1',
    ];
    for (const target of targets) {
      const [mine, theirs] = await Promise.all([
        rawGet(mounted, target),
        rawGet(reference, target),
      ]);
      expect({ target, ...mine }).toEqual({ target, ...theirs });
      expect(mine.status, target).toBe(200);
    }
  });

  it('leaves paths that only begin like /api to the rest of the app', async () => {
    for (const target of ['/apis', '/api-docs/x', '/%61pi/x']) {
      const answer = await rawGet(mounted, target);
      expect(answer.status, target).toBe(404);
      expect(answer.body, target).not.toContain('originalUrl');
    }
  });

  it('passes on an error it cannot answer once its answer has begun', async () => {
    const answer = await rawGet(mounted, '/api/fail-after-answering');
    // The app's last handler cuts an answer it cannot finish: the client sees it incomplete.
    expect(answer).toMatchObject({ status: 200, body: 'partial', complete: false });
  });
});

describe('the access log', () => {
  const captured = (level: 'debug' | 'info' = 'info') => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level, redact: { paths: ['*.password', 'req.headers.authorization'] } },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    return { lines, logger };
  };

  it('writes one line per request: id, method, path without the query, status, time', async () => {
    const { lines, logger } = captured('debug');
    const app = appWith({ logger });
    await request(app)
      .post('/api/echo?code=123456')
      .set('X-Request-Id', 'proxy-id-12345')
      .send({ email: 'a@b.co', name: 'Asha' })
      .expect(200);
    await request(app).get('/api/refused').expect(403);
    await request(app).get('/api/boom').expect(500);
    await request(app).get('/healthz').expect(200);
    const access = lines.filter((line) => line.msg === 'request completed');
    expect(access).toHaveLength(3);
    expect(access[0]).toMatchObject({
      level: 20,
      req: { id: 'proxy-id-12345', method: 'POST', url: '/api/echo' },
      res: { statusCode: 200 },
    });
    expect(typeof access[0]!.responseTime).toBe('number');
    expect(access[1]).toMatchObject({ level: 30, req: { url: '/api/refused' } });
    expect(access[2]).toMatchObject({ level: 50, res: { statusCode: 500 } });
    expect(JSON.stringify(lines)).not.toContain('123456');
    expect(JSON.stringify(lines)).not.toContain('Asha');
  });

  it('at the default level, logs refusals and failures but not successes', async () => {
    const { lines, logger } = captured('info');
    const app = appWith({ logger });
    await request(app).post('/api/echo').send({ email: 'a@b.co', name: 'Asha' }).expect(200);
    await request(app).get('/api/refused').expect(403);
    await request(app).get('/api/boom').expect(500);
    const access = lines.filter((line) => line.msg === 'request completed');
    expect(access.map((line) => line.res)).toEqual([{ statusCode: 403 }, { statusCode: 500 }]);
  });

  it('tells whether a request logs at a level, as its logger does', async () => {
    const { logger } = captured();
    const api = express.Router();
    api.get('/levels', (req, res) => {
      res.json({ debug: logsAt(req, 'debug'), info: logsAt(req, 'info') });
    });
    const answer = await request(appWith({ logger, api })).get('/api/levels').expect(200);
    expect(answer.body).toEqual({ debug: false, info: true });
  });

  it("binds a request's own log lines to it, redacted like every other line", async () => {
    const { lines, logger } = captured();
    const api = express.Router();
    api.post('/secret', (req, res) => {
      req.log.info({ body: { password: 'hunter2' } }, 'a handler line');
      res.json({ success: true });
    });
    await request(appWith({ logger, api }))
      .post('/api/secret')
      .set('X-Request-Id', 'proxy-id-67890')
      .send({})
      .expect(200);
    const line = lines.find((l) => l.msg === 'a handler line');
    expect(line).toMatchObject({
      req: { id: 'proxy-id-67890', method: 'POST', url: '/api/secret' },
      body: { password: '[Redacted]' },
    });
    expect(JSON.stringify(lines)).not.toContain('hunter2');
  });
});

describe('the front ends from one port', () => {
  let dir: string;
  let app: express.Express;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'linkcoin-dist-'));
    for (const [name, title] of [
      ['user', 'User app'],
      ['admin', 'Console'],
    ] as const) {
      await mkdir(join(dir, name, 'assets'), { recursive: true });
      await writeFile(join(dir, name, 'index.html'), `<!doctype html><title>${title}</title>`);
      await writeFile(join(dir, name, 'assets', 'app-abc123.js'), `console.log('${name}')`);
    }
    // As the build leaves them: a brotli and a gzip copy beside the entry chunk and the page.
    for (const file of ['assets/app-abc123.js', 'index.html']) {
      const path = join(dir, 'user', file);
      const content = await readFile(path);
      await writeFile(`${path}.br`, brotliCompressSync(content));
      await writeFile(`${path}.gz`, gzipSync(content));
    }
    app = express();
    app.use('/api', (_req, res) => res.status(404).json({ success: false, message: 'api' }));
    app.use(frontends(logger, { user: join(dir, 'user'), admin: join(dir, 'admin') }));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves the user app with history fallback for client routes', async () => {
    for (const path of ['/', '/AboutUs', '/Profile/abc', '/launcPage']) {
      const res = await request(app).get(path).set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<title>User app</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the console under /admin with its own fallback', async () => {
    await request(app).get('/admin').expect(301).expect('Location', '/admin/');
    for (const path of ['/admin/', '/admin/otp-records', '/admin/users/42/show']) {
      const res = await request(app).get(path).set('Accept', 'text/html').expect(200);
      expect(res.text).toContain('<title>Console</title>');
    }
  });

  it('caches hashed assets for a year and does not answer JSON clients with a page', async () => {
    const asset = await request(app).get('/assets/app-abc123.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await request(app).get('/admin/assets/app-abc123.js').expect(200, "console.log('admin')");
    await request(app).get('/missing.js').set('Accept', 'application/json').expect(404);
  });

  it('sends the precompressed copy the browser accepts, brotli first, and says it varies', async () => {
    // supertest decodes what it receives: the headers tell which copy was sent.
    const br = await request(app)
      .get('/assets/app-abc123.js')
      .set('Accept-Encoding', 'gzip, deflate, br')
      .buffer(true)
      .expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.text).toBe("console.log('user')");

    const gzip = await request(app)
      .get('/assets/app-abc123.js')
      .set('Accept-Encoding', 'gzip')
      .buffer(true)
      .expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe("console.log('user')");

    const plain = await request(app)
      .get('/assets/app-abc123.js')
      .set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.text).toBe("console.log('user')");

    // A client route gets the page's compressed copy too, revalidated every time.
    const page = await request(app)
      .get('/influencers?search=travel')
      .set('Accept', 'text/html')
      .set('Accept-Encoding', 'br')
      .buffer(true)
      .expect(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html; charset=utf-8$/i);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain('<title>User app</title>');
  });
});

describe('compression of answers', () => {
  const router = express.Router();
  router.get('/big', (_req, res) => {
    res.json({ items: Array.from({ length: 200 }, (_, id) => ({ id, name: `Creator ${id}` })) });
  });
  router.get('/small', (_req, res) => {
    res.json({ success: true });
  });
  const app = appWith({ api: router });

  it('compresses JSON answers above 1 KB for clients that accept it, and not small ones', async () => {
    const big = await request(app).get('/api/big').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['vary']).toContain('Accept-Encoding');
    expect((big.body as { items: unknown[] }).items).toHaveLength(200);

    const gzip = await request(app).get('/api/big').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const small = await request(app).get('/api/small').set('Accept-Encoding', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toEqual({ success: true });

    const identity = await request(app).get('/api/big').set('Accept-Encoding', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('answers a client that names no encoding as it is, still varying by Accept-Encoding', async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      // node:http sends no Accept-Encoding unless told (supertest and fetch always send one).
      const answer = await new Promise<{ headers: IncomingHttpHeaders; body: string }>(
        (resolve, reject) => {
          get({ host: '127.0.0.1', port, path: '/api/big' }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ headers: res.headers, body }));
          }).on('error', reject);
        },
      );
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['vary']).toContain('Accept-Encoding');
      expect((JSON.parse(answer.body) as { items: unknown[] }).items).toHaveLength(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

/**
 * What the edge refuses before any handler runs: bodies that reach prototypes or nest without
 * end, and anything an endpoint did not declare it takes.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { edgeApp } from '../../testing/edge-app.ts';
import { anyone, endpointRouter, type Endpoint } from './endpoint.ts';
import { parseBody, parseQuery } from './validate.ts';

const seen: unknown[] = [];
const endpoints: Endpoint[] = [
  {
    method: 'post',
    path: '/items',
    summary: 'takes a body',
    access: anyone,
    input: { body: z.object({ name: z.string().max(20), tags: z.array(z.string()).optional() }) },
    handler: (req, res) => {
      const body = parseBody(z.object({ name: z.string() }), req);
      seen.push(body);
      res.json({ success: true, name: body.name });
    },
  },
  {
    method: 'get',
    path: '/items',
    summary: 'takes a query',
    access: anyone,
    input: { query: z.object({ page: z.string().regex(/^\d+$/).optional() }) },
    handler: (req, res) => {
      res.json({ success: true, ...parseQuery(z.object({ page: z.string().optional() }), req) });
    },
  },
  {
    method: 'post',
    path: '/ping',
    summary: 'takes nothing',
    access: anyone,
    input: {},
    handler: (_req, res) => res.json({ success: true }),
  },
];

const app = edgeApp({ api: endpointRouter(endpoints, async () => ({ kind: 'anonymous' })) });

const refused = async (
  send: () => request.Test,
  status: number,
  message: string | RegExp,
): Promise<void> => {
  const before = seen.length;
  const answer = await send().expect(status);
  expect(answer.body.success).toBe(false);
  if (typeof message === 'string') expect(answer.body.message).toBe(message);
  else expect(answer.body.message).toMatch(message);
  expect(seen.length).toBe(before);
};

describe('the JSON body guard', () => {
  it('refuses keys that reach a prototype, at any depth', async () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      await refused(
        () =>
          request(app)
            .post('/api/items')
            .set('Content-Type', 'application/json')
            .send(`{"name":"a","tags":[{"${key}":{"polluted":true}}]}`),
        400,
        `The request body may not contain the key "${key}"`,
      );
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses nesting deeper than 32 levels, however deep, without exhausting the stack', async () => {
    for (const depth of [33, 40_000]) {
      await refused(
        () =>
          request(app)
            .post('/api/items')
            .set('Content-Type', 'application/json')
            .send(`{"name":"a","tags":${'['.repeat(depth)}${']'.repeat(depth)}}`),
        400,
        'The request body is nested too deeply',
      );
    }
  });

  it('refuses bodies with too many values', async () => {
    await refused(
      () =>
        request(app)
          .post('/api/items')
          .send({ name: 'a', tags: Array.from({ length: 20_001 }, () => 'x') }),
      413,
      'The request body has too many values',
    );
  });
});

describe('declared inputs', () => {
  it('refuses a body that is not an object, and a body sent as another type', async () => {
    for (const body of ['[]', 'null', '"text"', '42']) {
      await refused(
        () => request(app).post('/api/items').set('Content-Type', 'application/json').send(body),
        400,
        // express.json's strict mode refuses top-level scalars as invalid JSON already.
        /The request body must be a JSON object|The request body is not valid JSON/,
      );
    }
    await refused(
      () => request(app).post('/api/items').set('Content-Type', 'text/plain').send('{"name":"a"}'),
      415,
      'Send the request body as JSON.',
    );
  });

  it('checks the declared body before the handler, which reuses the parsed value', async () => {
    await refused(
      () =>
        request(app)
          .post('/api/items')
          .send({ name: 'x'.repeat(21) }),
      400,
      /^The name /,
    );
    await refused(
      () =>
        request(app)
          .post('/api/items')
          .send({ name: { $gt: '' } }),
      400,
      /^The name /,
    );
    const accepted = await request(app).post('/api/items').send({ name: 'ok' }).expect(200);
    expect(accepted.body).toEqual({ success: true, name: 'ok' });
  });

  it('refuses query parameters it does not know, and malformed known ones', async () => {
    await refused(
      () => request(app).get('/api/items?page=1&admin=true'),
      400,
      'This request does not take the "admin" parameter.',
    );
    await refused(() => request(app).get('/api/items?page=one'), 400, /^The page /);
    await refused(() => request(app).get('/api/items?page=1&page=2'), 400, /^The page /);
    // Express 5 reads brackets literally: no operator object can be smuggled in a query.
    await refused(
      () => request(app).get('/api/items?page[$gt]=1'),
      400,
      'This request does not take the "page[$gt]" parameter.',
    );
    await request(app).get('/api/items?page=2').expect(200);
  });

  it('refuses a body or query sent to an endpoint that takes none', async () => {
    await refused(
      () => request(app).post('/api/ping').send({ anything: 1 }),
      400,
      'This request takes no body.',
    );
    await refused(
      () => request(app).post('/api/ping?x=1'),
      400,
      'This request takes no query parameters.',
    );
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      await refused(
        () => request(app).post('/api/ping').set('Content-Type', type).send('a=1'),
        400,
        'This request takes no body.',
      );
    }
    await request(app).post('/api/ping').send({}).expect(200);
    await request(app).post('/api/ping').expect(200);
  });
});

/**
 * The endpoint router groups routes by the literal start of their path: it must answer every
 * request exactly as one express router holding the same routes in the same order would.
 */
import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { edgeApp } from '../../testing/edge-app.ts';
import { anyone, endpointRouter, routeKeyOf, segmentsOf, type Endpoint } from './endpoint.ts';
import { HttpError } from './errors.ts';

const answering =
  (name: string): Endpoint['handler'] =>
  (req, res) =>
    res.json({ success: true, name, params: req.params });

const endpoints: Endpoint[] = (
  [
    { method: 'get', path: '/pageowners/user/:userId', handler: answering('user') },
    { method: 'get', path: '/pageowners/user/special', handler: answering('shadowed') },
    { method: 'put', path: '/pageowners/user/:userId', handler: answering('put-user') },
    { method: 'get', path: '/pageowners/users', handler: answering('users') },
    { method: 'get', path: '/public-config', handler: answering('config') },
    { method: 'get', path: '/admin/otp-records/:id/send', handler: answering('send') },
    { method: 'get', path: '/:anything/dashboard', handler: answering('pattern') },
    { method: 'get', path: '/admin/otp-records/summary', handler: answering('summary') },
    // A limit that passes the request on to the next route, one that answers, handlers that
    // throw or reject.
    {
      method: 'get',
      path: '/limited/:which',
      limits: [(req, _res, next) => next(req.params.which === 'skip' ? 'route' : undefined)],
      handler: answering('limited'),
    },
    {
      method: 'get',
      path: '/limited/:which',
      limits: [(_req, res) => void res.status(429).json({ success: false, limited: true })],
      handler: answering('never'),
    },
    {
      method: 'post',
      path: '/failing/throws',
      handler: () => {
        throw new HttpError(422, 'Thrown');
      },
    },
    {
      method: 'post',
      path: '/failing/rejects',
      handler: async () => Promise.reject(new HttpError(409, 'Rejected')),
    },
    {
      method: 'delete',
      path: '/pageowners/user/:userId',
      handler: answering('delete-user'),
    },
  ] satisfies Omit<Endpoint, 'summary' | 'access'>[]
).map((endpoint) => ({ ...endpoint, summary: endpoint.path, access: anyone }));

const appWith = (api: RequestHandler) => edgeApp({ bodyLimit: '10kb', api });

/** One plain express router with every endpoint, in order: what the grouping must match. */
const reference = () => {
  const router = express.Router();
  for (const endpoint of endpoints) {
    router[endpoint.method](endpoint.path, ...(endpoint.limits ?? []), async (req, res) => {
      await endpoint.handler(req, res);
    });
  }
  return router;
};

describe('the endpoint router', () => {
  it('keys a path by its literal first two segments', () => {
    expect(routeKeyOf('/pageowners/user/:userId')).toBe('/pageowners/user');
    expect(routeKeyOf('/Public-Config/')).toBe('/public-config');
    expect(routeKeyOf('/admin/otp-records/:id/send')).toBe('/admin/otp-records');
    expect(routeKeyOf('/:anything/dashboard')).toBeNull();
    expect(routeKeyOf('/pageowners{/:x}')).toBeNull();
  });

  it('routes literal segments and whole-segment parameters, and refuses any other pattern', () => {
    expect(segmentsOf('/admin/audit/:id/Ledger.csv')).toEqual([
      { literal: 'admin' },
      { literal: 'audit' },
      { param: 'id' },
      { literal: 'ledger.csv' },
    ]);
    expect(segmentsOf('/')).toEqual([]);
    for (const path of ['/files/*rest', '/pageowners{/:x}', '/a/:id.json', '/a//b', 'a/b']) {
      expect(() => segmentsOf(path), path).toThrow();
    }
  });

  it('answers every request as one router with the same routes in the same order', async () => {
    const grouped = appWith(endpointRouter(endpoints, async () => ({ kind: 'anonymous' })));
    const plain = appWith(reference());
    const requests: ['get' | 'put' | 'post' | 'head' | 'delete' | 'options', string][] = [
      ['get', '/api/pageowners/user/abc'],
      ['get', '/api/pageowners/user/special'],
      ['get', '/api/PageOwners/USER/abc'],
      ['get', '/api/pageowners/user/abc/'],
      ['get', '/api/pageowners/user/a%20b'],
      ['get', '/api/pageowners/%75ser/abc'],
      ['get', '/api/pageowners//user/abc'],
      ['get', '/api//pageowners/user/abc'],
      ['get', '/api/pageowners/user'],
      ['get', '/api/pageowners/user/abc/more'],
      ['head', '/api/pageowners/user/abc'],
      ['put', '/api/pageowners/user/abc'],
      ['post', '/api/pageowners/user/abc'],
      ['get', '/api/pageowners/users'],
      ['get', '/api/pageowners/users/'],
      ['get', '/api/pageowners'],
      ['get', '/api/public-config'],
      ['get', '/api/public-config/'],
      ['get', '/api/public-config?x=1'],
      ['get', '/api/public-config/x'],
      ['get', '/api/admin/otp-records/7/send'],
      ['get', '/api/admin/otp-records/summary'],
      ['get', '/api/admin/dashboard'],
      ['get', '/api/anything/dashboard'],
      ['get', '/api/pageowners/dashboard'],
      ['get', '/api/'],
      ['get', '/api'],
      ['get', '/api/nothing/here/at/all'],
      ['get', '/api/pageowners/user/%E0%A4%A'],
      ['get', '/api/pageowners/user/caf%C3%A9'],
      ['delete', '/api/pageowners/user/abc'],
      ['options', '/api/pageowners/user/abc'],
      ['options', '/api/pageowners/users'],
      ['options', '/api/limited/x'],
      ['options', '/api/nothing/here'],
      ['head', '/api/pageowners/users'],
      ['head', '/api/failing/throws'],
      ['get', '/api/limited/skip'],
      ['get', '/api/limited/other'],
      ['post', '/api/failing/throws'],
      ['post', '/api/failing/rejects'],
    ];
    for (const [method, path] of requests) {
      const [mine, theirs] = await Promise.all([
        request(grouped)[method](path),
        request(plain)[method](path),
      ]);
      expect({
        path: `${method} ${path}`,
        status: mine.status,
        body: mine.body,
        text: mine.text,
        allow: mine.headers.allow,
      }).toEqual({
        path: `${method} ${path}`,
        status: theirs.status,
        body: theirs.body,
        text: theirs.text,
        allow: theirs.headers.allow,
      });
    }
  });
});

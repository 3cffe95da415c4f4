/**
 * The endpoint router groups routes by the literal start of their path: it must answer every
 * request exactly as one express router holding the same routes in the same order would.
 */
import express, { type RequestHandler } from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { anyone, endpointRouter, routeKeyOf, type Endpoint } from './endpoint.ts';

const answering =
  (name: string): Endpoint['handler'] =>
  (req, res) =>
    res.json({ success: true, name, params: req.params });

const endpoints: Endpoint[] = [
  { method: 'get', path: '/pageowners/user/:userId', handler: answering('user') },
  { method: 'get', path: '/pageowners/user/special', handler: answering('shadowed') },
  { method: 'put', path: '/pageowners/user/:userId', handler: answering('put-user') },
  { method: 'get', path: '/pageowners/users', handler: answering('users') },
  { method: 'get', path: '/public-config', handler: answering('config') },
  { method: 'get', path: '/admin/otp-records/:id/send', handler: answering('send') },
  { method: 'get', path: '/:anything/dashboard', handler: answering('pattern') },
  { method: 'get', path: '/admin/otp-records/summary', handler: answering('summary') },
].map((endpoint) => ({ ...endpoint, summary: endpoint.path, access: anyone }) as Endpoint);

const appWith = (api: RequestHandler) =>
  createApp({
    logger: pino({ level: 'silent' }),
    health: { ports: [], startedAt: new Date() },
    bodyLimit: '10kb',
    trustProxy: 0,
    serveFrontends: false,
    api,
  });

/** One plain express router with every endpoint, in order: what the grouping must match. */
const reference = () => {
  const router = express.Router();
  for (const endpoint of endpoints) {
    router[endpoint.method](endpoint.path, async (req, res) => {
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

  it('answers every request as one router with the same routes in the same order', async () => {
    const grouped = appWith(endpointRouter(endpoints, async () => ({ kind: 'anonymous' })));
    const plain = appWith(reference());
    const requests: ['get' | 'put' | 'post' | 'head', string][] = [
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
    ];
    for (const [method, path] of requests) {
      const [mine, theirs] = await Promise.all([
        request(grouped)[method](path),
        request(plain)[method](path),
      ]);
      expect({ path, status: mine.status, body: mine.body }).toEqual({
        path,
        status: theirs.status,
        body: theirs.body,
      });
    }
  });
});

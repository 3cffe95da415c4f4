/**
 * The HTTP edge (createApp) for a test that drives one part of it through supertest: a silent
 * logger, no health ports, no proxy trusted, no front ends, a 100 kB body limit; `options` over
 * them (the API under test, a body limit, front ends).
 */
import pino from 'pino';
import { createApp, type AppOptions } from '../platform/http/app.ts';

export const edgeApp = (options: Partial<AppOptions> = {}) =>
  createApp({
    logger: pino({ level: 'silent' }),
    health: { ports: [], startedAt: new Date() },
    bodyLimit: '100kb',
    trustProxy: 0,
    serveFrontends: false,
    ...options,
  });

import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { HttpError } from './errors.ts';

/** Keys that reach an object's prototype when code merges or assigns by key. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
export const MAX_BODY_DEPTH = 32;
export const MAX_BODY_NODES = 20_000;

/**
 * Refuses JSON bodies that no endpoint needs and that only hurt: keys that reach a prototype
 * (`__proto__`, `constructor`, `prototype`), nesting deeper than 32 levels and more than 20,000
 * values. The walk is iterative, so a hostile depth cannot exhaust the stack.
 */
export const jsonGuard: RequestHandler = (req, _res, next) => {
  checkJsonBody(req.body);
  next();
};

/** The check of `jsonGuard`: throws the refusal (400, 413) for a body it refuses. */
export const checkJsonBody = (body: unknown): void => {
  if (body === null || typeof body !== 'object') return;
  const pending: Array<readonly [unknown, number]> = [[body, 1]];
  let nodes = 0;
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (++nodes > MAX_BODY_NODES) throw new HttpError(413, 'The request body has too many values');
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_BODY_DEPTH) throw new HttpError(400, 'The request body is nested too deeply');
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) {
        throw new HttpError(400, `The request body may not contain the key "${key}"`);
      }
      pending.push([(value as Record<string, unknown>)[key], depth + 1]);
    }
  }
};

const rawBodies = new WeakMap<IncomingMessage, Buffer>();

/** Keeps the bytes of a JSON body as received (express.json's `verify`), for signed webhooks. */
export const keepRawBody = (req: IncomingMessage, _res: unknown, body: Buffer): void => {
  rawBodies.set(req, body);
};

/** The JSON body exactly as it arrived: a webhook's signature covers these bytes. */
export const rawBodyOf = (req: IncomingMessage): Buffer | null => rawBodies.get(req) ?? null;

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const ACCEPTABLE = /^[A-Za-z0-9._:-]{8,100}$/;

/** Keeps a caller's X-Request-Id when it is sane (a proxy's), else makes one; echoed back. */
export const requestIdFor = (req: IncomingMessage, res: ServerResponse): string => {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && ACCEPTABLE.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
};

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closeServer, listen } from './http-server.ts';

describe('graceful close of the HTTP server', () => {
  it('finishes the request in flight, refuses new connections, then resolves', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
    const server = createServer((req, res) => {
      if (req.url === '/slow') {
        arrived();
        void gate.then(() => res.end('finished'));
      } else res.end('fast');
    });
    await listen(server, '127.0.0.1', 0);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const inFlight = fetch(`${url}/slow`).then((res) => res.text());
    await slowArrived;
    let closed = false;
    const closing = closeServer(server, 10_000).then(() => (closed = true));
    await expect(fetch(`${url}/fast`)).rejects.toThrow();
    expect(closed).toBe(false);
    release();
    expect(await inFlight).toBe('finished');
    await closing;
    expect(server.listening).toBe(false);
  });

  it('cuts connections still open after the timeout', async () => {
    const server = createServer(() => {
      // Never answers.
    });
    await listen(server, '127.0.0.1', 0);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const hanging = fetch(`${url}/hang`).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await closeServer(server, 100);
    expect(await hanging).toBeInstanceOf(Error);
  });
});

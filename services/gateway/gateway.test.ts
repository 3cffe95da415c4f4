import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { listen } from '../runtime/http-server.ts';
import { startTestServer } from '../testing/test-server.ts';
import { Gateway } from './gateway.ts';

const opened = (socket: WebSocket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

describe('the WebSocket gateway', () => {
  it('accepts connections on /ws of the embedded server and refuses other paths', async () => {
    const server = await startTestServer();
    try {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
      await opened(ws);
      expect(ws.readyState).toBe(WebSocket.OPEN);
      ws.close();
      const elsewhere = new WebSocket(`${server.url.replace('http', 'ws')}/api/socket`);
      const refused = await new Promise<number>((resolve) => {
        elsewhere.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        elsewhere.once('error', () => resolve(-1));
      });
      expect(refused).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it('answers pings, drops a peer that stops answering, and says goodbye on close', async () => {
    const http = createServer();
    const gateway = new Gateway({ logger: pino({ level: 'silent' }), heartbeatMs: 50 });
    gateway.attach(http);
    await listen(http, '127.0.0.1', 0);
    const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/ws`;

    const alive = new WebSocket(url);
    await opened(alive);
    let pings = 0;
    alive.on('ping', () => pings++);
    await expect.poll(() => pings).toBeGreaterThan(1);
    expect(alive.readyState).toBe(WebSocket.OPEN);

    // A peer that never answers pings (automatic pong disabled) is terminated.
    const silent = new WebSocket(url, { autoPong: false });
    await opened(silent);
    const dropped = new Promise<number>((resolve) => silent.once('close', (code) => resolve(code)));
    expect(await dropped).toBe(1006);

    const goodbye = new Promise<number>((resolve) => alive.once('close', (code) => resolve(code)));
    await gateway.close();
    expect(await goodbye).toBe(1001);
    expect(gateway.connections).toBe(0);
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });
});

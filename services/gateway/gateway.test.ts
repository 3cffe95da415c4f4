import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { listen } from '../runtime/http-server.ts';
import { registerUser, type TestUser } from '../testing/accounts.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { Gateway, GATEWAY_PROTOCOL } from './gateway.ts';

const opened = (socket: WebSocket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

/** The HTTP status an upgrade was refused with, or 101 when it opened. */
const outcomeOf = (socket: WebSocket) =>
  new Promise<number>((resolve) => {
    socket.once('open', () => resolve(101));
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.once('error', () => resolve(-1));
  });

describe('the WebSocket gateway of the embedded server', () => {
  let server: TestServer;
  let member: TestUser;
  let other: TestUser;
  const wsUrl = (path = '/ws') => `${server.url.replace('http', 'ws')}${path}`;
  const connect = (token: string | null, options: { origin?: string; path?: string } = {}) =>
    new WebSocket(wsUrl(options.path), token ? [GATEWAY_PROTOCOL, token] : [], {
      ...(options.origin ? { origin: options.origin } : {}),
    });

  beforeAll(async () => {
    server = await startTestServer({
      env: { WS_MAX_CONNECTIONS_PER_USER: '2', WS_ALLOWED_ORIGINS: 'https://app.linkcoin.test' },
    });
    member = await registerUser(server);
    other = await registerUser(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('opens for a signed-in user, answering the linkcoin subprotocol', async () => {
    const ws = connect(member.token, { origin: server.url });
    await opened(ws);
    expect(ws.protocol).toBe(GATEWAY_PROTOCOL);
    ws.close();
    const configured = connect(member.token, { origin: 'https://app.linkcoin.test' });
    expect(await outcomeOf(configured)).toBe(101);
    configured.close();
  });

  it('refuses anonymous connections and bad tokens with 401', async () => {
    expect(await outcomeOf(connect(null))).toBe(401);
    expect(await outcomeOf(connect('not-a-token'))).toBe(401);
    const tampered = `${member.token.slice(0, -4)}AAAA`;
    expect(await outcomeOf(connect(tampered))).toBe(401);
  });

  it('refuses a page of another site, even with a valid session', async () => {
    expect(await outcomeOf(connect(member.token, { origin: 'https://evil.example' }))).toBe(403);
    expect(await outcomeOf(connect(member.token, { origin: 'null' }))).toBe(403);
  });

  it('refuses other paths', async () => {
    expect(await outcomeOf(connect(member.token, { path: '/api/socket' }))).toBe(404);
  });

  it('caps the connections of one user, and frees a slot when one closes', async () => {
    const first = connect(member.token);
    const second = connect(member.token);
    await Promise.all([opened(first), opened(second)]);
    expect(await outcomeOf(connect(member.token))).toBe(429);
    // Another user is not affected.
    const others = connect(other.token);
    expect(await outcomeOf(others)).toBe(101);
    const closed = new Promise((resolve) => first.once('close', resolve));
    first.close();
    await closed;
    await expect
      .poll(async () => {
        const again = connect(member.token);
        const status = await outcomeOf(again);
        again.close();
        return status;
      })
      .toBe(101);
    second.close();
    others.close();
  });
});

describe('the gateway itself', () => {
  const everyone = async () =>
    ({
      kind: 'principal',
      principal: { userId: 'u-1', email: 'u@x.in', role: 'user', roles: ['user'], tokenVersion: 0 },
    }) as const;

  it('caps the connections of the node', async () => {
    const http = createServer();
    const gateway = new Gateway({
      logger: pino({ level: 'silent' }),
      authenticate: everyone,
      allowedOrigins: [],
      maxConnections: 1,
      maxConnectionsPerUser: 10,
    });
    gateway.attach(http);
    await listen(http, '127.0.0.1', 0);
    const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/ws`;
    const first = new WebSocket(url, [GATEWAY_PROTOCOL, 'token']);
    await opened(first);
    expect(await outcomeOf(new WebSocket(url, [GATEWAY_PROTOCOL, 'token']))).toBe(503);
    await gateway.close();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });

  it('answers pings, drops a peer that stops answering, and says goodbye on close', async () => {
    const http = createServer();
    const gateway = new Gateway({
      logger: pino({ level: 'silent' }),
      authenticate: everyone,
      allowedOrigins: [],
      maxConnections: 100,
      maxConnectionsPerUser: 100,
      heartbeatMs: 50,
    });
    gateway.attach(http);
    await listen(http, '127.0.0.1', 0);
    const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/ws`;

    const alive = new WebSocket(url, [GATEWAY_PROTOCOL, 'token']);
    await opened(alive);
    let pings = 0;
    alive.on('ping', () => pings++);
    await expect.poll(() => pings).toBeGreaterThan(1);
    expect(alive.readyState).toBe(WebSocket.OPEN);

    // A peer that never answers pings (automatic pong disabled) is terminated.
    const silent = new WebSocket(url, [GATEWAY_PROTOCOL, 'token'], { autoPong: false });
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

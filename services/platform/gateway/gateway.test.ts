import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { z } from 'zod';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { AuthOutcome } from '../http/endpoint.ts';
import { listen } from '../http-server.ts';
import { registerUser, type TestUser } from '../../testing/accounts.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { Gateway, GATEWAY_MESSAGES, GATEWAY_PROTOCOL } from './gateway.ts';
import { realtimeEvent, type RealtimeNode } from './realtime.ts';

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

  /** A gateway letting everyone in as u-1, on a free local port. */
  const served = async (limits: {
    maxConnections: number;
    maxConnectionsPerUser: number;
    heartbeatMs?: number;
  }) => {
    const http = createServer();
    const gateway = new Gateway({
      logger: pino({ level: 'silent' }),
      authenticate: everyone,
      allowedOrigins: [],
      ...limits,
    });
    gateway.attach(http);
    await listen(http, '127.0.0.1', 0);
    const { port } = http.address() as AddressInfo;
    return {
      gateway,
      port,
      url: `ws://127.0.0.1:${port}/ws`,
      closeHttp: () => new Promise<void>((resolve) => http.close(() => resolve())),
    };
  };

  it('caps the connections of the node', async () => {
    const { gateway, url, closeHttp } = await served({
      maxConnections: 1,
      maxConnectionsPerUser: 10,
    });
    const first = new WebSocket(url, [GATEWAY_PROTOCOL, 'token']);
    await opened(first);
    expect(await outcomeOf(new WebSocket(url, [GATEWAY_PROTOCOL, 'token']))).toBe(503);
    await gateway.close();
    await closeHttp();
  });

  it('gives the slot back when the handshake itself is refused (a bad version or key)', async () => {
    const { gateway, port, url, closeHttp } = await served({
      maxConnections: 100,
      maxConnectionsPerUser: 2,
    });
    /** An authenticated upgrade `ws` refuses: the status it answered. */
    const badHandshake = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request({
          host: '127.0.0.1',
          port,
          path: '/ws',
          headers: {
            Connection: 'Upgrade',
            Upgrade: 'websocket',
            'Sec-WebSocket-Protocol': `${GATEWAY_PROTOCOL}, token`,
            'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
            'Sec-WebSocket-Version': '13',
            ...headers,
          },
        });
        req.once('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.once('upgrade', () => reject(new Error('the handshake was accepted')));
        req.once('error', reject);
        req.end();
      });
    for (let i = 0; i < 5; i++) {
      expect(await badHandshake({ 'Sec-WebSocket-Version': '12' })).toBe(400);
      expect(await badHandshake({ 'Sec-WebSocket-Key': 'short' })).toBe(400);
    }
    await expect.poll(() => gateway.connectionsOf('u-1')).toBe(0);
    // The user still gets their two sockets, and no third.
    const first = new WebSocket(url, [GATEWAY_PROTOCOL, 'token']);
    const second = new WebSocket(url, [GATEWAY_PROTOCOL, 'token']);
    await Promise.all([opened(first), opened(second)]);
    expect(await outcomeOf(new WebSocket(url, [GATEWAY_PROTOCOL, 'token']))).toBe(429);
    await gateway.close();
    await closeHttp();
    expect(gateway.connectionsOf('u-1')).toBe(0);
  });

  it('answers pings, drops a peer that stops answering, and says goodbye on close', async () => {
    const { gateway, url, closeHttp } = await served({
      maxConnections: 100,
      maxConnectionsPerUser: 100,
      heartbeatMs: 50,
    });

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
    await closeHttp();
  });

  describe("with a context's events", () => {
    const principal = (userId: string) =>
      ({
        kind: 'principal',
        principal: {
          userId,
          email: `${userId}@x.in`,
          role: 'user',
          roles: ['user'],
          tokenVersion: 0,
        },
      }) as const;

    const start = async (options: { framesPerMinute?: number; heartbeatMs?: number } = {}) => {
      const revoked = new Set<string>();
      const hooks: string[] = [];
      let node: RealtimeNode | null = null;
      const http = createServer();
      const gateway = new Gateway({
        logger: pino({ level: 'silent' }),
        // The token is the user id; a revoked one no longer authenticates.
        authenticate: async (req): Promise<AuthOutcome> => {
          const token = String(req.headers.authorization).replace('Bearer ', '');
          return revoked.has(token) ? { kind: 'anonymous' } : principal(token);
        },
        allowedOrigins: [],
        maxConnections: 100,
        maxConnectionsPerUser: 10,
        nodeId: 'node-test',
        ...options,
        realtime: [
          {
            events: {
              echo: realtimeEvent(
                z.object({ text: z.string().max(10, 'text: too long') }),
                async (client, data) => ({
                  echoed: data.text,
                  by: client.principal.userId,
                }),
              ),
              refuse: realtimeEvent(z.unknown(), async () => {
                throw new DomainError('forbidden', 'Not for you.');
              }),
              crash: realtimeEvent(z.unknown(), async () => {
                throw new Error('internal details');
              }),
              shout: realtimeEvent(z.object({ to: z.string() }), async (_client, data) => ({
                reached: node?.emitTo(data.to, 'shouted', { hello: data.to }) ?? 0,
              })),
            },
            start: async (started) => {
              node = started;
            },
            userArrived: (userId) => hooks.push(`arrived ${userId}`),
            userLeft: (userId) => hooks.push(`left ${userId}`),
            stop: async () => {
              hooks.push('stopped');
            },
          },
        ],
      });
      await gateway.start();
      gateway.attach(http);
      await listen(http, '127.0.0.1', 0);
      const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/ws`;
      const frames = new Map<WebSocket, Array<Record<string, unknown>>>();
      const open = async (userId: string) => {
        const socket = new WebSocket(url, [GATEWAY_PROTOCOL, userId]);
        frames.set(socket, []);
        socket.on('message', (raw) => frames.get(socket)!.push(JSON.parse(raw.toString())));
        await opened(socket);
        return socket;
      };
      const stop = async () => {
        await gateway.close();
        await new Promise<void>((resolve) => http.close(() => resolve()));
      };
      return { gateway, open, frames, hooks, revoked, stop, node: () => node! };
    };

    it("answers acknowledgements with the handler's data or its refusal", async () => {
      const g = await start();
      const socket = await g.open('u-1');
      const send = (frame: object) => socket.send(JSON.stringify(frame));
      send({ event: 'echo', data: { text: 'hi' }, ack: 1 });
      send({ event: 'echo', data: { text: 'far too long' }, ack: 2 });
      send({ event: 'refuse', ack: 3 });
      send({ event: 'crash', ack: 4 });
      send({ event: 'echo', data: { text: 'no ack' } });
      send({ event: 'refuse' });
      await expect.poll(() => g.frames.get(socket)!.length).toBe(5);
      expect(g.frames.get(socket)).toEqual([
        { event: 'ack', ack: 1, data: { status: 'ok', echoed: 'hi', by: 'u-1' } },
        { event: 'ack', ack: 2, data: { status: 'error', message: 'text: too long' } },
        { event: 'ack', ack: 3, data: { status: 'error', message: 'Not for you.' } },
        { event: 'ack', ack: 4, data: { status: 'error', message: GATEWAY_MESSAGES.failed } },
        // Without an acknowledgement number, a success is silent and a refusal an error event.
        { event: 'error', data: { message: 'Not for you.' } },
      ]);
      await g.stop();
    });

    it('pushes to every socket of a user on the node, and tells when users come and go', async () => {
      const g = await start();
      const first = await g.open('u-1');
      const second = await g.open('u-1');
      const other = await g.open('u-2');
      expect([...g.node().users()].sort()).toEqual(['u-1', 'u-2']);
      other.send(JSON.stringify({ event: 'shout', data: { to: 'u-1' }, ack: 1 }));
      await expect.poll(() => g.frames.get(other)!.length).toBe(1);
      expect(g.frames.get(other)![0]).toMatchObject({ data: { status: 'ok', reached: 2 } });
      for (const socket of [first, second]) {
        await expect
          .poll(() => g.frames.get(socket))
          .toEqual([{ event: 'shouted', data: { hello: 'u-1' } }]);
      }
      first.close();
      await expect.poll(() => g.node().isHere('u-1')).toBe(true);
      second.close();
      await expect.poll(() => g.node().isHere('u-1')).toBe(false);
      expect(g.hooks).toEqual(['arrived u-1', 'arrived u-2', 'left u-1']);
      await g.stop();
      expect(g.hooks).toEqual(['arrived u-1', 'arrived u-2', 'left u-1', 'left u-2', 'stopped']);
    });

    it('limits the frames of one user', async () => {
      const g = await start({ framesPerMinute: 3 });
      const socket = await g.open('u-1');
      for (let ack = 1; ack <= 5; ack++) {
        socket.send(JSON.stringify({ event: 'echo', data: { text: 'x' }, ack }));
      }
      await expect.poll(() => g.frames.get(socket)!.length).toBe(5);
      expect(g.frames.get(socket)!.map((f) => (f.data as { status: string }).status)).toEqual([
        'ok',
        'ok',
        'ok',
        'error',
        'error',
      ]);
      expect(g.frames.get(socket)![4]).toMatchObject({
        data: { message: GATEWAY_MESSAGES.tooFast },
      });
      await g.stop();
    });

    it('cuts off a client that floods frames faster than they are handled', async () => {
      const g = await start();
      const socket = await g.open('u-flood');
      const closed = new Promise<number>((resolve) =>
        socket.once('close', (code) => resolve(code)),
      );
      const frame = JSON.stringify({ event: 'echo', data: { text: 'x' } });
      for (let i = 0; i < 1000; i++) socket.send(frame);
      expect(await closed).toBe(1008);
      await g.stop();
    });

    it('refuses a frame under a revoked session and closes its socket, without waiting for a beat', async () => {
      const g = await start({ heartbeatMs: 60_000 });
      const socket = await g.open('u-ended');
      const closed = new Promise<number>((resolve) =>
        socket.once('close', (code) => resolve(code)),
      );
      g.revoked.add('u-ended');
      socket.send(JSON.stringify({ event: 'echo', data: { text: 'hi' }, ack: 1 }));
      expect(await closed).toBe(4401);
      expect(g.frames.get(socket)).toEqual([
        { event: 'ack', ack: 1, data: { status: 'error', message: GATEWAY_MESSAGES.sessionEnded } },
      ]);
      await g.stop();
    });

    it('closes the sockets of older sessions when told a session ended', async () => {
      const g = await start({ heartbeatMs: 60_000 });
      const ended = await g.open('u-ended');
      const kept = await g.open('u-kept');
      const closed = new Promise<number>((resolve) => ended.once('close', (code) => resolve(code)));
      // The sockets were opened at token version 0: version 0 itself ends nothing.
      expect(g.node().endSessions('u-ended', 0)).toBe(0);
      expect(g.node().endSessions('u-ended', 1)).toBe(1);
      expect(await closed).toBe(4401);
      expect(kept.readyState).toBe(WebSocket.OPEN);
      await g.stop();
    });

    it('ends the sockets of a session that was revoked (logout) at the next heartbeat', async () => {
      const g = await start({ heartbeatMs: 50 });
      const revoked = await g.open('u-revoked');
      const kept = await g.open('u-kept');
      const closed = new Promise<number>((resolve) =>
        revoked.once('close', (code) => resolve(code)),
      );
      g.revoked.add('u-revoked');
      expect(await closed).toBe(4401);
      expect(kept.readyState).toBe(WebSocket.OPEN);
      await g.stop();
    });
  });
});

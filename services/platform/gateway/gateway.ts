import { randomUUID } from 'node:crypto';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { z } from 'zod';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { Authenticator, Principal } from '../http/endpoint.ts';
import { voicedError } from '../http/validate.ts';
import type { RealtimeClient, RealtimeEvent, RealtimeNode, RealtimePart } from './realtime.ts';

export const GATEWAY_PATH = '/ws';
/**
 * Browsers cannot set headers on a WebSocket, so the session token travels as the second of two
 * subprotocols: `new WebSocket(url, ['linkcoin', token])`. The server answers `linkcoin`. The
 * token never appears in a URL (and so never in a proxy's access log).
 */
export const GATEWAY_PROTOCOL = 'linkcoin';

export type GatewayOptions = Readonly<{
  logger: Logger;
  /** Who is connecting: the same check as every API request's bearer token. */
  authenticate: Authenticator;
  /** Browser origins allowed to connect; requests without an Origin (apps, servers) are fine. */
  allowedOrigins: readonly string[];
  maxConnections: number;
  maxConnectionsPerUser: number;
  /** Interval of the heartbeat that finds and drops dead connections. */
  heartbeatMs?: number;
  /** A bigger frame closes the socket (1009). */
  maxPayloadBytes?: number;
  /** The contexts' events and hooks (the chat). */
  realtime?: readonly RealtimePart[];
  /** Names this node on the bus; a random id per process unless given. */
  nodeId?: string;
  /** Frames one user may send per minute on this node, all sockets together. */
  framesPerMinute?: number;
}>;

type Connection = WebSocket & {
  alive?: boolean;
  principal?: Principal;
  /** Checked again at each heartbeat: a revoked or expired session ends the socket. */
  token?: string;
  client?: RealtimeClient;
  /** Frames are handled one at a time per socket, in arrival order. */
  queue?: Promise<void>;
  /** Frames received and not handled yet. */
  waiting?: number;
  /** Corked until the end of the tick (#cork). */
  corked?: boolean;
};

export const GATEWAY_MESSAGES = {
  notJson: 'Expected a JSON frame: { "event": "...", "data": ..., "ack": 1 }',
  binary: 'Binary frames are not accepted',
  unknownEvent: 'Unknown event',
  tooFast: 'Too many frames. Please slow down.',
  failed: 'Something went wrong on our side. Please try again.',
  sessionEnded: 'Your session has ended. Please log in again.',
} as const;

/** The close code of a socket whose session ended (logout, password reset, revoked role). */
export const SESSION_ENDED = 4401;

/**
 * The envelope of every frame (docs/ARCHITECTURE.md, "The chat on /ws"): an event name, its
 * data, and an optional acknowledgement number the answer repeats.
 */
const envelope = z.strictObject({
  event: z.string().regex(/^[a-z_]{1,40}$/),
  data: z.unknown().optional(),
  ack: z.number().int().min(0).max(2_147_483_647).optional(),
});

/** Frames one socket may have waiting; more close it (1008). */
const MAX_WAITING_FRAMES = 100;

/** A socket this far behind (bytes queued) is dropped rather than kept growing in memory. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const refuse = (socket: Duplex, status: number, reason: string) => {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
};

const tokenOf = (req: IncomingMessage): string | null => {
  const offered = (req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((protocol) => protocol.trim());
  return offered[0] === GATEWAY_PROTOCOL && offered[1] ? offered[1] : null;
};

/**
 * The real-time gateway: authenticated WebSocket connections on /ws with a heartbeat that drops
 * dead peers. The upgrade is refused unless it comes from an allowed origin with a valid session
 * (so no other site can open a chat in a visitor's name) and within the connection caps. Frames
 * are JSON envelopes `{ event, data, ack }`, handled one at a time per socket, limited per user;
 * what the events mean (join, send_message, mark_as_read) comes from the contexts' realtime
 * parts (the messaging context).
 */
export class Gateway {
  readonly #wss: WebSocketServer;
  readonly #heartbeat: NodeJS.Timeout;
  readonly #options: GatewayOptions;
  readonly #perUser = new Map<string, number>();
  readonly #origins: Set<string>;
  /** Open sockets by user. */
  readonly #sockets = new Map<string, Set<Connection>>();
  readonly #events = new Map<string, RealtimeEvent>();
  readonly #parts: readonly RealtimePart[];
  readonly #frames: RateLimiterMemory;
  readonly #node: RealtimeNode;
  #pending = 0;
  #started = false;

  constructor(options: GatewayOptions) {
    this.#options = options;
    this.#origins = new Set(options.allowedOrigins);
    this.#parts = options.realtime ?? [];
    for (const part of this.#parts) {
      for (const [name, event] of Object.entries(part.events)) {
        if (this.#events.has(name)) throw new Error(`Two contexts handle the socket event ${name}`);
        this.#events.set(name, event);
      }
    }
    this.#frames = new RateLimiterMemory({ points: options.framesPerMinute ?? 600, duration: 60 });
    this.#node = {
      nodeId: options.nodeId ?? randomUUID(),
      emitTo: (userId, event, data) => this.#emitTo(userId, event, data),
      users: () => [...this.#sockets.keys()],
      isHere: (userId) => this.#sockets.has(userId),
      endSessions: (userId, tokenVersion) => this.#endSessions(userId, tokenVersion),
    };
    this.#wss = new WebSocketServer({
      noServer: true,
      maxPayload: options.maxPayloadBytes ?? 64 * 1024,
      handleProtocols: (protocols) => (protocols.has(GATEWAY_PROTOCOL) ? GATEWAY_PROTOCOL : false),
    });
    this.#wss.on('connection', (socket: Connection) => {
      socket.alive = true;
      socket.on('pong', () => {
        socket.alive = true;
      });
      socket.on('error', (error) => this.#options.logger.warn({ err: error }, 'websocket error'));
      if (socket.principal) this.#opened(socket, socket.principal);
    });
    this.#heartbeat = setInterval(() => {
      for (const socket of this.#wss.clients as Set<Connection>) {
        if (!socket.alive) {
          socket.terminate();
          continue;
        }
        socket.alive = false;
        socket.ping();
        void this.#recheck(socket);
      }
    }, options.heartbeatMs ?? 30_000);
    this.#heartbeat.unref();
  }

  get connections(): number {
    return this.#wss.clients.size;
  }

  /** This node, as the contexts see it. */
  get node(): RealtimeNode {
    return this.#node;
  }

  /** Starts the contexts' parts (their bus subscriptions) before sockets are accepted. */
  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    for (const part of this.#parts) await part.start?.(this.#node);
  }

  /** Allows more browser origins (the server's own address once it listens on a free port). */
  allowOrigins(origins: Iterable<string>): void {
    for (const origin of origins) this.#origins.add(origin);
  }

  /** Connections of one user on this node. */
  connectionsOf(userId: string): number {
    return this.#perUser.get(userId) ?? 0;
  }

  /** Takes over upgrade requests for /ws on an HTTP server; other upgrades are refused. */
  attach(server: HttpServer): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      void this.#upgrade(req, socket, head).catch((error: unknown) => {
        this.#options.logger.error({ err: error }, 'websocket upgrade failed');
        refuse(socket, 500, 'Internal Server Error');
      });
    });
  }

  async #upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const { logger, maxConnections, maxConnectionsPerUser } = this.#options;
    const path = (req.url ?? '').split('?')[0];
    if (path !== GATEWAY_PATH) return refuse(socket, 404, 'Not Found');
    const origin = req.headers.origin;
    if (origin !== undefined && !this.#origins.has(origin)) {
      logger.warn({ origin }, 'websocket refused: origin not allowed');
      return refuse(socket, 403, 'Forbidden');
    }
    if (this.#wss.clients.size + this.#pending >= maxConnections) {
      return refuse(socket, 503, 'Service Unavailable');
    }
    const token = tokenOf(req);
    if (!token) return refuse(socket, 401, 'Unauthorized');
    this.#pending += 1;
    let principal: Principal | null = null;
    try {
      const outcome = await this.#options.authenticate({
        headers: { authorization: `Bearer ${token}` },
      });
      principal = outcome.kind === 'principal' ? outcome.principal : null;
    } finally {
      this.#pending -= 1;
    }
    if (!principal) return refuse(socket, 401, 'Unauthorized');
    if (socket.destroyed) return; // the client went away while it was being authenticated
    const userId = principal.userId;
    if (this.connectionsOf(userId) >= maxConnectionsPerUser) {
      return refuse(socket, 429, 'Too Many Requests');
    }
    // The slot is taken before the handshake (so racing upgrades cannot pass the cap) and given
    // back once: when the socket closes, or when `ws` refuses the handshake (a bad version or
    // key), in which case it destroys the socket and never calls back.
    this.#perUser.set(userId, this.connectionsOf(userId) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = this.connectionsOf(userId) - 1;
      if (left > 0) this.#perUser.set(userId, left);
      else this.#perUser.delete(userId);
    };
    let upgraded = false;
    socket.once('close', () => {
      if (!upgraded) release();
    });
    this.#wss.handleUpgrade(req, socket, head, (ws: Connection) => {
      upgraded = true;
      ws.principal = principal;
      ws.token = token;
      ws.once('close', release);
      logger.debug({ userId, nodeId: this.#node.nodeId }, 'websocket opened');
      this.#wss.emit('connection', ws, req);
    });
  }

  /** Closes every connection with "going away" so clients reconnect to another node. */
  async close(): Promise<void> {
    clearInterval(this.#heartbeat);
    const closed = [...this.#wss.clients].map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.close(1001, 'Server shutting down');
          // A peer that never answers the close handshake is cut off.
          setTimeout(() => socket.terminate(), 2000).unref();
        }),
    );
    await Promise.all(closed);
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
    for (const part of [...this.#parts].reverse()) {
      try {
        await part.stop?.();
      } catch (error) {
        this.#options.logger.error({ err: error }, 'a realtime part failed to stop');
      }
    }
  }

  /**
   * Whether the socket's session still holds: not logged out, reset, revoked or expired. Asked
   * before every frame and at every beat; a session that ended closes its socket (4401).
   */
  async #sessionHolds(socket: Connection): Promise<boolean> {
    if (!socket.token) return false;
    const outcome = await this.#options.authenticate({
      headers: { authorization: `Bearer ${socket.token}` },
    });
    return outcome.kind === 'principal';
  }

  /** The heartbeat's check: an expired or revoked session ends its socket. */
  async #recheck(socket: Connection): Promise<void> {
    try {
      if (!(await this.#sessionHolds(socket))) socket.close(SESSION_ENDED, 'Session ended');
    } catch (error) {
      this.#options.logger.warn({ err: error }, 'websocket session could not be checked');
    }
  }

  /** A session revocation seen on the bus: the user's older sockets on this node close now. */
  #endSessions(userId: string, tokenVersion: number): number {
    let closed = 0;
    for (const socket of this.#sockets.get(userId) ?? []) {
      if ((socket.principal?.tokenVersion ?? -1) >= tokenVersion) continue;
      socket.close(SESSION_ENDED, 'Session ended');
      closed += 1;
    }
    return closed;
  }

  #opened(socket: Connection, principal: Principal): void {
    const { userId } = principal;
    const client: RealtimeClient = {
      id: randomUUID(),
      principal,
      emit: (event, data) => this.#send(socket, JSON.stringify({ event, data })),
    };
    socket.client = client;
    let mine = this.#sockets.get(userId);
    const first = !mine;
    if (!mine) this.#sockets.set(userId, (mine = new Set()));
    mine.add(socket);
    socket.on('message', (raw, isBinary) => {
      // Frames wait their turn in memory: a client that floods them is cut off instead.
      if ((socket.waiting ?? 0) >= MAX_WAITING_FRAMES) {
        this.#options.logger.warn('websocket closed: too many frames waiting');
        socket.close(1008, 'Too many frames');
        return;
      }
      socket.waiting = (socket.waiting ?? 0) + 1;
      socket.queue = (socket.queue ?? Promise.resolve())
        .then(() => this.#frame(socket, client, raw, isBinary))
        .finally(() => {
          socket.waiting = (socket.waiting ?? 1) - 1;
        });
    });
    socket.once('close', () => {
      const left = this.#sockets.get(userId);
      left?.delete(socket);
      if (left && left.size === 0) {
        this.#sockets.delete(userId);
        this.#each((part) => part.userLeft?.(userId));
      }
    });
    this.#each((part) => part.connected?.(client));
    if (first) this.#each((part) => part.userArrived?.(userId));
  }

  /** Runs a hook of every part; a failing hook is logged and does not stop the others. */
  #each(hook: (part: RealtimePart) => void): void {
    for (const part of this.#parts) {
      try {
        hook(part);
      } catch (error) {
        this.#options.logger.error({ err: error }, 'a realtime hook failed');
      }
    }
  }

  #send(socket: Connection, text: string): boolean {
    if (socket.readyState !== WebSocket.OPEN) return false;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      // A client that does not read is not allowed to hold the node's memory.
      this.#options.logger.warn('websocket dropped: the client does not keep up');
      socket.terminate();
      return false;
    }
    this.#cork(socket);
    socket.send(text);
    return true;
  }

  /**
   * Frames sent to one socket within one tick leave in one write: the socket's stream is corked
   * until the tick ends. A message and the receipt it carried, pushed to the same user one after
   * the other, cost one system call instead of two.
   */
  #cork(socket: Connection): void {
    if (socket.corked) return;
    // ws writes each frame corked and uncorks at once; an outer cork holds them together.
    const stream = (socket as unknown as { _socket?: Duplex })._socket;
    if (!stream) return;
    socket.corked = true;
    stream.cork();
    process.nextTick(() => {
      socket.corked = false;
      stream.uncork();
    });
  }

  #emitTo(userId: string, event: string, data: unknown): number {
    const sockets = this.#sockets.get(userId);
    if (!sockets) return 0;
    const text = JSON.stringify({ event, data });
    let sent = 0;
    for (const socket of sockets) if (this.#send(socket, text)) sent += 1;
    return sent;
  }

  /** One frame: parse the envelope, limit, validate the data, run the handler, answer. */
  async #frame(
    socket: Connection,
    client: RealtimeClient,
    raw: RawData,
    isBinary: boolean,
  ): Promise<void> {
    const fail = (message: string, ack?: number) =>
      ack === undefined
        ? client.emit('error', { message })
        : this.#send(
            socket,
            JSON.stringify({ event: 'ack', ack, data: { status: 'error', message } }),
          );
    if (isBinary) return void fail(GATEWAY_MESSAGES.binary);
    let parsed: z.output<typeof envelope>;
    try {
      const result = envelope.safeParse(JSON.parse(raw.toString()));
      if (!result.success) return void fail(GATEWAY_MESSAGES.notJson);
      parsed = result.data;
    } catch {
      return void fail(GATEWAY_MESSAGES.notJson);
    }
    const { event, data, ack } = parsed;
    // A frame under a session that ended is refused, whether or not its revocation arrived.
    let holds: boolean;
    try {
      holds = await this.#sessionHolds(socket);
    } catch (error) {
      this.#options.logger.error({ err: error, event }, 'websocket session could not be checked');
      return void fail(GATEWAY_MESSAGES.failed, ack);
    }
    if (!holds) {
      fail(GATEWAY_MESSAGES.sessionEnded, ack);
      socket.close(SESSION_ENDED, 'Session ended');
      return;
    }
    try {
      await this.#frames.consume(client.principal.userId);
    } catch {
      return void fail(GATEWAY_MESSAGES.tooFast, ack);
    }
    const handler = this.#events.get(event);
    if (!handler) return void fail(`${GATEWAY_MESSAGES.unknownEvent} "${event}".`, ack);
    const input = handler.data.safeParse(data, { error: voicedError });
    if (!input.success) return void fail(input.error.issues[0]?.message ?? 'Invalid data', ack);
    let answer: Readonly<Record<string, unknown>>;
    try {
      answer = await handler.handle(client, input.data);
    } catch (error) {
      if (error instanceof DomainError) return void fail(error.message, ack);
      this.#options.logger.error({ err: error, event }, 'socket event failed');
      return void fail(GATEWAY_MESSAGES.failed, ack);
    }
    if (ack !== undefined) {
      this.#send(socket, JSON.stringify({ event: 'ack', ack, data: { status: 'ok', ...answer } }));
    }
  }
}

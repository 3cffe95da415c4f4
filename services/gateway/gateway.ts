import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Authenticator, Principal } from '../http/endpoint.ts';

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
  maxPayloadBytes?: number;
}>;

type Connection = WebSocket & { alive?: boolean; principal?: Principal };

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
 * (so no other site can open a chat in a visitor's name) and within the connection caps. Chat
 * (join, send_message, mark_as_read, receive_message) is added by the messaging context.
 */
export class Gateway {
  readonly #wss: WebSocketServer;
  readonly #heartbeat: NodeJS.Timeout;
  readonly #options: GatewayOptions;
  readonly #perUser = new Map<string, number>();
  readonly #origins: Set<string>;
  #pending = 0;

  constructor(options: GatewayOptions) {
    this.#options = options;
    this.#origins = new Set(options.allowedOrigins);
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
    });
    this.#heartbeat = setInterval(() => {
      for (const socket of this.#wss.clients as Set<Connection>) {
        if (!socket.alive) {
          socket.terminate();
          continue;
        }
        socket.alive = false;
        socket.ping();
      }
    }, options.heartbeatMs ?? 30_000);
    this.#heartbeat.unref();
  }

  get connections(): number {
    return this.#wss.clients.size;
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
    const userId = principal.userId;
    if (this.connectionsOf(userId) >= maxConnectionsPerUser) {
      return refuse(socket, 429, 'Too Many Requests');
    }
    this.#perUser.set(userId, this.connectionsOf(userId) + 1);
    this.#wss.handleUpgrade(req, socket, head, (ws: Connection) => {
      ws.principal = principal;
      ws.once('close', () => {
        const left = this.connectionsOf(userId) - 1;
        if (left > 0) this.#perUser.set(userId, left);
        else this.#perUser.delete(userId);
      });
      this.#wss.emit('connection', ws, req);
    });
  }

  /** Closes every connection with "going away" so clients reconnect to another node. */
  async close(): Promise<void> {
    clearInterval(this.#heartbeat);
    for (const socket of this.#wss.clients) socket.close(1001, 'Server shutting down');
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }
}

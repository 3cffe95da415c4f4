import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';

export const GATEWAY_PATH = '/ws';

export type GatewayOptions = Readonly<{
  logger: Logger;
  /** Interval of the heartbeat that finds and drops dead connections. */
  heartbeatMs?: number;
  maxPayloadBytes?: number;
}>;

type Connection = WebSocket & { alive?: boolean };

/**
 * The real-time gateway: WebSocket connections on /ws with a heartbeat that drops dead peers.
 * Chat (join, send_message, mark_as_read, receive_message) is added by the messaging feature,
 * which registers its message handlers here.
 */
export class Gateway {
  readonly #wss: WebSocketServer;
  readonly #heartbeat: NodeJS.Timeout;
  readonly #logger: Logger;

  constructor(options: GatewayOptions) {
    this.#logger = options.logger;
    this.#wss = new WebSocketServer({
      noServer: true,
      maxPayload: options.maxPayloadBytes ?? 64 * 1024,
    });
    this.#wss.on('connection', (socket: Connection) => {
      socket.alive = true;
      socket.on('pong', () => {
        socket.alive = true;
      });
      socket.on('error', (error) => this.#logger.warn({ err: error }, 'websocket error'));
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

  /** Takes over upgrade requests for /ws on an HTTP server; other upgrades are refused. */
  attach(server: HttpServer): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== GATEWAY_PATH) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      this.#wss.handleUpgrade(req, socket, head, (ws) => this.#wss.emit('connection', ws, req));
    });
  }

  /** Closes every connection with "going away" so clients reconnect to another node. */
  async close(): Promise<void> {
    clearInterval(this.#heartbeat);
    for (const socket of this.#wss.clients) socket.close(1001, 'Server shutting down');
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }
}

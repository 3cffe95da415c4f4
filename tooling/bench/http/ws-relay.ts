// The chat baseline: a bare `ws` server in its own process that relays each frame of a client to
// its partner and acknowledges it, with the chat's envelope: no authentication, no storage, no
// bus. Clients connect to /ws?me=<id>&peer=<id>.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { failToBench, serveBench } from './child.ts';

export type RelayInfo = Readonly<{ url: string }>;

type Frame = { event: string; data?: { content?: string; sender?: string }; ack?: number };

try {
  const http = createServer();
  const wss = new WebSocketServer({ server: http, path: '/ws', maxPayload: 64 * 1024 });
  const sockets = new Map<string, WebSocket>();
  wss.on('connection', (socket, req) => {
    const query = new URL(req.url ?? '/', 'http://relay').searchParams;
    const me = query.get('me') ?? '';
    const peer = query.get('peer') ?? '';
    sockets.set(me, socket);
    socket.on('close', () => sockets.delete(me));
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as Frame;
      sockets.get(peer)?.send(
        JSON.stringify({
          event: 'receive_message',
          data: { sender: me, receiver: peer, content: frame.data?.content },
        }),
      );
      socket.send(JSON.stringify({ event: 'ack', ack: frame.ack, data: { status: 'ok' } }));
    });
  });
  http.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    http.once('listening', resolve);
    http.once('error', reject);
  });
  const { port } = http.address() as AddressInfo;
  serveBench<RelayInfo>(
    { url: `ws://127.0.0.1:${port}/ws` },
    () =>
      new Promise<void>((resolve) => {
        for (const socket of wss.clients) socket.terminate();
        wss.close();
        http.close(() => resolve());
      }),
  );
} catch (error) {
  failToBench(error);
}

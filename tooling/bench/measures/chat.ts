import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { startChild } from '../http/child.ts';
import type { ChatServerInfo, ChatUser } from '../http/chat-process.ts';
import type { RelayInfo } from '../http/ws-relay.ts';
import { summariseProfile, type CpuProfile } from '../cpu-profile.ts';
import type { Measure } from '../measure.ts';
import type { Row } from '../table.ts';
import { BENCH_WORKERS } from '../http/workers-runtime.ts';

const here = join(import.meta.dirname, '..', 'http');
const DURATION_MS = Number(process.env.BENCH_CHAT_SECONDS ?? 10) * 1000;
/** How long messages acknowledged before the end may take to arrive before they count as lost. */
const DRAIN_MS = 15_000;

type Exchange = Readonly<{
  delivered: number;
  /** The server's CPU time (user + system, every thread) per message delivered in the window. */
  cpuMicrosPerMessage: number;
  latencies: number[];
  acknowledged: number;
  lost: number;
  refused: number;
}>;

type Frame = { event: string; ack?: number; data?: { status?: string; content?: string } };

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

const opened = (socket: WebSocket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

/**
 * The same clients against either server: every pair plays ping-pong (A writes, B answers as soon
 * as A's message arrives, and so on), so 500 messages are in flight at any time. A message is
 * `<id>|<sent at>`; its receiver measures the delivery latency (one process, one clock).
 */
const exchange = async (
  pairs: readonly (readonly [ChatUser, ChatUser])[],
  open: (me: ChatUser, peer: ChatUser) => WebSocket,
  cpuMicros: () => Promise<number>,
): Promise<Exchange> => {
  const acknowledgedIds = new Set<string>();
  const receivedIds = new Set<string>();
  const latencies: number[] = [];
  let refused = 0;
  let running = true;
  let windowEnd = Number.POSITIVE_INFINITY;
  let delivered = 0;
  const sockets: WebSocket[] = [];

  const sides = pairs.flatMap(([a, b]) => [
    { me: a, peer: b },
    { me: b, peer: a },
  ]);
  const byUser = new Map<string, { socket: WebSocket; send: () => void }>();
  for (const side of sides) {
    const socket = open(side.me, side.peer);
    sockets.push(socket);
    let ack = 0;
    const pending = new Map<number, string>();
    const send = () => {
      const id = randomUUID();
      ack += 1;
      pending.set(ack, id);
      socket.send(
        JSON.stringify({
          event: 'send_message',
          data: {
            sender: side.me.userId,
            receiver: side.peer.userId,
            content: `${id}|${performance.now()}`,
            messageId: id,
          },
          ack,
        }),
      );
    };
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as Frame;
      if (frame.event === 'ack' && frame.ack !== undefined) {
        const id = pending.get(frame.ack);
        pending.delete(frame.ack);
        if (id && frame.data?.status === 'ok') acknowledgedIds.add(id);
        else refused += 1;
      } else if (frame.event === 'receive_message' && frame.data?.content) {
        const now = performance.now();
        const [id, sentAt] = frame.data.content.split('|') as [string, string];
        receivedIds.add(id);
        if (now <= windowEnd) {
          delivered += 1;
          latencies.push(now - Number(sentAt));
        }
        if (running) send();
      }
    });
    byUser.set(side.me.userId, { socket, send });
  }
  await Promise.all(sockets.map(opened));

  const cpuBefore = await cpuMicros();
  const started = performance.now();
  windowEnd = started + DURATION_MS;
  for (const [a] of pairs) byUser.get(a.userId)!.send();
  await new Promise((resolve) => setTimeout(resolve, DURATION_MS));
  const cpuUsed = (await cpuMicros()) - cpuBefore;
  running = false;
  const drainUntil = performance.now() + DRAIN_MS;
  while (
    performance.now() < drainUntil &&
    [...acknowledgedIds].some((id) => !receivedIds.has(id))
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const lost = [...acknowledgedIds].filter((id) => !receivedIds.has(id)).length;
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          socket.once('close', () => resolve());
          socket.close();
        }),
    ),
  );
  latencies.sort((x, y) => x - y);
  return {
    delivered,
    cpuMicrosPerMessage: Math.round(cpuUsed / Math.max(1, delivered)),
    latencies,
    acknowledged: acknowledgedIds.size,
    lost,
    refused,
  };
};

/**
 * The chat against the bare relay. `onWorkers`: against the runtime with API workers
 * (BENCH_WORKERS, 2) on what the same seeding opened; a pair's two sockets may land on different
 * workers, and then their messages cross through the writer's bus. Those rows carry no CPU
 * profile.
 */
const chatMeasure = (onWorkers: boolean): Measure => ({
  name: onWorkers
    ? `Chat over WebSockets with API workers (WORKERS=${BENCH_WORKERS})`
    : 'Chat over WebSockets',
  run: async ({ progress, profileDir: asked, appendix }) => {
    const profileDir = onWorkers ? undefined : asked;
    progress('chat: 500 brands and 500 creators signed in, each pair with a conversation');
    const [server, relay] = await Promise.all([
      startChild<ChatServerInfo>(join(here, 'chat-process.ts'), {
        startupTimeoutMs: 300_000,
        ...(onWorkers ? { env: { BENCH_WORKERS_ROWS: '1' } } : {}),
      }),
      startChild<RelayInfo>(join(here, 'ws-relay.ts')),
    ]);
    try {
      const { pairs } = server.info;
      const wsUrl = `${server.info.url.replace(/^http/, 'ws')}/ws`;
      progress(`chat: bare ws relay, ${pairs.length * 2} sockets, ${DURATION_MS / 1000} s`);
      const bare = await exchange(
        pairs,
        (me, peer) => new WebSocket(`${relay.info.url}?me=${me.userId}&peer=${peer.userId}`),
        relay.cpuMicros,
      );
      progress(`chat: the server, ${pairs.length * 2} sockets, ${DURATION_MS / 1000} s`);
      if (profileDir) await server.startProfile();
      const real = await exchange(
        pairs,
        (me) => new WebSocket(wsUrl, ['linkcoin', me.token]),
        server.cpuMicros,
      );
      if (profileDir) {
        const path = await server.stopProfile(join(profileDir, 'chat.cpuprofile'));
        const profile = JSON.parse(await readFile(path, 'utf8')) as CpuProfile;
        appendix(`CPU profile of the server, chat (${path})`, summariseProfile(profile));
      }
      const seconds = DURATION_MS / 1000;
      const round = (ms: number) => Math.round(ms * 100) / 100;
      const sockets = `${pairs.length * 2} sockets in ${pairs.length} pairs${onWorkers ? `, WORKERS=${BENCH_WORKERS}` : ''}`;
      const rows: Row[] = [
        {
          measure: `Chat messages delivered, ${sockets} (${seconds} s, ping-pong)`,
          value: Math.round(real.delivered / seconds),
          unit: 'messages/s',
          baseline: Math.round(bare.delivered / seconds),
          baselineIs:
            'messages/s: a bare ws server relaying each frame to the partner (no auth, no storage, no bus), same clients, same run',
          better: 'higher',
          note: `each message stored (FULL), pushed to the receiver on the same node (the bus carries it to other nodes), its delivery receipt stored (batched per conversation side, one or two a second, most carried by the receiver's reply in its append: services/messaging/receipts.ts); ${real.cpuMicrosPerMessage} µs server CPU per message (relay ${bare.cpuMicrosPerMessage} µs); lost ${real.lost} of ${real.acknowledged} acknowledged (must be 0), ${real.refused} refused`,
        },
        {
          measure: `Chat server CPU per message, ${sockets}`,
          value: real.cpuMicrosPerMessage,
          unit: 'µs',
          baseline: bare.cpuMicrosPerMessage,
          baselineIs:
            'µs: the bare ws relay process’s CPU time per message relayed, same clients, same run',
          better: 'lower',
          note: 'user + system CPU of the server process (every thread) during the window, per message delivered in it; steadier than the rates on a shared machine',
        },
        ...([50, 99] as const).map((p): Row => ({
          measure: `Chat delivery latency p${p}, ${sockets}`,
          value: round(percentile(real.latencies, p)),
          unit: 'ms',
          baseline: round(percentile(bare.latencies, p)),
          baselineIs:
            'ms: send to receipt through the bare ws relay, same clients, same run, same percentile',
          better: 'lower',
          note: 'from the sender’s send to the receiver’s receive_message',
        })),
        {
          measure: `Chat messages lost, ${sockets}`,
          value: real.lost,
          unit: 'messages',
          baseline: bare.lost,
          baselineIs: 'messages acknowledged by the bare relay and never received',
          better: 'lower',
          note: 'acknowledged (stored) messages that never reached the receiver: must be 0',
        },
      ];
      if (real.lost > 0) {
        throw new Error(`the chat lost ${real.lost} of ${real.acknowledged} acknowledged messages`);
      }
      return rows;
    } finally {
      await Promise.all([server.stop(), relay.stop()]);
    }
  },
});

export const chat = chatMeasure(false);
export const chatOnWorkers = chatMeasure(true);

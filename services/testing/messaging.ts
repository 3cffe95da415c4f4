import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import {
  conversationDecider,
  conversationStreamId,
  pairIdOf,
} from '@linkcoin/domain/messaging/conversation.ts';
import { GATEWAY_PROTOCOL } from '../platform/gateway/gateway.ts';
import type { TestUser } from './accounts.ts';
import type { TestServer } from './test-server.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Opens the conversation of a payer and a creator as the collections' process does from the
 * payer's wallet (that process belongs to the collections context): 7 days from the server's
 * clock unless told otherwise.
 */
export const openConversation = async (
  server: TestServer,
  payer: Pick<TestUser, 'userId'>,
  creator: Pick<TestUser, 'userId'>,
  options: { expiresAt?: Date; connectionId?: string } = {},
): Promise<string> => {
  const { platform } = server.runtime;
  const now = platform.clock.now();
  const pairId = pairIdOf(payer.userId, creator.userId);
  const result = await platform.commands.handle(conversationDecider, conversationStreamId(pairId), {
    type: 'OpenConversation',
    data: {
      payerId: payer.userId,
      creatorId: creator.userId,
      connectionId: options.connectionId ?? randomUUID(),
      expiresAt: (options.expiresAt ?? new Date(now.getTime() + 7 * DAY)).toISOString(),
    },
    metadata: { now, actorUserId: null, correlationId: randomUUID(), causationId: null },
  });
  await platform.progress.waitFor(result.position);
  return pairId;
};

/** A frame the server sent. */
export type Frame = { event: string; data?: unknown; ack?: number };

/**
 * A real `ws` client speaking the gateway's envelope: `request` sends an event and resolves with
 * its acknowledgement's data; `next` waits for a pushed event matching a predicate (every frame
 * is kept, so an event that came before the wait is found too).
 */
export class ChatClient {
  readonly socket: WebSocket;
  readonly frames: Frame[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  #ack = 0;
  #waiters: { test: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];

  constructor(url: string, token: string) {
    this.socket = new WebSocket(url, [GATEWAY_PROTOCOL, token]);
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) =>
      this.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    this.socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as Frame;
      this.frames.push(frame);
      this.#waiters = this.#waiters.filter((waiter) => {
        if (!waiter.test(frame)) return true;
        waiter.resolve(frame);
        return false;
      });
    });
  }

  static async connect(url: string, user: Pick<TestUser, 'token'>): Promise<ChatClient> {
    const client = new ChatClient(url, user.token);
    await client.opened;
    return client;
  }

  /** The first frame (already received or still to come) that passes the test. */
  waitFor(test: (frame: Frame) => boolean): Promise<Frame> {
    const found = this.frames.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.#waiters.push({ test, resolve }));
  }

  /** A pushed event whose data passes the test. */
  async next<T = Record<string, unknown>>(
    event: string,
    test: (data: T) => boolean = () => true,
  ): Promise<T> {
    const frame = await this.waitFor((f) => f.event === event && test(f.data as T));
    return frame.data as T;
  }

  /** Pushed events of one kind received so far. */
  received<T = Record<string, unknown>>(event: string): T[] {
    return this.frames.filter((f) => f.event === event).map((f) => f.data as T);
  }

  /** Sends an event with an acknowledgement number and answers the acknowledgement's data. */
  async request<T = Record<string, unknown>>(event: string, data: unknown): Promise<T> {
    const ack = ++this.#ack;
    this.socket.send(JSON.stringify({ event, data, ack }));
    const frame = await this.waitFor((f) => f.event === 'ack' && f.ack === ack);
    return frame.data as T;
  }

  /** Sends a message as the spec's client does, with a fresh message id unless given. */
  sendMessage(
    from: Pick<TestUser, 'userId'>,
    to: Pick<TestUser, 'userId'>,
    content: string,
    messageId: string = randomUUID(),
  ) {
    return this.request<{ status: string; message: Record<string, unknown> | string }>(
      'send_message',
      { sender: from.userId, receiver: to.userId, content, messageId },
    );
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    this.socket.close();
    await this.closed;
  }
}

/** The gateway address of a test server. */
export const wsUrlOf = (server: Pick<TestServer, 'url'>): string =>
  `${server.url.replace(/^http/, 'ws')}/ws`;

/** Stores a message through the command handler, as the gateway does (no socket needed). */
export const storeMessage = async (
  server: TestServer,
  from: Pick<TestUser, 'userId'>,
  to: Pick<TestUser, 'userId'>,
  content: string,
): Promise<void> => {
  const { platform } = server.runtime;
  const now = platform.clock.now();
  const result = await platform.commands.handle(
    conversationDecider,
    conversationStreamId(pairIdOf(from.userId, to.userId)),
    {
      type: 'SendMessage',
      data: { messageId: randomUUID(), senderId: from.userId, receiverId: to.userId, content },
      metadata: { now, actorUserId: from.userId, correlationId: randomUUID(), causationId: null },
    },
  );
  await platform.progress.waitFor(result.position);
};

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageView } from '@linkcoin/domain/messaging/contracts.ts';
import { CHAT_PROTOCOL, ChatRefusal, ChatSocket, SESSION_ENDED, gatewayUrl } from './chat-socket';

/** A WebSocket stand-in: records what the client sends; the test plays the gateway. */
class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = FakeSocket.CONNECTING;
  binaryType = 'blob';
  readonly sent: { event: string; data: unknown; ack?: number }[] = [];

  readonly url: string;
  readonly protocols: string | string[] | undefined;

  constructor(url: string, protocols?: string | string[]) {
    super();
    this.url = url;
    this.protocols = protocols;
    FakeSocket.all.push(this);
  }

  send(text: string): void {
    this.sent.push(JSON.parse(text) as FakeSocket['sent'][number]);
  }

  close(): void {
    this.readyState = FakeSocket.CLOSED;
  }

  /** The gateway accepts the connection. */
  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  /** The gateway pushes a frame. */
  push(frame: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  /** The connection drops (or the gateway closes it with `code`). */
  drop(code = 1006): void {
    this.readyState = FakeSocket.CLOSED;
    const event = Object.assign(new Event('close'), { code, reason: '', wasClean: false });
    this.dispatchEvent(event);
  }

  /** The frames sent with an event name. */
  frames(event: string) {
    return this.sent.filter((frame) => frame.event === event);
  }
}

const ME = 'brand-1';
const ASHA = 'asha';

const stored = (messageId: string, content: string): MessageView => ({
  _id: messageId,
  seq: 1,
  sender: ME,
  receiver: ASHA,
  content,
  timestamp: '2026-11-23T09:00:00.000Z',
  status: 'sent',
  messageStatus: 'unread',
});

let chat: ChatSocket | null = null;

function connect(token: () => string | null = () => 'session-token') {
  chat = new ChatSocket({
    userId: ME,
    url: 'ws://127.0.0.1:1/ws',
    token,
    socket: {
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      minReconnectionDelay: 1,
      maxReconnectionDelay: 1,
    },
  });
  const events: unknown[] = [];
  chat.on('joined', (joined) => events.push({ joined }));
  chat.on('status', (status) => events.push({ status }));
  return { chat, events };
}

/** The socket the client opened as its `n`th connection (1-based), once it exists. */
const nthSocket = (n: number) =>
  vi.waitFor(() => {
    const socket = FakeSocket.all[n - 1];
    if (!socket) throw new Error(`connection ${n} not opened yet`);
    return socket;
  });

/** Opens the socket and answers the client's join, as the gateway does. */
async function accept(socket: FakeSocket, online: string[] = []) {
  socket.open();
  const join = socket.frames('join').at(-1);
  expect(join).toMatchObject({ event: 'join', data: ME });
  socket.push({ event: 'ack', ack: join?.ack, data: { status: 'ok', userId: ME, online } });
  await vi.waitFor(() => expect(chat?.status).toBe('online'));
}

afterEach(() => {
  chat?.close();
  chat = null;
  FakeSocket.all = [];
});

describe('ChatSocket', () => {
  it('offers the session token at the upgrade and joins first', async () => {
    const { events } = connect();
    const socket = await nthSocket(1);
    expect(socket.url).toBe('ws://127.0.0.1:1/ws');
    expect(socket.protocols).toEqual([CHAT_PROTOCOL, 'session-token']);
    await accept(socket, [ASHA]);
    expect(socket.sent.map((frame) => frame.event)).toEqual(['join']);
    expect(events).toContainEqual({ joined: { online: [ASHA], reconnected: false } });
  });

  it('sends a message once joined and answers the stored message on its acknowledgement', async () => {
    const { chat } = connect();
    const socket = await nthSocket(1);
    const sending = chat.send({ receiver: ASHA, content: 'Hello', messageId: 'id-1' });
    expect(socket.frames('send_message')).toEqual([]);
    await accept(socket);
    const [frame] = socket.frames('send_message');
    expect(frame?.data).toEqual({
      sender: ME,
      receiver: ASHA,
      content: 'Hello',
      messageId: 'id-1',
    });
    socket.push({
      event: 'ack',
      ack: frame?.ack,
      data: { status: 'ok', message: stored('id-1', 'Hello') },
    });
    await expect(sending).resolves.toEqual(stored('id-1', 'Hello'));
    expect(chat.unacknowledged).toBe(0);
  });

  it('after a drop, reconnects, joins again (reconnected) and resends what was not acknowledged', async () => {
    const { chat, events } = connect();
    const first = await nthSocket(1);
    await accept(first);
    const sending = chat.send({ receiver: ASHA, content: 'Lost?', messageId: 'id-2' });
    expect(first.frames('send_message')).toHaveLength(1);

    first.drop();
    expect(chat.status).toBe('offline');
    const second = await nthSocket(2);
    expect(second.protocols).toEqual([CHAT_PROTOCOL, 'session-token']);
    await accept(second);
    expect(events).toContainEqual({ joined: { online: [], reconnected: true } });

    const [resent] = second.frames('send_message');
    expect(resent?.data).toMatchObject({ messageId: 'id-2', content: 'Lost?' });
    second.push({
      event: 'ack',
      ack: resent?.ack,
      data: { status: 'ok', message: stored('id-2', 'Lost?') },
    });
    await expect(sending).resolves.toMatchObject({ _id: 'id-2' });
  });

  it("rejects with the server's words on a refusal, and does not send it again", async () => {
    const { chat } = connect();
    const socket = await nthSocket(1);
    await accept(socket);
    const sending = chat.send({ receiver: ASHA, content: 'Too late', messageId: 'id-3' });
    const [frame] = socket.frames('send_message');
    socket.push({
      event: 'ack',
      ack: frame?.ack,
      data: { status: 'error', message: "This chat is now read-only as it's older than 7 days." },
    });
    await expect(sending).rejects.toEqual(
      new ChatRefusal("This chat is now read-only as it's older than 7 days."),
    );
    expect(chat.unacknowledged).toBe(0);
  });

  it('hands on live messages, receipts and presence', async () => {
    const { chat } = connect();
    const socket = await nthSocket(1);
    await accept(socket);
    const seen: unknown[] = [];
    chat.on('receive_message', (message) => seen.push(['message', message._id]));
    chat.on('message_status', (receipt) => seen.push(['receipt', receipt.upToSeq]));
    chat.on('presence', (presence) => seen.push(['presence', presence.isOnline]));
    socket.push({ event: 'receive_message', data: { ...stored('id-9', 'Hi'), sender: ASHA } });
    socket.push({ event: 'message_status', data: { sender: ME, receiver: ASHA, upToSeq: 4 } });
    socket.push({ event: 'presence', data: { userId: ASHA, isOnline: true } });
    socket.dispatchEvent(new MessageEvent('message', { data: 'not json' }));
    expect(seen).toEqual([
      ['message', 'id-9'],
      ['receipt', 4],
      ['presence', true],
    ]);
  });

  it('stops for good when the gateway ends the session', async () => {
    const { chat } = connect();
    const socket = await nthSocket(1);
    await accept(socket);
    socket.drop(SESSION_ENDED);
    expect(chat.status).toBe('ended');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('gatewayUrl', () => {
  it("is /ws on the page's own host, secure on https", () => {
    expect(gatewayUrl({ protocol: 'https:', host: 'linkcoin.example' })).toBe(
      'wss://linkcoin.example/ws',
    );
    expect(gatewayUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe(
      'ws://127.0.0.1:8080/ws',
    );
  });
});

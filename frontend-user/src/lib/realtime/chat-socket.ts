import ReconnectingWebSocket, { type CloseEvent, type Options } from 'partysocket/ws';
import type {
  AckData,
  MessageView,
  PresenceData,
  ReceiptData,
} from '@linkcoin/domain/messaging/contracts.ts';

/**
 * The real-time connection of the chat (docs/ARCHITECTURE.md, "The chat on /ws"): JSON envelopes
 * `{ event, data, ack }` on a socket that reconnects with backoff (partysocket). The session
 * token travels as the second subprotocol and is read again for every connection, so a refreshed
 * token is the one used. On every (re)connection the client joins first; messages whose
 * acknowledgement never came are then sent again with the same id (the server stores a message
 * id once).
 */

/** The subprotocol the gateway answers; the token follows it. */
export const CHAT_PROTOCOL = 'linkcoin';
/** The gateway closes with this when the session ended: no reconnecting then. */
export const SESSION_ENDED = 4401;

export type ChatConnectionStatus = 'connecting' | 'online' | 'offline' | 'ended';

export type ChatSocketEvents = {
  /** Joined: on the first connection and after each reconnection (then `reconnected`). */
  joined: { online: string[]; reconnected: boolean };
  receive_message: MessageView;
  message_status: ReceiptData;
  presence: PresenceData;
  /** The signed-in user's balance changed (a grant, a purchase, a spend, a refund). */
  wallet_balance: { linkCoins: number; revision: number };
  status: ChatConnectionStatus;
};

type Listener<K extends keyof ChatSocketEvents> = (data: ChatSocketEvents[K]) => void;

export type OutgoingMessage = Readonly<{ receiver: string; content: string; messageId: string }>;

export type ChatSocketOptions = Readonly<{
  userId: string;
  /** Where the gateway is, e.g. ws://127.0.0.1:8080/ws. */
  url: string;
  /** The session token now (read at every connection); null ends the connection. */
  token: () => string | null;
  /** With no acknowledgement this long on an open socket, the socket is taken as dead. */
  ackTimeoutMs?: number;
  /** For tests: the WebSocket class and the backoff. */
  socket?: Pick<Options, 'WebSocket' | 'minReconnectionDelay' | 'maxReconnectionDelay'>;
}>;

type Pending = {
  event: string;
  resolve: (data: AckData & { status: 'ok' }) => void;
  reject: (error: Error) => void;
};

type Outgoing = {
  message: OutgoingMessage;
  resolve: (stored: MessageView) => void;
  reject: (error: Error) => void;
};

/** A refusal from the server (an `error` acknowledgement): its message is for the user. */
export class ChatRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChatRefusal';
  }
}

/** The address of the gateway on this page's origin. */
export function gatewayUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

export class ChatSocket {
  readonly #options: ChatSocketOptions;
  readonly #socket: ReconnectingWebSocket;
  readonly #listeners = new Map<keyof ChatSocketEvents, Set<Listener<never>>>();
  /** Acknowledgements awaited on the current connection, by ack number. */
  readonly #pending = new Map<number, Pending>();
  /** Messages not acknowledged yet, by message id: sent again after a reconnection. */
  readonly #outbox = new Map<string, Outgoing>();
  #nextAck = 1;
  #joined = false;
  #joinedBefore = false;
  #status: ChatConnectionStatus = 'connecting';
  #ackTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: ChatSocketOptions) {
    this.#options = options;
    const jitter = Math.round(Math.random() * 1000);
    this.#socket = new ReconnectingWebSocket(
      options.url,
      () => {
        const token = options.token();
        return token ? [CHAT_PROTOCOL, token] : [CHAT_PROTOCOL];
      },
      {
        minReconnectionDelay: 1000 + jitter,
        maxReconnectionDelay: 15_000,
        reconnectionDelayGrowFactor: 1.6,
        connectionTimeout: 8000,
        // Nothing is queued while closed: the outbox resends, after joining, what needs it.
        maxEnqueuedMessages: 0,
        shouldReconnectOnClose: (event: CloseEvent) => event.code !== SESSION_ENDED,
        ...options.socket,
      },
    );
    this.#socket.addEventListener('open', this.#onOpen);
    this.#socket.addEventListener('message', this.#onMessage);
    this.#socket.addEventListener('close', this.#onClose);
  }

  get status(): ChatConnectionStatus {
    return this.#status;
  }

  on<K extends keyof ChatSocketEvents>(event: K, listener: Listener<K>): () => void {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  /**
   * Sends a message and answers the stored message once acknowledged. Until then it is kept and
   * sent again (same id) after every reconnection; a refusal rejects with a `ChatRefusal`.
   */
  send(message: OutgoingMessage): Promise<MessageView> {
    const known = this.#outbox.get(message.messageId);
    if (known) {
      return new Promise((resolve, reject) => {
        const { resolve: first, reject: firstReject } = known;
        known.resolve = (stored) => (first(stored), resolve(stored));
        known.reject = (error) => (firstReject(error), reject(error));
      });
    }
    return new Promise((resolve, reject) => {
      this.#outbox.set(message.messageId, { message, resolve, reject });
      if (this.#joined) this.#transmit(message);
    });
  }

  /** Messages sent and not acknowledged yet. */
  get unacknowledged(): number {
    return this.#outbox.size;
  }

  /** Marks what `sender` wrote to the user as read (the same as PATCH /messages/mark-read). */
  markAsRead(sender: string): Promise<number | undefined> {
    return this.#request('mark_as_read', { sender, receiver: this.#options.userId }).then(
      (data) => data.upToSeq,
    );
  }

  /**
   * Opens the connection again, with the token read anew: after the access token was renewed,
   * or after the server ended a connection whose token had expired (4401).
   */
  reconnect(): void {
    this.#socket.reconnect();
  }

  /** Closes for good (the page is left, the session ended). */
  close(): void {
    this.#socket.removeEventListener('open', this.#onOpen);
    this.#socket.removeEventListener('message', this.#onMessage);
    this.#socket.removeEventListener('close', this.#onClose);
    this.#socket.close(1000, 'Closed by the client');
    this.#dropConnection();
    for (const outgoing of this.#outbox.values()) outgoing.reject(new Error('Chat closed'));
    this.#outbox.clear();
    this.#setStatus('ended');
  }

  #emit<K extends keyof ChatSocketEvents>(event: K, data: ChatSocketEvents[K]): void {
    for (const listener of this.#listeners.get(event) ?? []) {
      try {
        (listener as Listener<K>)(data);
      } catch (error) {
        console.error(`A chat listener for ${event} failed`, error);
      }
    }
  }

  #setStatus(status: ChatConnectionStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    this.#emit('status', status);
  }

  #frame(event: string, data: unknown, ack?: number): void {
    this.#socket.send(JSON.stringify(ack === undefined ? { event, data } : { event, data, ack }));
  }

  #request(event: string, data: unknown): Promise<AckData & { status: 'ok' }> {
    if (this.#socket.readyState !== ReconnectingWebSocket.OPEN) {
      return Promise.reject(new Error('The chat is not connected'));
    }
    const ack = this.#nextAck++;
    return new Promise((resolve, reject) => {
      this.#pending.set(ack, { event, resolve, reject });
      this.#frame(event, data, ack);
      this.#watchAcks();
    });
  }

  #transmit(message: OutgoingMessage): void {
    const sender = this.#options.userId;
    this.#request('send_message', {
      sender,
      receiver: message.receiver,
      content: message.content,
      messageId: message.messageId,
    }).then(
      (data) => {
        const outgoing = this.#outbox.get(message.messageId);
        this.#outbox.delete(message.messageId);
        if (data.message) outgoing?.resolve(data.message);
        else outgoing?.reject(new Error('The server stored the message but did not answer it'));
      },
      (error: unknown) => {
        if (!(error instanceof ChatRefusal)) return; // connection lost: sent again after joining
        const outgoing = this.#outbox.get(message.messageId);
        this.#outbox.delete(message.messageId);
        outgoing?.reject(error);
      },
    );
  }

  /** An open socket that stops acknowledging is dead: reconnecting sends the outbox again. */
  #watchAcks(): void {
    if (this.#ackTimer !== null) return;
    this.#ackTimer = setTimeout(() => {
      this.#ackTimer = null;
      if (this.#pending.size > 0) this.#socket.reconnect(4000, 'No acknowledgement');
    }, this.#options.ackTimeoutMs ?? 10_000);
  }

  #dropConnection(): void {
    this.#joined = false;
    if (this.#ackTimer !== null) clearTimeout(this.#ackTimer);
    this.#ackTimer = null;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const waiting of pending) waiting.reject(new Error('The chat connection was lost'));
  }

  readonly #onOpen = () => {
    this.#request('join', this.#options.userId).then(
      (data) => {
        this.#joined = true;
        const reconnected = this.#joinedBefore;
        this.#joinedBefore = true;
        this.#setStatus('online');
        this.#emit('joined', { online: data.online ?? [], reconnected });
        for (const { message } of this.#outbox.values()) this.#transmit(message);
      },
      (error: unknown) => console.warn('Joining the chat failed', error),
    );
  };

  readonly #onMessage = (event: MessageEvent) => {
    let frame: { event?: unknown; data?: unknown; ack?: unknown };
    try {
      frame = JSON.parse(String(event.data)) as typeof frame;
    } catch {
      return;
    }
    if (frame.event === 'ack' && typeof frame.ack === 'number') {
      const waiting = this.#pending.get(frame.ack);
      if (!waiting) return;
      this.#pending.delete(frame.ack);
      if (this.#pending.size === 0 && this.#ackTimer !== null) {
        clearTimeout(this.#ackTimer);
        this.#ackTimer = null;
      }
      const data = frame.data as AckData | undefined;
      if (data?.status === 'ok') waiting.resolve(data);
      else waiting.reject(new ChatRefusal(data?.message ?? 'Refused'));
      return;
    }
    switch (frame.event) {
      case 'receive_message':
        return this.#emit('receive_message', frame.data as MessageView);
      case 'message_status':
        return this.#emit('message_status', frame.data as ReceiptData);
      case 'presence':
        return this.#emit('presence', frame.data as PresenceData);
      case 'wallet_balance':
        return this.#emit('wallet_balance', frame.data as ChatSocketEvents['wallet_balance']);
      case 'error':
        console.warn('The chat refused a frame', frame.data);
        return;
      default:
        return;
    }
  };

  readonly #onClose = (event: CloseEvent) => {
    this.#dropConnection();
    this.#setStatus(event.code === SESSION_ENDED ? 'ended' : 'offline');
  };
}

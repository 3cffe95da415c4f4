/**
 * What a context adds to the real-time gateway (`ContextParts.realtime`): the events clients may
 * send on /ws, and hooks to push events to the sockets of this node. The gateway owns the
 * envelope (docs/ARCHITECTURE.md, "The chat on /ws"), authentication, limits and the sockets;
 * the context owns what the events mean.
 */
import type { z } from 'zod';
import type { Principal } from '../http/endpoint.ts';

/** One authenticated socket, as a context's event handler sees it. */
export type RealtimeClient = Readonly<{
  /** Unique on this node. */
  id: string;
  principal: Principal;
  /** Pushes an event to this socket only (nothing when it has closed). */
  emit: (event: string, data: unknown) => void;
}>;

/** The sockets of this gateway node, for pushing what arrives on the bus. */
export type RealtimeNode = Readonly<{
  /** Names this node on the bus (its own consumer group, its presence entries). */
  nodeId: string;
  /** Pushes an event to every open socket of a user on this node; answers how many got it. */
  emitTo: (userId: string, event: string, data: unknown) => number;
  /** Users with at least one open socket on this node. */
  users: () => readonly string[];
  /** Whether a user has an open socket on this node. */
  isHere: (userId: string) => boolean;
  /**
   * Ends a user's sessions issued before `tokenVersion` on this node: their sockets are closed
   * with 4401 at once. Answers how many closed.
   */
  endSessions: (userId: string, tokenVersion: number) => number;
}>;

/** One event a client may send: its data's schema, and the handler answering the ack's data. */
export type RealtimeEvent = Readonly<{
  data: z.ZodType;
  /**
   * Answers the acknowledgement's data (`status: 'ok'` is added). A DomainError becomes
   * `{ status: 'error', message }`, and so does invalid data, before the handler runs.
   */
  handle: (client: RealtimeClient, data: unknown) => Promise<Readonly<Record<string, unknown>>>;
}>;

/** A typed event: the handler receives the schema's output. */
export const realtimeEvent = <S extends z.ZodType>(
  data: S,
  handle: (client: RealtimeClient, data: z.output<S>) => Promise<Readonly<Record<string, unknown>>>,
): RealtimeEvent => ({
  data,
  handle: (client, parsed) => handle(client, parsed as z.output<S>),
});

export type RealtimePart = Readonly<{
  /** Event names (`send_message`) and their handlers; names must be unique across contexts. */
  events: Readonly<Record<string, RealtimeEvent>>;
  /** Before the node accepts sockets: subscribe to the bus. */
  start?: (node: RealtimeNode) => Promise<void>;
  /** A socket opened (after its upgrade was authenticated). */
  connected?: (client: RealtimeClient) => void;
  /** A user's first socket on this node opened, or their last one closed. */
  userArrived?: (userId: string) => void;
  userLeft?: (userId: string) => void;
  /** When the node stops, after every socket was closed. */
  stop?: () => Promise<void>;
}>;

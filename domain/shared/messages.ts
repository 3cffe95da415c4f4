/**
 * Commands and events are plain, serialisable discriminated unions (in the style of Emmett's
 * samples). Everything a decider needs, including the instant it decides at, travels with the
 * command: nothing in domain/ reads the clock.
 */

/** A fact that happened. `data` is JSON: dates are ISO-8601 strings. */
export type Event<Type extends string = string, Data extends object = object> = Readonly<{
  type: Type;
  data: Readonly<Data>;
}>;

/** Who asks, when, and why: the context every command is decided in. */
export type CommandMetadata = Readonly<{
  /** The instant the command is decided at. */
  now: Date;
  /** The authenticated user asking, or null for the system (process managers, start-up). */
  actorUserId: string | null;
  /** Groups everything caused by one outside request. */
  correlationId: string;
  /** The message (request or event id) that directly caused this command. */
  causationId: string | null;
  /**
   * Makes a retried command a no-op, in the command's stream. The key repeats only the command it
   * was first given with: the command handler binds it to the command's type and a fingerprint of
   * its data, and refuses the same key with anything else. Keys are derived from what caused the
   * command (`instagram-expired-<requestId>`) or, for the few endpoints that take a client's
   * Idempotency-Key, scoped to the caller by the edge (`client:<userId>:<key>`).
   */
  idempotencyKey?: string;
}>;

/** An intention, decided by a decider against the current state of one stream. */
export type Command<Type extends string = string, Data extends object = object> = Readonly<{
  type: Type;
  data: Readonly<Data>;
  metadata: CommandMetadata;
}>;

/** Metadata stored with every event. */
export type EventMetadata = Readonly<{
  actorUserId: string | null;
  correlationId: string;
  causationId: string | null;
  schemaVersion: number;
  /** When the event was decided (ISO-8601). */
  timestamp: string;
  idempotencyKey?: string;
  /** What the key was first used for: a hash of the command's type and data. */
  idempotencyFingerprint?: string;
}>;

/** An event as stored: its identity and place in its stream and in the global log. */
export type RecordedEvent<E extends Event = Event> = E &
  Readonly<{
    id: string;
    streamId: string;
    /** 0-based, gapless position within the stream. */
    revision: number;
    /** Monotonic position in the global log. */
    position: number;
    metadata: EventMetadata;
  }>;

/** Narrows a recorded event by type, for projections and process managers. */
export const isEventOf = <T extends string>(
  event: RecordedEvent,
  ...types: readonly T[]
): event is RecordedEvent<Event<T, Record<string, unknown>>> =>
  (types as readonly string[]).includes(event.type);

/** The part of a stream id before the first dash: `account-42` belongs to `account`. */
export const streamCategory = (streamId: string): string => {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
};

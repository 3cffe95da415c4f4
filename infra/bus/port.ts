import type { Closeable, PortStatus } from '../shared/port-status.ts';

export type BusMessage = Readonly<{
  /** Messages with one key are delivered in publish order, to one member of each group. */
  key: string;
  /** JSON. */
  value: unknown;
  headers?: Readonly<Record<string, string>>;
}>;

export type DeliveredMessage = BusMessage &
  Readonly<{
    topic: string;
    /** Adapter-specific offset, for logs. */
    offset: string;
  }>;

export type BusSubscribeOptions = Readonly<{
  /** Every group gets every message; the members of a group share them out. */
  groupId: string;
  topics: readonly string[];
  /** A new group starts from the oldest retained message instead of from now. */
  fromBeginning?: boolean;
  /** A thrown error means "not handled": the message is delivered again (at-least-once). */
  handler: (message: DeliveredMessage) => Promise<void>;
  /**
   * Deliveries of one message before it is parked (default `DEFAULT_MAX_DELIVERY_ATTEMPTS`): the
   * message then goes to `deadLetterTopic(topic)` with why, an alert is logged, and the group
   * moves on to the next message instead of retrying one poison message forever.
   */
  maxAttempts?: number;
}>;

export type BusSubscription = Readonly<{ stop: () => Promise<void> }>;

/** Integration events between processes: chat fan-out, notifications, process managers. */
export interface Bus extends Closeable {
  readonly adapter: string;
  /** The largest message (`messageBytes`) the bus carries; a larger one is refused. */
  readonly maxMessageBytes: number;
  /**
   * Publishes the messages in order. One larger than `maxMessageBytes` is refused with
   * `MessageTooLargeError` before anything of the call is published.
   */
  publish(topic: string, messages: readonly BusMessage[]): Promise<void>;
  /** Resolves once the consumer has joined and will receive messages published afterwards. */
  subscribe(options: BusSubscribeOptions): Promise<BusSubscription>;
  status(): Promise<PortStatus>;
}

export const TOPIC_NAME = /^[A-Za-z0-9._-]{1,200}$/;

export const assertTopicName = (topic: string): void => {
  if (!TOPIC_NAME.test(topic)) throw new Error(`Invalid topic name: ${topic}`);
};

/**
 * The largest message (record batch) a bus carries by default: one event of the
 * event store's largest size (KurrentDB's appends are capped at 8 MiB in the compose stack,
 * KURRENTDB_MAX_APPEND_SIZE) in the forwarder's envelope, with room for its ids and metadata.
 * Topics the bus creates get it as `max.message.bytes`; the brokers' `message.max.bytes` and
 * `replica.fetch.max.bytes` are raised to it (compose, infra/kafka/broker.ts).
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 8 * 1024 * 1024 + 64 * 1024;

export const DEFAULT_MAX_DELIVERY_ATTEMPTS = 10;

/** Where a consumer parks the messages of `topic` it could not handle. */
export const deadLetterTopic = (topic: string): string => `${topic}.dead-letter`;

/**
 * A message's size as the broker counts it, rounded up: key, JSON value and headers, plus a
 * record's overhead (Kafka's v2 record: length, attributes, deltas and header counts as varints,
 * at most 64 bytes with room to spare).
 */
export const messageBytes = (message: BusMessage): number =>
  encodedMessageBytes(message, JSON.stringify(message.value ?? null));

/** `messageBytes` of a message whose value is already encoded (`json`). */
export const encodedMessageBytes = (message: BusMessage, json: string): number => {
  let bytes = 64 + Buffer.byteLength(message.key) + Buffer.byteLength(json);
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    bytes += 8 + Buffer.byteLength(name) + Buffer.byteLength(value);
  }
  return bytes;
};

/** Bytes a record batch adds around its records (Kafka's v2 batch header is 61 bytes). */
export const BATCH_OVERHEAD_BYTES = 128;

/** A message larger than the bus carries: publishing it can never succeed, so it is not retried. */
export class MessageTooLargeError extends Error {
  readonly topic: string;
  readonly key: string | undefined;
  readonly bytes: number | undefined;
  readonly limit: number | undefined;

  constructor(
    topic: string,
    detail: { key?: string; bytes?: number; limit?: number; cause?: unknown },
  ) {
    super(
      detail.bytes !== undefined
        ? `A message of ${detail.bytes} bytes for ${topic} is larger than the bus carries (${detail.limit ?? '?'} bytes)`
        : `The broker refused a message for ${topic} as too large`,
      detail.cause === undefined ? undefined : { cause: detail.cause },
    );
    this.name = 'MessageTooLargeError';
    this.topic = topic;
    this.key = detail.key;
    this.bytes = detail.bytes;
    this.limit = detail.limit;
  }
}

/** Refuses the first message of `messages` larger than `limit`. */
export const assertMessagesFit = (
  topic: string,
  messages: readonly BusMessage[],
  limit: number,
): void => {
  for (const message of messages) {
    const bytes = messageBytes(message);
    if (bytes > limit) throw new MessageTooLargeError(topic, { key: message.key, bytes, limit });
  }
};

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
}>;

export type BusSubscription = Readonly<{ stop: () => Promise<void> }>;

/** Integration events between processes: chat fan-out, notifications, process managers. */
export interface Bus extends Closeable {
  readonly adapter: string;
  publish(topic: string, messages: readonly BusMessage[]): Promise<void>;
  /** Resolves once the consumer has joined and will receive messages published afterwards. */
  subscribe(options: BusSubscribeOptions): Promise<BusSubscription>;
  status(): Promise<PortStatus>;
}

export const TOPIC_NAME = /^[A-Za-z0-9._-]{1,200}$/;

export const assertTopicName = (topic: string): void => {
  if (!TOPIC_NAME.test(topic)) throw new Error(`Invalid topic name: ${topic}`);
};

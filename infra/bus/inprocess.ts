import type { Logger } from '../shared/logger.ts';
import type { PortStatus } from '../shared/port-status.ts';
import { deliverOrPark, embeddedRedeliveryDelayMs } from './dead-letter.ts';
import {
  assertTopicName,
  DEFAULT_MAX_DELIVERY_ATTEMPTS,
  DEFAULT_MAX_MESSAGE_BYTES,
  encodedMessageBytes,
  MessageTooLargeError,
  type Bus,
  type BusMessage,
  type BusSubscribeOptions,
  type BusSubscription,
} from './port.ts';

/**
 * Stored in offset order with no gaps: `messages[i].offset === messages[0].offset + i`. The value
 * is kept as its JSON, as the distributed bus carries it: encoded once at publish (which also
 * measures it), decoded for each delivery, so publishers and consumers never share objects.
 */
type StoredMessage = {
  key: string;
  json: string;
  headers?: Readonly<Record<string, string>>;
  offset: number;
};

type Member = {
  handler: BusSubscribeOptions['handler'];
  maxAttempts: number;
  active: boolean;
};

type Group = {
  id: string;
  /** The next offset to deliver, per topic. */
  next: Map<string, number>;
  members: Member[];
  topics: Set<string>;
  pumping: boolean;
};

const hash = (key: string): number => {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return h >>> 0;
};

export type InProcessBusOptions = Readonly<{
  logger: Logger;
  /** Messages kept per topic for new groups starting from the beginning. */
  retention?: number;
  retryDelayMs?: (attempt: number) => number;
  /** The largest message it carries: the distributed bus's, so both refuse the same messages. */
  maxMessageBytes?: number;
}>;

/**
 * The embedded bus: topics in memory, consumer groups with their own offsets, members of a
 * group chosen by key so each key keeps its order. Delivery is at-least-once within the
 * process' life; durable consumers keep their own checkpoints (see the forwarder).
 */
export class InProcessBus implements Bus {
  readonly adapter = 'inprocess';
  readonly maxMessageBytes: number;
  readonly #topics = new Map<string, { messages: StoredMessage[]; nextOffset: number }>();
  readonly #groups = new Map<string, Group>();
  readonly #options: InProcessBusOptions;
  #closed = false;

  constructor(options: InProcessBusOptions) {
    this.#options = options;
    this.maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  #topic(name: string) {
    assertTopicName(name);
    let topic = this.#topics.get(name);
    if (!topic) this.#topics.set(name, (topic = { messages: [], nextOffset: 0 }));
    return topic;
  }

  async publish(topicName: string, messages: readonly BusMessage[]): Promise<void> {
    if (this.#closed) throw new Error('The bus is closed');
    const topic = this.#topic(topicName);
    // `undefined` is not JSON; the port's value is, so it travels as null (as on Kafka).
    const encoded = messages.map((message) => JSON.stringify(message.value ?? null));
    messages.forEach((message, i) => {
      const bytes = encodedMessageBytes(message, encoded[i]!);
      if (bytes > this.maxMessageBytes) {
        throw new MessageTooLargeError(topicName, {
          key: message.key,
          bytes,
          limit: this.maxMessageBytes,
        });
      }
    });
    messages.forEach((message, i) => {
      topic.messages.push({
        key: message.key,
        json: encoded[i]!,
        ...(message.headers ? { headers: { ...message.headers } } : {}),
        offset: topic.nextOffset++,
      });
    });
    const retention = this.#options.retention ?? 10_000;
    // A group without members (its consumer stopped: a gone worker's per-node groups) holds
    // nothing back beyond the retention: it would keep every later message for ever.
    const oldestNeeded = Math.min(
      topic.nextOffset - retention,
      ...[...this.#groups.values()]
        .filter((group) => group.topics.has(topicName) && group.members.length > 0)
        .map((group) => group.next.get(topicName) ?? topic.nextOffset),
    );
    // Offsets are contiguous in the array: the first one needed is found by arithmetic.
    const first = topic.messages[0]?.offset ?? topic.nextOffset;
    const drop = Math.min(topic.messages.length, oldestNeeded - first);
    if (drop > 0) topic.messages.splice(0, drop);
    for (const group of this.#groups.values()) {
      if (group.topics.has(topicName)) this.#pump(group);
    }
  }

  async subscribe(options: BusSubscribeOptions): Promise<BusSubscription> {
    if (this.#closed) throw new Error('The bus is closed');
    let group = this.#groups.get(options.groupId);
    if (!group) {
      group = {
        id: options.groupId,
        next: new Map(),
        members: [],
        topics: new Set(),
        pumping: false,
      };
      this.#groups.set(options.groupId, group);
    }
    for (const name of options.topics) {
      const topic = this.#topic(name);
      group.topics.add(name);
      if (!group.next.has(name)) {
        group.next.set(
          name,
          options.fromBeginning
            ? (topic.messages[0]?.offset ?? topic.nextOffset)
            : topic.nextOffset,
        );
      }
    }
    const member: Member = {
      handler: options.handler,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_DELIVERY_ATTEMPTS,
      active: true,
    };
    group.members.push(member);
    const joined = group;
    this.#pump(joined);
    return {
      stop: async () => {
        member.active = false;
        joined.members = joined.members.filter((m) => m !== member);
        while (joined.pumping) await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
  }

  /** Delivers a group's backlog in offset order, one message at a time, retrying failures. */
  #pump(group: Group): void {
    if (group.pumping || group.members.length === 0 || this.#closed) return;
    group.pumping = true;
    void (async () => {
      try {
        let delivered = true;
        while (delivered && group.members.length > 0 && !this.#closed) {
          delivered = false;
          for (const topicName of group.topics) {
            const topic = this.#topic(topicName);
            const next = group.next.get(topicName) ?? topic.nextOffset;
            const first = topic.messages[0]?.offset ?? topic.nextOffset;
            const message = topic.messages[Math.max(0, next - first)];
            if (!message) continue;
            // Without an active member the message waits for the next one to join.
            if (!(await this.#deliver(group, topicName, message))) return;
            group.next.set(topicName, message.offset + 1);
            delivered = true;
          }
        }
      } finally {
        group.pumping = false;
      }
    })();
  }

  /**
   * Hands the message to a member until one handles it; after the member's last attempt it is
   * parked on the dead-letter topic (dead-letter.ts) and the group moves on.
   */
  #deliver(group: Group, topic: string, message: StoredMessage): Promise<boolean> {
    return deliverOrPark({
      bus: this,
      logger: this.#options.logger,
      groupId: group.id,
      message: () => ({
        topic,
        key: message.key,
        value: JSON.parse(message.json) as unknown,
        offset: String(message.offset),
        ...(message.headers ? { headers: message.headers } : {}),
      }),
      target: () => {
        const members = group.members.filter((m) => m.active);
        const member = members[hash(message.key) % members.length];
        return member && !this.#closed ? member : null;
      },
      retryDelayMs: this.#options.retryDelayMs ?? embeddedRedeliveryDelayMs,
    });
  }

  async status(): Promise<PortStatus> {
    return { port: 'bus', adapter: this.adapter, ok: !this.#closed };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#groups.clear();
  }
}

import kafkajs, {
  Kafka,
  Partitioners,
  logLevel,
  type Admin,
  type Consumer,
  type EachMessagePayload,
  type Producer,
} from 'kafkajs';
import type { Logger } from '../shared/logger.ts';
import type { PortStatus } from '../shared/port-status.ts';
import { park } from './dead-letter.ts';
import {
  isMessageTooLarge,
  kafkaLogCreator,
  partitionMismatch,
  redeliveryDelayMs,
  toDeliveredMessage,
  toKafkaMessage,
} from './kafka-mapping.ts';
import {
  assertMessagesFit,
  assertTopicName,
  DEFAULT_MAX_DELIVERY_ATTEMPTS,
  DEFAULT_MAX_MESSAGE_BYTES,
  MessageTooLargeError,
  type Bus,
  type BusMessage,
  type BusSubscribeOptions,
  type BusSubscription,
} from './port.ts';

export type KafkaBusOptions = Readonly<{
  brokers: readonly string[];
  clientId: string;
  /** Partitions of the topics this bus creates (default 3): the most members a group can use. */
  numPartitions?: number;
  /** Replicas of the topics this bus creates (default 1: a single broker). */
  replicationFactor?: number;
  /**
   * The largest message this bus carries (default `DEFAULT_MAX_MESSAGE_BYTES`): topics get it as
   * `max.message.bytes` (an existing topic with less is raised), consumers fetch that much per
   * partition, and a larger message is refused before it is sent.
   */
  maxMessageBytes?: number;
  logger: Logger;
  /** Delay before a failed message is delivered again. */
  retryDelayMs?: (attempt: number) => number;
  /** How long `subscribe` waits to join its group and fetch its starting offsets. */
  joinTimeoutMs?: number;
  /**
   * The longest a fetch waits for messages on the broker. `subscribe` resolves after the first
   * fetch, so this bounds how long it takes; delivery itself does not wait for it.
   */
  maxWaitTimeInMs?: number;
}>;

type Member = { consumer: Consumer; stopping: boolean; wake: Set<() => void> };

// kafkajs spreads its error classes (and builds its enums) into module.exports, which Node's
// named-import detection cannot see: they are only reachable through the default export.
const { KafkaJSError, ConfigResourceTypes, ConfigSource } = kafkajs;

/**
 * Runs an admin request again while the broker answers that a topic just created is not known
 * yet (its metadata reaches every part of the broker a moment after the creation returns).
 */
const whileTopicsSettle = async <T>(request: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      const type = (error as { type?: unknown }).type;
      const settling = type === 'UNKNOWN_TOPIC_OR_PARTITION' || type === 'LEADER_NOT_AVAILABLE';
      if (!settling || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
};

/** Thrown inside a handler's retry loop when its subscription stops: the message is not done. */
class SubscriptionStopping extends KafkaJSError {
  constructor() {
    // A KafkaJS error, so kafkajs neither logs it as a handler failure nor treats it as a crash.
    super('The subscription is stopping; the message stays uncommitted', { retriable: true });
  }
}

/**
 * The distributed bus: Kafka through kafkajs. Each subscription is one consumer in its group;
 * keys pick partitions, so a key keeps its order within a group. Offsets are committed only
 * after the handler returns, and a throwing handler gets the same message again (after a
 * back-off, the partition waiting meanwhile), so delivery is at-least-once in key order and a
 * failing handler never crashes the consumer.
 */
export class KafkaBus implements Bus {
  readonly adapter = 'kafka';
  readonly maxMessageBytes: number;
  readonly #options: KafkaBusOptions;
  readonly #kafka: Kafka;
  readonly #members = new Set<Member>();
  readonly #knownTopics = new Set<string>();
  #producer: Promise<Producer> | undefined;
  #admin: Promise<Admin> | undefined;
  #closed = false;

  constructor(options: KafkaBusOptions) {
    this.#options = options;
    this.maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.#kafka = new Kafka({
      clientId: options.clientId,
      brokers: [...options.brokers],
      logLevel: logLevel.WARN,
      logCreator: kafkaLogCreator(options.logger),
    });
  }

  /** Connects the producer and the admin client, so a wrong broker list fails at start-up. */
  async connect(): Promise<void> {
    await Promise.all([this.#connectedProducer(), this.#connectedAdmin()]);
  }

  #connectedProducer(): Promise<Producer> {
    return (this.#producer ??= this.#connecting(
      this.#kafka.producer({
        // Broker-side de-duplication of retried sends; kafkajs then retries without limit.
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
      }),
      () => {
        this.#producer = undefined;
      },
    ));
  }

  #connectedAdmin(): Promise<Admin> {
    return (this.#admin ??= this.#connecting(this.#kafka.admin(), () => {
      this.#admin = undefined;
    }));
  }

  /** Connects a client once; a failed attempt is forgotten so the next call tries again. */
  async #connecting<Client extends { connect(): Promise<void> }>(
    client: Client,
    forget: () => void,
  ): Promise<Client> {
    try {
      await client.connect();
      return client;
    } catch (error) {
      forget();
      throw error;
    }
  }

  /**
   * Creates the topics this process has not used yet, then checks each one as it is: a topic
   * with another partition count than configured is refused (keys would not map as the other
   * processes expect, and the group could not use the members it was sized for), and one whose
   * `max.message.bytes` is below this bus's limit is raised, its other settings kept.
   */
  async #ensureTopics(topics: readonly string[]): Promise<void> {
    const missing = topics.filter((topic) => !this.#knownTopics.has(topic));
    if (missing.length === 0) return;
    const admin = await this.#connectedAdmin();
    const numPartitions = this.#options.numPartitions ?? 3;
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({
        topic,
        numPartitions,
        replicationFactor: this.#options.replicationFactor ?? 1,
        configEntries: [{ name: 'max.message.bytes', value: String(this.maxMessageBytes) }],
      })),
    });
    const metadata = await whileTopicsSettle(() => admin.fetchTopicMetadata({ topics: missing }));
    for (const topic of metadata.topics) {
      const mismatch = partitionMismatch(topic.name, topic.partitions.length, numPartitions);
      if (mismatch) throw new Error(mismatch);
    }
    await whileTopicsSettle(() => this.#raiseMessageLimits(admin, missing));
    for (const topic of missing) this.#knownTopics.add(topic);
  }

  async #raiseMessageLimits(admin: Admin, topics: readonly string[]): Promise<void> {
    const described = await admin.describeConfigs({
      includeSynonyms: false,
      resources: topics.map((name) => ({ type: ConfigResourceTypes.TOPIC, name })),
    });
    for (const resource of described.resources) {
      const entries = resource.configEntries;
      const current = Number(
        entries.find((e) => e.configName === 'max.message.bytes')?.configValue,
      );
      if (current >= this.maxMessageBytes) continue;
      // AlterConfigs replaces a topic's whole set of settings: the ones set on it are sent again.
      const kept = entries
        .filter(
          (e) =>
            e.configSource === ConfigSource.TOPIC_CONFIG && e.configName !== 'max.message.bytes',
        )
        .map((e) => ({ name: e.configName, value: e.configValue }));
      await admin.alterConfigs({
        validateOnly: false,
        resources: [
          {
            type: ConfigResourceTypes.TOPIC,
            name: resource.resourceName,
            configEntries: [
              ...kept,
              { name: 'max.message.bytes', value: String(this.maxMessageBytes) },
            ],
          },
        ],
      });
      this.#options.logger.info(
        { topic: resource.resourceName, from: current, to: this.maxMessageBytes },
        "raised the topic's max.message.bytes to the bus's limit",
      );
    }
  }

  async publish(topic: string, messages: readonly BusMessage[]): Promise<void> {
    if (this.#closed) throw new Error('The bus is closed');
    assertTopicName(topic);
    if (messages.length === 0) return;
    assertMessagesFit(topic, messages, this.maxMessageBytes);
    await this.#ensureTopics([topic]);
    const producer = await this.#connectedProducer();
    try {
      await producer.send({ topic, messages: messages.map(toKafkaMessage) });
    } catch (error) {
      // The broker's own limit (a record batch larger than the topic allows): never retried.
      if (isMessageTooLarge(error)) throw new MessageTooLargeError(topic, { cause: error });
      throw error;
    }
  }

  async subscribe(options: BusSubscribeOptions): Promise<BusSubscription> {
    if (this.#closed) throw new Error('The bus is closed');
    options.topics.forEach(assertTopicName);
    await this.#ensureTopics(options.topics);
    const consumer = this.#kafka.consumer({
      groupId: options.groupId,
      allowAutoTopicCreation: false,
      maxWaitTimeInMs: this.#options.maxWaitTimeInMs ?? 1000,
      // A message of the largest size fits one fetch.
      maxBytesPerPartition: this.maxMessageBytes,
      maxBytes: Math.max(10 * 1024 * 1024, this.maxMessageBytes),
      // Failures other than the handler's (the broker, the network) restart the consumer.
      retry: { restartOnFailure: async () => true },
    });
    const member: Member = { consumer, stopping: false, wake: new Set() };
    const ready = this.#untilReady(consumer);
    ready.catch(() => undefined); // awaited below, after run; never an unhandled rejection
    try {
      await consumer.connect();
      await consumer.subscribe({
        topics: [...options.topics],
        fromBeginning: options.fromBeginning ?? false,
      });
      await consumer.run({
        eachMessage: (payload) => this.#deliver(member, options, payload),
      });
      await ready;
    } catch (error) {
      await consumer.disconnect().catch(() => undefined);
      throw error;
    }
    this.#members.add(member);
    return { stop: () => this.#stop(member) };
  }

  /**
   * Resolves once the consumer has joined its group and then fetched. kafkajs resolves a new
   * group's starting offsets lazily, in the first fetch after the join: waiting for that fetch
   * makes messages published after `subscribe` resolves arrive even for `fromBeginning: false`.
   */
  #untilReady(consumer: Consumer): Promise<void> {
    const timeoutMs = this.#options.joinTimeoutMs ?? 60_000;
    return new Promise<void>((resolve, reject) => {
      let joined = false;
      const removers: Array<() => void> = [];
      const settle = (error?: unknown) => {
        clearTimeout(timer);
        for (const remove of removers) remove();
        if (error === undefined) resolve();
        else reject(error instanceof Error ? error : new Error(String(error)));
      };
      const timer = setTimeout(
        () => settle(new Error(`Kafka consumer did not join its group within ${timeoutMs} ms`)),
        timeoutMs,
      );
      removers.push(
        consumer.on(consumer.events.GROUP_JOIN, () => {
          joined = true;
        }),
        consumer.on(consumer.events.FETCH, () => {
          if (joined) settle();
        }),
        consumer.on(consumer.events.CRASH, (event) => {
          if (!event.payload.restart) settle(event.payload.error);
        }),
      );
    });
  }

  /**
   * Hands one message to the handler until it succeeds, the subscription stops, or its attempts
   * run out: the message is then parked on the dead-letter topic (dead-letter.ts).
   */
  async #deliver(
    member: Member,
    { handler, groupId, maxAttempts = DEFAULT_MAX_DELIVERY_ATTEMPTS }: BusSubscribeOptions,
    { topic, partition, message, heartbeat }: EachMessagePayload,
  ): Promise<void> {
    const delivered = toDeliveredMessage(topic, message);
    const retryDelay = this.#options.retryDelayMs ?? redeliveryDelayMs;
    let failure: unknown;
    for (let attempt = 0; ; attempt++) {
      if (member.stopping) throw new SubscriptionStopping();
      try {
        if (attempt < maxAttempts) {
          await handler(delivered);
        } else {
          await park(this, this.#options.logger, {
            message: delivered,
            groupId,
            attempts: maxAttempts,
            error: failure,
          });
        }
        return;
      } catch (error) {
        if (attempt < maxAttempts) failure = error;
        this.#options.logger.warn(
          { err: error, topic, partition, offset: message.offset, attempt },
          attempt < maxAttempts
            ? 'bus handler failed; delivering again'
            : 'a poison message could not be parked; trying again',
        );
      }
      await this.#pause(member, retryDelay(attempt));
      // Keeps the group membership alive through long retries; throws on a rebalance, and
      // kafkajs then hands the uncommitted message to whoever gets the partition.
      await heartbeat();
    }
  }

  /** Sleeps, but wakes at once when the subscription stops. */
  #pause(member: Member, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        member.wake.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      member.wake.add(wake);
    });
  }

  async #stop(member: Member): Promise<void> {
    if (member.stopping) return;
    member.stopping = true;
    for (const wake of [...member.wake]) wake();
    this.#members.delete(member);
    // Waits for the running handler, commits what was handled, and leaves the group.
    await member.consumer.disconnect();
  }

  async status(): Promise<PortStatus> {
    try {
      const admin = await this.#connectedAdmin();
      await admin.describeCluster();
      return { port: 'bus', adapter: this.adapter, ok: !this.#closed };
    } catch (error) {
      return { port: 'bus', adapter: this.adapter, ok: false, detail: String(error) };
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all([...this.#members].map((member) => this.#stop(member)));
    const [producer, admin] = await Promise.all([
      this.#producer?.catch(() => undefined),
      this.#admin?.catch(() => undefined),
    ]);
    await Promise.all([producer?.disconnect(), admin?.disconnect()]);
  }
}

import { randomUUID } from 'node:crypto';
import kafkajs from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../shared/logger.ts';
import { testKafkaBrokers } from '../testing/kafka.ts';
import { describeBusContract } from './contract.ts';
import { KafkaBus } from './kafka.ts';

// The run's real broker (Apache Kafka 3.9.0 from Maven Central, KRaft, the compose stack's
// release): topics and groups are unique per test, so every suite shares it.
describeBusContract(
  'kafka',
  async (logger) => {
    const bus = new KafkaBus({
      brokers: testKafkaBrokers(),
      clientId: 'linkcoin-contract',
      logger,
      retryDelayMs: () => 50,
    });
    await bus.connect();
    return { bus, dispose: () => bus.close() };
  },
  { deliveryTimeoutMs: 30_000 },
);

const { ConfigResourceTypes } = kafkajs;

describe('KafkaBus topics', () => {
  let admin: kafkajs.Admin;
  const buses: KafkaBus[] = [];
  const openBus = async (options: { numPartitions?: number; maxMessageBytes?: number } = {}) => {
    const bus = new KafkaBus({
      brokers: testKafkaBrokers(),
      clientId: 'linkcoin-topics',
      logger: silentLogger,
      ...options,
    });
    buses.push(bus);
    await bus.connect();
    return bus;
  };
  const topicSettings = async (topic: string) => {
    const described = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [{ type: ConfigResourceTypes.TOPIC, name: topic }],
    });
    return Object.fromEntries(
      described.resources[0]!.configEntries.map((entry) => [entry.configName, entry.configValue]),
    );
  };

  beforeAll(async () => {
    admin = new kafkajs.Kafka({
      clientId: 'linkcoin-topics-admin',
      brokers: testKafkaBrokers(),
      logLevel: kafkajs.logLevel.NOTHING,
    }).admin();
    await admin.connect();
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await admin.disconnect();
  });

  it('refuses an existing topic whose partition count is not the configured one', async () => {
    const topic = `topics.${randomUUID()}`;
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 1 }] });
    const bus = await openBus({ numPartitions: 3 });
    await expect(bus.publish(topic, [{ key: 'k', value: 1 }])).rejects.toThrow(
      `Kafka topic ${topic} has 1 partition(s) but this bus is configured for 3`,
    );
    await expect(
      bus.subscribe({ groupId: randomUUID(), topics: [topic], handler: async () => undefined }),
    ).rejects.toThrow('has 1 partition(s)');
  });

  it('creates topics with its message limit, and raises a lower one keeping the other settings of the topic', async () => {
    const bus = await openBus({ maxMessageBytes: 3 * 1024 * 1024 });
    const created = `topics.${randomUUID()}`;
    await bus.publish(created, [{ key: 'k', value: 1 }]);
    expect(await topicSettings(created)).toMatchObject({ 'max.message.bytes': '3145728' });

    const existing = `topics.${randomUUID()}`;
    await admin.createTopics({
      waitForLeaders: true,
      topics: [
        {
          topic: existing,
          numPartitions: 3,
          configEntries: [
            { name: 'max.message.bytes', value: '1048588' },
            { name: 'retention.ms', value: '123456789' },
          ],
        },
      ],
    });
    await bus.publish(existing, [{ key: 'k', value: 'x'.repeat(2 * 1024 * 1024) }]);
    expect(await topicSettings(existing)).toMatchObject({
      'max.message.bytes': '3145728',
      'retention.ms': '123456789',
    });
  });
});

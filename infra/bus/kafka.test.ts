import { KafkaContainer } from '@testcontainers/kafka';
import { silentLogger } from '../shared/logger.ts';
import { describeWithContainerRuntime } from '../testing/containers.ts';
import { describeBusContract } from './contract.ts';
import { KafkaBus } from './kafka.ts';

/** Confluent's image, which the module drives; KRaft mode (no ZooKeeper). */
const KAFKA_IMAGE = 'confluentinc/cp-kafka:7.9.0';
/** The module's plaintext listener for clients outside the container network. */
const KAFKA_CLIENT_PORT = 9093;

await describeWithContainerRuntime('kafka bus', () => {
  describeBusContract(
    'kafka',
    async () => {
      const container = await new KafkaContainer(KAFKA_IMAGE).withKraft().start();
      const bus = new KafkaBus({
        brokers: [`${container.getHost()}:${container.getMappedPort(KAFKA_CLIENT_PORT)}`],
        clientId: 'linkcoin-contract',
        logger: silentLogger,
        retryDelayMs: () => 50,
      });
      await bus.connect();
      return {
        bus,
        dispose: async () => {
          await bus.close();
          await container.stop();
        },
      };
    },
    { deliveryTimeoutMs: 30_000 },
  );
});

/**
 * Vitest global setup of the contract and services projects: one real Kafka broker for the whole
 * run (infra/kafka/broker.ts), given to the test files as `inject('kafkaBrokers')`. Both projects
 * list this file; their setups run in the same process and share the broker, which stops after
 * the last of them. `LINKCOIN_TEST_KAFKA_BROKERS=host:port` uses a broker already running
 * instead (`node infra/kafka/broker.ts` starts one by hand).
 */
import type { TestProject } from 'vitest/node';
import { startKafkaBroker, type KafkaBroker } from '../kafka/broker.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test broker's address, `127.0.0.1:<port>`. */
    kafkaBrokers: string;
  }
}

type Shared = { broker: Promise<KafkaBroker>; users: number };
const KEY = Symbol.for('linkcoin.test-kafka-broker');
const registry = globalThis as typeof globalThis & { [KEY]?: Shared };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.LINKCOIN_TEST_KAFKA_BROKERS;
  if (given) {
    project.provide('kafkaBrokers', given);
    return async () => undefined;
  }
  let shared = registry[KEY];
  if (!shared) {
    const broker = startKafkaBroker();
    shared = registry[KEY] = { broker, users: 0 };
    void broker.then(
      (started) =>
        process.stdout.write(
          `[kafka] test broker ${started.address} answered after ${started.startMs} ms\n`,
        ),
      () => undefined,
    );
  }
  shared.users += 1;
  const broker = await shared.broker;
  project.provide('kafkaBrokers', broker.address);
  return async () => {
    const current = registry[KEY];
    if (!current) return;
    current.users -= 1;
    if (current.users > 0) return;
    delete registry[KEY];
    await broker.stop();
  };
}

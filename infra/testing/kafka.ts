import { inject } from 'vitest';

/** The run's Kafka broker (see kafka-global-setup.ts), as a `brokers` list. */
export const testKafkaBrokers = (): string[] => inject('kafkaBrokers').split(',');

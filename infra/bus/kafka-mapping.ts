/**
 * Pure translations between the Bus port and kafkajs: messages out, deliveries in, and kafkajs'
 * log entries into our logger. Kept apart from the adapter so they are unit-tested without a
 * broker.
 */
import { logLevel, type IHeaders, type KafkaMessage, type LogEntry, type Message } from 'kafkajs';
import type { Logger } from '../shared/logger.ts';
import type { BusMessage, DeliveredMessage } from './port.ts';

export const toKafkaMessage = (message: BusMessage): Message => ({
  key: message.key,
  // `undefined` is not JSON; the port's value is, so it travels as null.
  value: JSON.stringify(message.value ?? null),
  ...(message.headers ? { headers: { ...message.headers } } : {}),
});

const headerText = (value: Buffer | string): string =>
  typeof value === 'string' ? value : value.toString('utf8');

/** Header values as strings; a header sent several times keeps its last value. */
export const decodeHeaders = (headers: IHeaders | undefined): Record<string, string> => {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue;
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (last !== undefined) decoded[name] = headerText(last);
  }
  return decoded;
};

export const toDeliveredMessage = (topic: string, message: KafkaMessage): DeliveredMessage => {
  const headers = decodeHeaders(message.headers);
  return {
    topic,
    key: message.key?.toString('utf8') ?? '',
    value: message.value === null ? null : (JSON.parse(message.value.toString('utf8')) as unknown),
    offset: message.offset,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
};

/**
 * kafkajs' logCreator over our pino-compatible logger. kafkajs is told to log from WARN up, so
 * only warnings and errors reach here; the level mapping still covers every entry.
 */
export const kafkaLogCreator =
  (logger: Logger) =>
  () =>
  ({ namespace, level, log }: LogEntry): void => {
    const { message, timestamp: _timestamp, ...extra } = log;
    const fields = { ...extra, kafkaNamespace: namespace };
    if (level === logLevel.ERROR) logger.error(fields, `kafka: ${message}`);
    else if (level === logLevel.WARN) logger.warn(fields, `kafka: ${message}`);
    else if (level === logLevel.INFO) logger.info(fields, `kafka: ${message}`);
    else logger.debug(fields, `kafka: ${message}`);
  };

/** Delay before delivering a failed message again: doubling, capped. */
export const redeliveryDelayMs = (attempt: number): number => Math.min(5000, 100 * 2 ** attempt);

/** Whether kafkajs' error is the broker refusing a record batch as too large. */
export const isMessageTooLarge = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  const visit = (candidate: unknown): boolean => {
    if (typeof candidate !== 'object' || candidate === null || seen.has(candidate)) return false;
    seen.add(candidate);
    const { type, cause, originalError, errors } = candidate as {
      type?: unknown;
      cause?: unknown;
      originalError?: unknown;
      errors?: unknown;
    };
    if (type === 'MESSAGE_TOO_LARGE' || type === 'RECORD_LIST_TOO_LARGE') return true;
    return visit(cause) || visit(originalError) || (Array.isArray(errors) && errors.some(visit));
  };
  return visit(error);
};

/** Why an existing topic cannot be used as it is, or null when its partitions are as configured. */
export const partitionMismatch = (
  topic: string,
  actual: number,
  configured: number,
): string | null =>
  actual === configured
    ? null
    : `Kafka topic ${topic} has ${actual} partition(s) but this bus is configured for ${configured} (KAFKA_PARTITIONS). ` +
      `Set KAFKA_PARTITIONS=${actual} on every process, or recreate the topic with ${configured}; ` +
      `adding partitions to a topic in use would move keys to other partitions and break their order.`;

import kafkajs, { logLevel, type KafkaMessage } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../shared/logger.ts';
import {
  decodeHeaders,
  isMessageTooLarge,
  kafkaLogCreator,
  partitionMismatch,
  redeliveryDelayMs,
  toDeliveredMessage,
  toKafkaMessage,
} from './kafka-mapping.ts';

const kafkaMessage = (overrides: Partial<KafkaMessage> = {}): KafkaMessage =>
  ({
    key: Buffer.from('conversation-1'),
    value: Buffer.from(JSON.stringify({ text: 'नमस्ते 👋', n: 2 })),
    timestamp: '0',
    attributes: 0,
    offset: '41',
    headers: { type: Buffer.from('MessageSent') },
    ...overrides,
  }) as KafkaMessage;

describe('Kafka message mapping', () => {
  it('sends the value as JSON, with its key and headers', () => {
    expect(toKafkaMessage({ key: 'k', value: { n: 1 }, headers: { type: 'First' } })).toEqual({
      key: 'k',
      value: '{"n":1}',
      headers: { type: 'First' },
    });
    expect(toKafkaMessage({ key: 'k', value: undefined })).toEqual({ key: 'k', value: 'null' });
  });

  it('delivers the parsed value, the key, string headers, topic and offset', () => {
    expect(toDeliveredMessage('chat.messages', kafkaMessage())).toEqual({
      topic: 'chat.messages',
      key: 'conversation-1',
      value: { text: 'नमस्ते 👋', n: 2 },
      offset: '41',
      headers: { type: 'MessageSent' },
    });
  });

  it('copes with a missing key, value and headers', () => {
    const delivered = toDeliveredMessage(
      't',
      kafkaMessage({ key: null, value: null, headers: {} }),
    );
    expect(delivered).toEqual({ topic: 't', key: '', value: null, offset: '41' });
  });

  it('decodes header values to strings, keeping the last of a repeated header', () => {
    expect(
      decodeHeaders({
        a: 'text',
        b: Buffer.from('bytes'),
        c: [Buffer.from('first'), 'second'],
        d: undefined,
        e: [],
      }),
    ).toEqual({ a: 'text', b: 'bytes', c: 'second' });
    expect(decodeHeaders(undefined)).toEqual({});
  });

  it('backs off redeliveries, doubling up to a cap', () => {
    expect([0, 1, 2, 3].map(redeliveryDelayMs)).toEqual([100, 200, 400, 800]);
    expect(redeliveryDelayMs(30)).toBe(5000);
  });
});

describe('kafkajs logs', () => {
  it('reach our logger at their level, with their fields and namespace', () => {
    const calls: Array<[string, object, string]> = [];
    const record =
      (level: string) =>
      (fields: object, message: string): void => {
        calls.push([level, fields, message]);
      };
    const logger = {
      debug: record('debug'),
      info: record('info'),
      warn: record('warn'),
      error: record('error'),
      child: () => logger,
    } as unknown as Logger;
    const log = kafkaLogCreator(logger)();
    const entry = (level: logLevel, message: string) => ({
      namespace: 'Consumer',
      level,
      label: '',
      log: { timestamp: '2026-01-01T00:00:00.000Z', message, groupId: 'g1' },
    });
    log(entry(logLevel.WARN, 'The group is rebalancing, re-joining'));
    log(entry(logLevel.ERROR, 'Crash: KafkaJSNumberOfRetriesExceeded'));
    log(entry(logLevel.INFO, 'Starting'));
    expect(calls).toEqual([
      [
        'warn',
        { groupId: 'g1', kafkaNamespace: 'Consumer' },
        'kafka: The group is rebalancing, re-joining',
      ],
      [
        'error',
        { groupId: 'g1', kafkaNamespace: 'Consumer' },
        'kafka: Crash: KafkaJSNumberOfRetriesExceeded',
      ],
      ['info', { groupId: 'g1', kafkaNamespace: 'Consumer' }, 'kafka: Starting'],
    ]);
  });
});

describe('broker refusals and topic checks', () => {
  // kafkajs builds these from the broker's error code ({ message, type, code }); its typings only
  // know the message form.
  const protocolError = (type: string, code: number) =>
    new kafkajs.KafkaJSProtocolError(Object.assign(new Error(type), { type, code }));

  it('recognises the broker refusing a record batch as too large, however kafkajs wraps it', () => {
    expect(isMessageTooLarge(protocolError('MESSAGE_TOO_LARGE', 10))).toBe(true);
    expect(isMessageTooLarge(protocolError('RECORD_LIST_TOO_LARGE', 18))).toBe(true);
    // As kafkajs' retrier gives up on it.
    const refused = protocolError('MESSAGE_TOO_LARGE', 10);
    const wrapped = Object.assign(new kafkajs.KafkaJSNonRetriableError(refused), {
      cause: refused,
    });
    expect(isMessageTooLarge(wrapped)).toBe(true);
    expect(
      isMessageTooLarge(
        new kafkajs.KafkaJSAggregateError('several', [protocolError('MESSAGE_TOO_LARGE', 10)]),
      ),
    ).toBe(true);
    expect(isMessageTooLarge(protocolError('NOT_LEADER_FOR_PARTITION', 6))).toBe(false);
    expect(isMessageTooLarge(new Error('MESSAGE_TOO_LARGE'))).toBe(false);
  });

  it('names a topic whose partitions differ from the configuration, and what to do', () => {
    expect(partitionMismatch('linkcoin.events.wallet', 3, 3)).toBeNull();
    expect(partitionMismatch('linkcoin.events.wallet', 1, 3)).toMatch(
      /^Kafka topic linkcoin\.events\.wallet has 1 partition\(s\) but this bus is configured for 3 \(KAFKA_PARTITIONS\)\. Set KAFKA_PARTITIONS=1/,
    );
  });
});

import { createHash, randomUUID } from 'node:crypto';

/** The namespace of LinkCoin's name-based event ids (a random UUID, fixed forever). */
const NAMESPACE = Buffer.from('5b0f6a4e9c1d4f7a8e2b3c4d5e6f7a8b', 'hex');

/** An RFC 9562 version-5 (SHA-1, name-based) UUID of `name` in LinkCoin's namespace. */
const nameBasedUuid = (name: string): string => {
  const bytes = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export type EventIdSource = Readonly<{
  streamId: string;
  idempotencyKey?: string;
  correlationId: string;
}>;

/**
 * The ids of the events one decision appends. A command with an idempotency key gets ids derived
 * from its stream, its key, its correlation id and each event's place in the decision: the same
 * command appended again (a retry after an answer that never came) carries the very same ids, so
 * KurrentDB de-duplicates it and the SQLite store answers it the same way (nothing written twice).
 * The correlation id keeps two different requests with one key apart: the second of two racing
 * requests then conflicts, reads the stream again and finds the key (`alreadyHandled`), as it
 * should, instead of being told its copy was written. Without a key, ids are random.
 */
export const eventIdsFor = (source: EventIdSource, count: number): string[] =>
  Array.from({ length: count }, (_, index) =>
    source.idempotencyKey === undefined
      ? randomUUID()
      : nameBasedUuid(
          JSON.stringify([source.streamId, source.idempotencyKey, source.correlationId, index]),
        ),
  );

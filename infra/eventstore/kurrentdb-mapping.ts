/**
 * Pure translations between the EventStore port and @kurrent/kurrentdb-client: revisions and
 * expectations, global positions, recorded events and errors. Kept apart from the adapter so
 * they are unit-tested without a server.
 *
 * Global positions. KurrentDB places an event in `$all` by a (commit, prepare) pair. Since
 * explicit transactions went away (v20+ writes each event as its own implicitly committed
 * record), every event has commit == prepare, each commit position belongs to exactly one event,
 * and commit positions grow with log order (pyeventsourcing/esdbclient relies on the same and
 * resumes from `{ commit: c, prepare: c }`; KurrentDB PR #4975 keeps that technique working).
 * So the port's `number` position is the commit position, and a checkpoint `p` is turned back
 * into `{ commit: p, prepare: p }`. Positions are byte offsets in the log: far below 2^53.
 *
 * Reading `$all` forwards from a position includes the event at that position, while catch-up
 * subscriptions start after it; the port's `after` is exclusive, so the adapter drops any event
 * at or before `after` in both cases rather than trusting either behaviour.
 */
import {
  ANY,
  CancelledError,
  DeadlineExceededError,
  NO_STREAM,
  STREAM_EXISTS,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type Position,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata, RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import {
  AppendOutcomeUnknownError,
  WrongExpectedRevisionError,
  type ExpectedRevision,
} from './port.ts';

export const toStreamState = (expected: ExpectedRevision): AppendStreamState => {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
};

export const toSafeNumber = (value: bigint, what: string): number => {
  if (value < 0n || value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new Error(`KurrentDB ${what} ${value} does not fit the port's number`);
  }
  return Number(value);
};

/** A port checkpoint as a KurrentDB position (commit == prepare, see above). */
export const toKurrentPosition = (position: number): Position => ({
  commit: BigInt(position),
  prepare: BigInt(position),
});

/** `$`-streams and `$`-types are KurrentDB's own (projections, stats, metadata, links). */
export const isSystemRecord = (streamId: string, type: string): boolean =>
  streamId.startsWith('$') || type.startsWith('$');

const parseBytes = (bytes: Uint8Array): unknown => JSON.parse(Buffer.from(bytes).toString('utf8'));

const asObject = (value: unknown): object | undefined =>
  value !== null && typeof value === 'object' && !(value instanceof Uint8Array)
    ? (value as object)
    : undefined;

/**
 * An event as the port records it, or null for what the port never shows: system records,
 * unresolved links. Throws when the server sends no position (servers before 22.6 omit it on
 * stream reads; the port needs it for read-your-writes).
 */
export const toRecordedEvent = (
  resolved: ResolvedEvent | AllStreamResolvedEvent,
): RecordedEvent | null => {
  const event = resolved.event;
  if (!event || isSystemRecord(event.streamId, event.type)) return null;
  const commit = event.position?.commit ?? resolved.commitPosition;
  if (commit === undefined) {
    throw new Error(`KurrentDB returned ${event.streamId}@${event.revision} without a position`);
  }
  const data = event.isJson ? event.data : parseBytes(event.data as Uint8Array);
  const rawMetadata =
    event.metadata instanceof Uint8Array ? parseBytes(event.metadata) : event.metadata;
  const metadata = (asObject(rawMetadata) as EventMetadata | undefined) ?? {
    // Written by something other than this code base: the least the port promises.
    actorUserId: null,
    correlationId: event.id,
    causationId: null,
    schemaVersion: 1,
    timestamp: event.created.toISOString(),
  };
  return {
    id: event.id,
    streamId: event.streamId,
    revision: toSafeNumber(event.revision, 'revision'),
    position: toSafeNumber(commit, 'commit position'),
    type: event.type,
    data: asObject(data) ?? { value: data },
    metadata,
  };
};

const hasType = (error: unknown, type: string): boolean =>
  typeof error === 'object' && error !== null && (error as { type?: unknown }).type === type;

/** The client throws this while iterating a read of a stream that has no events. */
export const isStreamNotFound = (error: unknown): boolean =>
  error instanceof StreamNotFoundError || hasType(error, 'stream-not-found');

/** Errors after which the server may have written the append: its answer just never came. */
const isOutcomeUnknown = (error: unknown): boolean =>
  error instanceof DeadlineExceededError ||
  error instanceof UnavailableError ||
  error instanceof CancelledError ||
  error instanceof TimeoutError ||
  ['deadline-exceeded', 'unavailable', 'cancelled', 'timeout'].some((type) => hasType(error, type));

/**
 * The client's wrong-expected-version error as the port's; a timeout or a lost connection as
 * `AppendOutcomeUnknownError` (the command handler retries it with the same event ids, which the
 * server de-duplicates); anything else unchanged.
 */
export const toPortAppendError = (
  error: unknown,
  streamId: string,
  expected: ExpectedRevision,
): unknown => {
  if (isOutcomeUnknown(error)) return new AppendOutcomeUnknownError(streamId, error);
  if (!(error instanceof WrongExpectedVersionError) && !hasType(error, 'wrong-expected-version')) {
    return error;
  }
  const actual = (error as WrongExpectedVersionError).actualState;
  // Some server paths report a missing stream as revision -1 rather than "no stream".
  return new WrongExpectedRevisionError(
    streamId,
    expected,
    typeof actual === 'bigint' && actual >= 0n ? toSafeNumber(actual, 'revision') : 'no_stream',
  );
};

/**
 * The server-side filter of a subscription that reads only these event types: an anchored
 * alternation of the names, each escaped (a type is matched whole, never as a part).
 */
export const eventTypesRegex = (types: readonly string[]): string =>
  `^(?:${[...new Set(types)].map((type) => type.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;

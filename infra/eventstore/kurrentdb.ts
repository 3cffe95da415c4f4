import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  START,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type JSONType,
  type ReadPosition,
} from '@kurrent/kurrentdb-client';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { silentLogger, type Logger } from '../shared/logger.ts';
import type { PortStatus } from '../shared/port-status.ts';
import {
  eventTypesRegex,
  isStreamNotFound,
  toKurrentPosition,
  toPortAppendError,
  toRecordedEvent,
  toSafeNumber,
  toStreamState,
} from './kurrentdb-mapping.ts';
import { kurrentSubscription, type SubscriptionSource } from './kurrentdb-subscription.ts';
import {
  assertValidStreamId,
  expectationHolds,
  WrongExpectedRevisionError,
  type AllSubscription,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadAllPage,
  type ReadStreamOptions,
  type SubscribeToAllOptions,
} from './port.ts';

export type KurrentDbEventStoreOptions = Readonly<{
  /** A KurrentDB connection string, e.g. `kurrentdb://kurrentdb:2113?tls=false`. */
  connectionString: string;
  /** Told when a subscription ends by itself (the caller resubscribes from its checkpoint). */
  logger?: Logger;
}>;

/** Events scanned per request when looking backwards for the newest non-system event. */
const HEAD_SCAN = 32;

/**
 * The distributed event store: KurrentDB (formerly EventStoreDB). Streams map one to one; the
 * port's global position is the event's commit position in `$all` (see kurrentdb-mapping.ts).
 * KurrentDB's own records (`$`-types, `$`-streams) never reach the port.
 */
export class KurrentDbEventStore implements EventStore {
  readonly adapter = 'kurrentdb';
  readonly #client: KurrentDBClient;
  readonly #logger: Logger;
  readonly #subscriptions = new Set<AllSubscription>();
  #closed = false;

  constructor(options: KurrentDbEventStoreOptions) {
    this.#client = KurrentDBClient.connectionString(options.connectionString);
    this.#logger = options.logger ?? silentLogger;
  }

  async append(
    streamId: string,
    events: readonly EventToAppend[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (this.#closed) throw new Error('The event store is closed');
    assertValidStreamId(streamId);
    const expected = options.expectedRevision;
    if (events.length === 0) return this.#appendNothing(streamId, expected);
    const proposed = events.map((event) =>
      jsonEvent({
        id: event.id ?? randomUUID(),
        type: event.type,
        data: event.data as JSONType,
        metadata: event.metadata as JSONType,
      }),
    );
    let result;
    try {
      result = await this.#client.appendToStream(streamId, proposed, {
        streamState: toStreamState(expected),
      });
    } catch (error) {
      throw toPortAppendError(error, streamId, expected);
    }
    if (!result.success) {
      // Only when the connection string sets throwOnAppendFailure=false.
      const current = result.nextExpectedRevision;
      throw new WrongExpectedRevisionError(
        streamId,
        expected,
        current < 0n ? 'no_stream' : toSafeNumber(current, 'revision'),
      );
    }
    const last = toSafeNumber(result.nextExpectedRevision, 'revision');
    const first = last - events.length + 1;
    const positions = await this.#positionsOf(streamId, first, proposed, result.position?.commit);
    const recorded: RecordedEvent[] = proposed.map((event, index) => ({
      id: event.id,
      streamId,
      revision: first + index,
      position: positions[index]!,
      type: event.type,
      data: events[index]!.data,
      metadata: events[index]!.metadata,
    }));
    return { nextExpectedRevision: last, position: recorded.at(-1)!.position, events: recorded };
  }

  /**
   * The append answer carries the position of the last event only; with several events the
   * others are read back (one request) rather than guessed from the log's byte layout.
   */
  async #positionsOf(
    streamId: string,
    firstRevision: number,
    proposed: readonly { id: string }[],
    lastCommit: bigint | undefined,
  ): Promise<number[]> {
    if (proposed.length === 1 && lastCommit !== undefined) {
      return [toSafeNumber(lastCommit, 'commit position')];
    }
    const read = await this.readStream(streamId, {
      fromRevision: firstRevision,
      maxCount: proposed.length,
    });
    const byId = new Map(read.map((event) => [event.id, event.position]));
    const fallback = lastCommit === undefined ? undefined : toSafeNumber(lastCommit, 'position');
    return proposed.map((event) => {
      // Not found only when a retried append was answered idempotently after the stream moved
      // on; the append's own position is then the best bound there is.
      const position = byId.get(event.id) ?? fallback;
      if (position === undefined) throw new Error(`Appended event ${event.id} was not read back`);
      return position;
    });
  }

  /** Nothing to append: the expectation is still checked, as the embedded store does. */
  async #appendNothing(streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
    const [last] = await this.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    const current = last?.revision ?? -1;
    if (!expectationHolds(expected, current)) {
      throw new WrongExpectedRevisionError(streamId, expected, last ? current : 'no_stream');
    }
    return {
      nextExpectedRevision: current,
      position: last?.position ?? (await this.headPosition()) ?? 0,
      events: [],
    };
  }

  async readStream(
    streamId: string,
    options: ReadStreamOptions = {},
  ): Promise<readonly RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const events: RecordedEvent[] = [];
    try {
      const read = this.#client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision:
          options.fromRevision === undefined
            ? backwards
              ? END
              : START
            : BigInt(options.fromRevision),
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      });
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions): Promise<ReadAllPage> {
    const { after, maxCount } = options;
    // Reading forwards from a position includes the event there: ask for one more.
    const requested = after === null ? maxCount : maxCount + 1;
    const raw = await this.#readAllRaw(
      after === null ? START : toKurrentPosition(after),
      FORWARDS,
      requested,
    );
    const events: RecordedEvent[] = [];
    let lastPosition = after;
    let truncated = false;
    for (const resolved of raw) {
      const commit = resolved.event?.position.commit ?? resolved.commitPosition;
      if (commit === undefined) continue;
      const position = toSafeNumber(commit, 'commit position');
      if (after !== null && position <= after) continue;
      if (events.length === maxCount) {
        truncated = true;
        break;
      }
      // Skipped system records still move the page on, so they are not read again.
      lastPosition = position;
      const event = toRecordedEvent(resolved);
      if (event) events.push(event);
    }
    return { events, lastPosition, isEnd: raw.length < requested && !truncated };
  }

  async #readAllRaw(
    fromPosition: ReadPosition,
    direction: typeof FORWARDS | typeof BACKWARDS,
    maxCount: number,
  ): Promise<AllStreamResolvedEvent[]> {
    const raw: AllStreamResolvedEvent[] = [];
    // The server drops `$`-typed records (links, metadata, stats) before they cross the wire.
    const read = this.#client.readAll({
      fromPosition,
      direction,
      maxCount,
      filter: excludeSystemEvents(),
    });
    for await (const resolved of read) raw.push(resolved);
    return raw;
  }

  subscribeToAll(options: SubscribeToAllOptions): AllSubscription {
    if (this.#closed) throw new Error('The event store is closed');
    const source = this.#client.subscribeToAll({
      fromPosition: options.after === null ? START : toKurrentPosition(options.after),
      // The process's one subscription (the log dispatcher) names the types its consumers read:
      // the server sends only those (and never its own `$` records).
      filter: options.eventTypes
        ? eventTypeFilter({ regex: eventTypesRegex(options.eventTypes) })
        : excludeSystemEvents(),
      // The client's AllStreamSubscription is this Readable; its typings come from another
      // @types/node, whose listener overloads TypeScript will not match.
    }) as unknown as SubscriptionSource;
    const headAtStart = this.headPosition();
    headAtStart.catch(() => undefined);
    const subscription = kurrentSubscription<AllStreamResolvedEvent>({
      ...options,
      source,
      toRecorded: toRecordedEvent,
      headAtStart,
    });
    this.#subscriptions.add(subscription);
    const forget = () => this.#subscriptions.delete(subscription);
    void subscription.done.then(forget, (error: unknown) => {
      forget();
      this.#logger.warn({ err: error }, 'KurrentDB $all subscription ended');
    });
    return subscription;
  }

  async headPosition(): Promise<number | null> {
    let from: ReadPosition = END;
    for (;;) {
      const page = await this.#readAllRaw(from, BACKWARDS, HEAD_SCAN);
      for (const resolved of page) {
        const event = toRecordedEvent(resolved);
        if (event) return event.position;
      }
      const oldest = page.at(-1)?.event?.position;
      // Reading backwards from a position excludes the event there, so the scan moves on.
      if (page.length < HEAD_SCAN || !oldest) return null;
      from = oldest;
    }
  }

  async eventsAfter(after: number | null, atMost: number): Promise<number> {
    // Reading forwards from a position includes the event there: one more is asked for.
    const raw = await this.#readAllRaw(
      after === null ? START : toKurrentPosition(after),
      FORWARDS,
      atMost + 1,
    );
    let count = 0;
    for (const resolved of raw) {
      const commit = resolved.event?.position.commit ?? resolved.commitPosition;
      if (commit === undefined || toRecordedEvent(resolved) === null) continue;
      if (after !== null && toSafeNumber(commit, 'commit position') <= after) continue;
      if (++count === atMost) break;
    }
    return count;
  }

  async status(): Promise<PortStatus> {
    try {
      await this.#readAllRaw(END, BACKWARDS, 1);
      return { port: 'eventstore', adapter: this.adapter, ok: !this.#closed };
    } catch (error) {
      return { port: 'eventstore', adapter: this.adapter, ok: false, detail: String(error) };
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all([...this.#subscriptions].map((subscription) => subscription.stop()));
    await this.#client.dispose();
  }
}

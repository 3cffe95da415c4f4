import type { LogSource } from '@linkcoin/infra/eventstore/log-dispatcher.ts';
import { streamCategory, type RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import {
  BATCH_OVERHEAD_BYTES,
  MessageTooLargeError,
  messageBytes,
  type Bus,
  type BusMessage,
} from '@linkcoin/infra/bus/port.ts';
import type { AllSubscription, EventStore } from '@linkcoin/infra/eventstore/port.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { Logger } from 'pino';

export const FORWARDER_CHECKPOINT = 'forwarder';
const FORWARDER_VERSION = 1;

/** `account-42` is published on `linkcoin.events.account`, keyed by `account-42`. */
export const topicForCategory = (category: string): string => `linkcoin.events.${category}`;
export const topicForStream = (streamId: string): string =>
  topicForCategory(streamCategory(streamId));

/** Where the forwarder parks (a reference to) an event the bus cannot carry. */
export const FORWARDER_DEAD_LETTER_TOPIC = 'linkcoin.forwarder.dead-letter';

/** The most bytes one publish carries (one record batch per partition): well below any limit. */
export const DEFAULT_FORWARDER_BATCH_BYTES = 1024 * 1024;

export type ParkedEvent = Readonly<{
  event: Pick<RecordedEvent, 'id' | 'streamId' | 'revision' | 'position' | 'type'>;
  bytes: number;
  limit: number;
  reason: string;
}>;

export type ForwardedEvent = Pick<
  RecordedEvent,
  'id' | 'streamId' | 'revision' | 'position' | 'type' | 'data' | 'metadata'
>;

/**
 * Splits a topic's messages, in order, into publishes of at most `maxBytes` each (a record batch
 * per partition is never larger than its publish). A message alone over `maxBytes` goes alone.
 */
export const batchesWithin = <T>(
  items: readonly T[],
  maxBytes: number,
  bytesOf: (item: T) => number,
): T[][] => {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = BATCH_OVERHEAD_BYTES;
  for (const message of items) {
    const size = bytesOf(message);
    if (current.length > 0 && bytes + size > maxBytes) {
      batches.push(current);
      current = [];
      bytes = BATCH_OVERHEAD_BYTES;
    }
    current.push(message);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
};

const toMessage = (event: RecordedEvent): BusMessage => ({
  key: event.streamId,
  value: {
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    position: event.position,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  } satisfies ForwardedEvent,
  headers: { 'event-type': event.type, 'event-id': event.id },
});

export type ForwarderOptions = Readonly<{
  eventStore: EventStore;
  /** The process's log dispatcher; else its own subscription to the store. */
  log?: LogSource;
  bus: Bus;
  checkpoints: ReadStore;
  logger: Logger;
  retryDelayMs?: number;
  /** The most bytes one publish carries (default 1 MiB, and never more than the bus carries). */
  maxBatchBytes?: number;
}>;

/** An event to publish, with its message's size (`messageBytes`, measured once). */
type Outgoing = { event: RecordedEvent; message: BusMessage; bytes: number };

/**
 * Copies the global log onto the bus, one topic per stream category, keyed by stream id so a
 * stream's events stay in order. The checkpoint moves only after a batch is published:
 * consumers may see an event twice after a crash (at-least-once), never miss one.
 *
 * Each publish carries at most `maxBatchBytes` (a broker refuses a record batch over its limit
 * and does not split it). An event the bus can never carry (larger than its `maxMessageBytes`,
 * or refused as too large on its own) is parked: a reference to it goes to
 * `FORWARDER_DEAD_LETTER_TOPIC`, an alert is logged, and the log goes on (the event itself stays
 * in the event store).
 */
export class Forwarder {
  readonly #options: ForwarderOptions;
  #subscription: AllSubscription | null = null;
  #loop: Promise<void> | null = null;
  #stopping = false;
  #position: number | null = null;

  constructor(options: ForwarderOptions) {
    this.#options = options;
  }

  get position(): number | null {
    return this.#position;
  }

  start(): void {
    this.#loop ??= this.#run();
  }

  async #run(): Promise<void> {
    const { eventStore, bus, checkpoints, logger } = this.#options;
    while (!this.#stopping) {
      try {
        this.#position = (await checkpoints.getCheckpoint(FORWARDER_CHECKPOINT))?.position ?? null;
        if (this.#stopping) break; // stopped while reading the checkpoint
        this.#subscription = (this.#options.log ?? eventStore).subscribeToAll({
          after: this.#position,
          onEvents: async (events) => {
            const byTopic = new Map<string, Outgoing[]>();
            for (const event of events) {
              const topic = topicForStream(event.streamId);
              const message = toMessage(event);
              const bytes = messageBytes(message);
              if (bytes > bus.maxMessageBytes) {
                await this.#park(event, bytes, 'larger than the bus carries');
                continue;
              }
              let queued = byTopic.get(topic);
              if (!queued) byTopic.set(topic, (queued = []));
              queued.push({ event, message, bytes });
            }
            for (const [topic, outgoing] of byTopic) await this.#publish(topic, outgoing);
            const last = events.at(-1)!.position;
            await checkpoints.saveCheckpoint(FORWARDER_CHECKPOINT, FORWARDER_VERSION, last);
            this.#position = last;
          },
        });
        await this.#subscription.done;
      } catch (error) {
        if (this.#stopping) break;
        logger.error({ err: error }, 'forwarder failed; resuming from its checkpoint');
        await new Promise((resolve) =>
          setTimeout(resolve, this.#options.retryDelayMs ?? 1000).unref(),
        );
      }
    }
  }

  /** Publishes a topic's events in batches under the byte cap. */
  async #publish(topic: string, outgoing: readonly Outgoing[]): Promise<void> {
    const { bus } = this.#options;
    const maxBytes = Math.min(
      this.#options.maxBatchBytes ?? DEFAULT_FORWARDER_BATCH_BYTES,
      bus.maxMessageBytes,
    );
    for (const batch of batchesWithin(outgoing, maxBytes, (item) => item.bytes)) {
      try {
        await bus.publish(
          topic,
          batch.map((item) => item.message),
        );
      } catch (error) {
        if (!(error instanceof MessageTooLargeError)) throw error;
        // The broker's limit is lower than the bus believed: one at a time, parking what fails.
        for (const item of batch) {
          try {
            await bus.publish(topic, [item.message]);
          } catch (single) {
            if (!(single instanceof MessageTooLargeError)) throw single;
            await this.#park(item.event, item.bytes, single.message);
          }
        }
      }
    }
  }

  async #park(event: RecordedEvent, bytes: number, reason: string): Promise<void> {
    const { bus, logger } = this.#options;
    const parked: ParkedEvent = {
      event: {
        id: event.id,
        streamId: event.streamId,
        revision: event.revision,
        position: event.position,
        type: event.type,
      },
      bytes,
      limit: bus.maxMessageBytes,
      reason,
    };
    await bus.publish(FORWARDER_DEAD_LETTER_TOPIC, [{ key: event.streamId, value: parked }]);
    logger.error(
      { alert: 'forwarder-dead-letter', ...parked.event, bytes, limit: parked.limit, reason },
      `event ${event.id} (${event.type}, ${bytes} bytes) cannot travel on the bus: parked on ${FORWARDER_DEAD_LETTER_TOPIC}`,
    );
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#subscription?.stop();
    await this.#loop;
  }
}

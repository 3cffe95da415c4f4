import { streamCategory, type RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { Bus, BusMessage } from '@linkcoin/infra/bus/port.ts';
import type { AllSubscription, EventStore } from '@linkcoin/infra/eventstore/port.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { Logger } from 'pino';

export const FORWARDER_CHECKPOINT = 'forwarder';
const FORWARDER_VERSION = 1;

/** `account-42` is published on `linkcoin.events.account`, keyed by `account-42`. */
export const topicForCategory = (category: string): string => `linkcoin.events.${category}`;
export const topicForStream = (streamId: string): string =>
  topicForCategory(streamCategory(streamId));

export type ForwardedEvent = Pick<
  RecordedEvent,
  'id' | 'streamId' | 'revision' | 'position' | 'type' | 'data' | 'metadata'
>;

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
  bus: Bus;
  checkpoints: ReadStore;
  logger: Logger;
  retryDelayMs?: number;
}>;

/**
 * Copies the global log onto the bus, one topic per stream category, keyed by stream id so a
 * stream's events stay in order. The checkpoint moves only after a batch is published:
 * consumers may see an event twice after a crash (at-least-once), never miss one.
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
        this.#subscription = eventStore.subscribeToAll({
          after: this.#position,
          onEvents: async (events) => {
            const byTopic = new Map<string, BusMessage[]>();
            for (const event of events) {
              const topic = topicForStream(event.streamId);
              byTopic.set(topic, [...(byTopic.get(topic) ?? []), toMessage(event)]);
            }
            for (const [topic, messages] of byTopic) await bus.publish(topic, messages);
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

  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#subscription?.stop();
    await this.#loop;
  }
}

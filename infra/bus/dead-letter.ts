/**
 * Parking a poison message: after a subscription's last failed delivery, the message goes to
 * `deadLetterTopic(topic)` with where it came from and why, and an alert is logged, so one
 * message that can never be handled does not stop its group forever. Shared by both adapters.
 */
import type { Logger } from '../shared/logger.ts';
import { deadLetterTopic, type Bus, type BusMessage, type DeliveredMessage } from './port.ts';

export type Parked = Readonly<{
  message: DeliveredMessage;
  groupId: string;
  attempts: number;
  error: unknown;
}>;

const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** The dead-letter copy: the same key and value, the original headers, and why it is there. */
export const deadLetterMessage = ({ message, groupId, attempts, error }: Parked): BusMessage => ({
  key: message.key,
  value: message.value,
  headers: {
    ...message.headers,
    'dead-letter-topic': message.topic,
    'dead-letter-offset': message.offset,
    'dead-letter-group': groupId,
    'dead-letter-attempts': String(attempts),
    'dead-letter-reason': reasonOf(error),
  },
});

/** Publishes the dead-letter copy, then logs the alert (throws when the copy is not published). */
export const park = async (bus: Bus, logger: Logger, parked: Parked): Promise<void> => {
  const topic = deadLetterTopic(parked.message.topic);
  await bus.publish(topic, [deadLetterMessage(parked)]);
  logger.error(
    {
      alert: 'bus-dead-letter',
      topic: parked.message.topic,
      offset: parked.message.offset,
      key: parked.message.key,
      groupId: parked.groupId,
      attempts: parked.attempts,
      deadLetterTopic: topic,
      reason: reasonOf(parked.error),
    },
    `a bus message failed ${parked.attempts} times: parked on ${topic}`,
  );
};

/** Who takes a message on one attempt: a handler and how many attempts it gets. */
export type DeliveryTarget = Readonly<{
  handler: (message: DeliveredMessage) => Promise<void>;
  maxAttempts: number;
}>;

/** The embedded buses' wait before delivering a failed message again. */
export const embeddedRedeliveryDelayMs = (attempt: number): number =>
  Math.min(5000, 20 * 2 ** attempt);

/**
 * Hands a message to its target until it is handled; after the target's last attempt it is
 * parked (above) and counts as handled. A failure is logged and tried again after
 * `retryDelayMs(attempt)`. Answers false, leaving the message for later, when there is no
 * target at an attempt (no member left, the subscription stopped). `message` gives a fresh copy
 * for each attempt, so a handler that changed one does not see its change again.
 */
export const deliverOrPark = async (options: {
  bus: Bus;
  logger: Logger;
  groupId: string;
  message: () => DeliveredMessage;
  target: () => DeliveryTarget | null;
  retryDelayMs: (attempt: number) => number;
}): Promise<boolean> => {
  let failure: unknown;
  for (let attempt = 0; ; attempt++) {
    const target = options.target();
    if (!target) return false;
    const message = options.message();
    const poison = attempt >= target.maxAttempts;
    try {
      if (!poison) await target.handler(message);
      else {
        await park(options.bus, options.logger, {
          message,
          groupId: options.groupId,
          attempts: target.maxAttempts,
          error: failure,
        });
      }
      return true;
    } catch (error) {
      if (!poison) failure = error;
      options.logger.warn(
        { err: error, topic: message.topic, offset: message.offset, attempt },
        poison
          ? 'a poison message could not be parked; trying again'
          : 'bus handler failed; delivering again',
      );
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs(attempt)));
    }
  }
};

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

import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { Logger } from 'pino';
import type { ProcessManager } from './process-manager.ts';

/** A deadline the process keeps: what it is about, and when it is due (ISO-8601). */
export type Deadline<Extra extends object = object> = Readonly<
  { id: string; dueAt: string } & Extra
>;

/** What an event does to the deadlines: set one, clear some, or nothing. */
export type DeadlineChange<Extra extends object> = Readonly<{
  set?: Deadline<Extra>;
  clear?: readonly string[];
}>;

/**
 * A process that keeps deadlines from events and acts on the due ones at each tick: the shape
 * of every "expire what was not done in time" rule (Instagram codes after 5 hours, payments
 * after 30 minutes, the 48-hour reply guarantee). `fire` must be idempotent (a key derived from
 * the deadline), so a tick that runs twice, or again after a restart, does no harm; a deadline
 * whose `fire` fails stays and is tried at the next tick.
 */
export const deadlineProcess = <Extra extends object>(options: {
  name: string;
  collection: string;
  version?: number;
  eventTypes: readonly string[];
  /** How an event sets or clears deadlines. */
  onEvent: (event: RecordedEvent) => DeadlineChange<Extra>;
  fire: (deadline: Deadline<Extra>, now: Date) => Promise<void>;
  tickMs: number;
  logger: Logger;
  /** How many due deadlines one tick handles at most. */
  batch?: number;
}): ProcessManager => ({
  projection: {
    name: options.name,
    version: options.version ?? 1,
    collections: [{ name: options.collection, indexes: [{ fields: ['dueAt'] }] }],
    eventTypes: options.eventTypes,
    apply: async (event, tx) => {
      const change = options.onEvent(event);
      for (const id of change.clear ?? []) await tx.delete(options.collection, id);
      if (change.set) await tx.put<Deadline<Extra>>(options.collection, change.set.id, change.set);
    },
  },
  tick: {
    intervalMs: options.tickMs,
    run: async (now, state) => {
      const due = await state.collection<Deadline<Extra>>(options.collection).find({
        where: { dueAt: { $lte: now.toISOString() } },
        sort: [['dueAt', 1]],
        limit: options.batch ?? 100,
      });
      for (const deadline of due) {
        try {
          await options.fire(deadline, now);
        } catch (error) {
          options.logger.warn(
            { err: error, process: options.name, deadline: deadline.id },
            'a due deadline could not be acted on yet; the next tick tries again',
          );
        }
      }
    },
  },
});

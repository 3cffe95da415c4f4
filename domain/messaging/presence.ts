/**
 * Presence (the online dot, docs/product-spec.md sections 2 and 3: `isOnline`). The chat gateway knows who is
 * connected (its presence board, across nodes); when a user comes online somewhere or goes
 * offline everywhere it records so here, and the read models that show `isOnline` (the
 * collections' connections, the directory) follow the event.
 */
import type { Decider } from '../shared/decider.ts';
import type { Command, Event } from '../shared/messages.ts';

export const presenceStreamId = (userId: string): string => `presence-${userId}`;

export type PresenceChanged = Event<
  'PresenceChanged',
  { userId: string; online: boolean; at: string }
>;

export type RecordPresence = Command<'RecordPresence', { userId: string; online: boolean }>;

export type PresenceState = Readonly<{ online: boolean }>;

/**
 * Every gateway node learns the same flip of a user's presence: each records it, and only the
 * first to reach the stream changes anything, so one flip is one event however many nodes run.
 */
export const presenceDecider: Decider<PresenceState, RecordPresence, PresenceChanged> = {
  initialState: () => ({ online: false }),
  decide: (command, state) =>
    command.data.online === state.online
      ? []
      : {
          type: 'PresenceChanged',
          data: {
            userId: command.data.userId,
            online: command.data.online,
            at: command.metadata.now.toISOString(),
          },
        },
  evolve: (_state, event) => ({ online: event.data.online }),
};

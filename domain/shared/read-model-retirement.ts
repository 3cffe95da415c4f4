import type { Decider } from './decider.ts';
import type { Command, Event } from './messages.ts';

/**
 * A read model the product no longer keeps is retired by an event, not by hand: the runtime drops
 * its storage and checkpoint, then records `ReadModelRetired` on the model's own stream, once,
 * whichever node gets there first (services/runtime/retirement.ts). The log then says when and
 * why it went, and every later start, node or rebuild reads the same answer there.
 */
export const readModelStreamId = (name: string): string => `readmodel-${name}`;

export type ReadModelRetired = Event<
  'ReadModelRetired',
  { name: string; collections: string[]; reason: string; retiredAt: string }
>;
export type RetireReadModel = Command<
  'RetireReadModel',
  { name: string; collections: string[]; reason: string }
>;
export type ReadModelRetirementState = Readonly<{ retiredAt: string | null }>;

export const readModelRetirementDecider: Decider<
  ReadModelRetirementState,
  RetireReadModel,
  ReadModelRetired
> = {
  initialState: () => ({ retiredAt: null }),
  // Retired once: asking again (another node, the next start, a rebuild) records nothing.
  decide: (command, state) =>
    state.retiredAt !== null
      ? []
      : {
          type: 'ReadModelRetired',
          data: { ...command.data, retiredAt: command.metadata.now.toISOString() },
        },
  evolve: (_state, event) => ({ retiredAt: event.data.retiredAt }),
};

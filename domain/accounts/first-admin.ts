import type { Decider } from '../shared/decider.ts';
import type { Command, Event } from '../shared/messages.ts';

/**
 * The record that the marketplace has had its first admin, so a restart with other settings
 * never creates a second one behind the operator's back.
 */
export const FIRST_ADMIN_STREAM = 'system-firstadmin';

export type FirstAdminRecorded = Event<
  'FirstAdminRecorded',
  { userId: string; email: string; at: string }
>;
export type RecordFirstAdmin = Command<'RecordFirstAdmin', { userId: string; email: string }>;
export type FirstAdminState = Readonly<{ userId: string | null; email: string | null }>;

export const firstAdminDecider: Decider<FirstAdminState, RecordFirstAdmin, FirstAdminRecorded> = {
  initialState: () => ({ userId: null, email: null }),
  decide: (command, state) =>
    state.userId !== null
      ? []
      : {
          type: 'FirstAdminRecorded',
          data: { ...command.data, at: command.metadata.now.toISOString() },
        },
  evolve: (_state, event) => ({ userId: event.data.userId, email: event.data.email }),
};

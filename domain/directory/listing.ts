/**
 * A creator's listing in the directory, beyond the profile: the end of the new-creator boost and
 * the creator's usual reply time. Both are recorded as events, so the read models (and their
 * indexes) change only with events and a rebuild from zero gives the same order: a process
 * manager ends the boost 30 days after sign-up (services/directory/boost.ts), another follows
 * each connection's first exchange and records the reply time when it changes
 * (services/directory/reply-times.ts, the rule in domain/messaging/reply-times.ts).
 */
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import { DIRECTORY_MESSAGES as M } from './messages.ts';
import { NEW_CREATOR_BOOST_MS } from './ranking.ts';

export const listingStreamId = (userId: string): string => `listing-${userId}`;

export type NewCreatorBoostEnded = Event<
  'NewCreatorBoostEnded',
  { userId: string; registeredAt: string; at: string }
>;
/** "Usually replies within N hours" changed (null: no longer told). */
export type ReplyTimeChanged = Event<
  'ReplyTimeChanged',
  { userId: string; replyHours: number | null; at: string }
>;
export type ListingEvent = NewCreatorBoostEnded | ReplyTimeChanged;

export type EndNewCreatorBoost = Command<
  'EndNewCreatorBoost',
  { userId: string; registeredAt: string }
>;
export type RecordReplyTime = Command<
  'RecordReplyTime',
  { userId: string; replyHours: number | null }
>;
export type ListingCommand = EndNewCreatorBoost | RecordReplyTime;

export type ListingState = Readonly<{ boostEnded: boolean; replyHours: number | null }>;

export const listingDecider: Decider<ListingState, ListingCommand, ListingEvent> = {
  initialState: () => ({ boostEnded: false, replyHours: null }),
  decide: (command, state) => {
    if (command.type === 'RecordReplyTime') {
      const { userId, replyHours } = command.data;
      if (replyHours === state.replyHours) return [];
      return {
        type: 'ReplyTimeChanged',
        data: { userId, replyHours, at: command.metadata.now.toISOString() },
      };
    }
    if (state.boostEnded) return [];
    const { userId, registeredAt } = command.data;
    if (command.metadata.now.getTime() < Date.parse(registeredAt) + NEW_CREATOR_BOOST_MS) {
      throw new DomainError('conflict', M.boostNotOver);
    }
    return {
      type: 'NewCreatorBoostEnded',
      data: { userId, registeredAt, at: command.metadata.now.toISOString() },
    };
  },
  evolve: (state, event) =>
    event.type === 'NewCreatorBoostEnded'
      ? { ...state, boostEnded: true }
      : { ...state, replyHours: event.data.replyHours },
};

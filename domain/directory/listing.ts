/**
 * A creator's listing in the directory, beyond the profile: today the end of the new-creator
 * boost. Time passing is recorded as an event, so the read model (and its rank index) changes
 * only with events and a rebuild from zero gives the same order: a process manager ends the
 * boost 30 days after sign-up (services/directory/boost.ts).
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
export type ListingEvent = NewCreatorBoostEnded;

export type EndNewCreatorBoost = Command<
  'EndNewCreatorBoost',
  { userId: string; registeredAt: string }
>;

export type ListingState = Readonly<{ boostEnded: boolean }>;

export const listingDecider: Decider<ListingState, EndNewCreatorBoost, ListingEvent> = {
  initialState: () => ({ boostEnded: false }),
  decide: (command, state) => {
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
  evolve: () => ({ boostEnded: true }),
};

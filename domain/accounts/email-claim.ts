import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import { normaliseEmail } from './contracts.ts';
import { ACCOUNT_MESSAGES as M } from './messages.ts';

/**
 * E-mail uniqueness without a second database: the claim stream of an address is created with
 * "no stream" expected, so of two simultaneous registrations exactly one claims it.
 */
export const emailClaimStreamId = (email: string): string => `email-${normaliseEmail(email)}`;

/**
 * A claim whose account was never written (the process died between the two appends) may be
 * taken over, but only after this long, so a registration still in flight is never overtaken.
 */
export const ORPHANED_CLAIM_AFTER_MS = 5 * 60 * 1000;

export type EmailClaimed = Event<
  'EmailClaimed',
  { email: string; userId: string; at: string; replacesOrphanedClaimOf: string | null }
>;
export type EmailClaimEvent = EmailClaimed;

export type ClaimEmail = Command<
  'ClaimEmail',
  {
    email: string;
    userId: string;
    /** The current claimant, when the caller checked that it has no account. */
    orphanedClaimant: string | null;
  }
>;

export type EmailClaimState = Readonly<{ claimedBy: string | null; claimedAt: string | null }>;

export const emailClaimDecider: Decider<EmailClaimState, ClaimEmail, EmailClaimEvent> = {
  initialState: () => ({ claimedBy: null, claimedAt: null }),
  decide: (command, state) => {
    const { email, userId, orphanedClaimant } = command.data;
    const at = command.metadata.now.toISOString();
    if (state.claimedBy === null) {
      return { type: 'EmailClaimed', data: { email, userId, at, replacesOrphanedClaimOf: null } };
    }
    if (state.claimedBy === userId) return [];
    const old =
      state.claimedAt !== null &&
      command.metadata.now.getTime() - Date.parse(state.claimedAt) >= ORPHANED_CLAIM_AFTER_MS;
    if (orphanedClaimant === state.claimedBy && old) {
      return {
        type: 'EmailClaimed',
        data: { email, userId, at, replacesOrphanedClaimOf: state.claimedBy },
      };
    }
    throw new DomainError('conflict', M.emailAlreadyRegistered);
  },
  evolve: (_state, event) => ({ claimedBy: event.data.userId, claimedAt: event.data.at }),
};

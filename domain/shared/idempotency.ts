/**
 * A client's Idempotency-Key, claimed once for the request it was first sent with (as payment
 * APIs do). The `idempotency-<hash of caller and key>` stream records that first use; the same
 * key with another endpoint or another payload is refused, whichever stream it would touch, and
 * the same key with the same request is a retry.
 */
import type { Decider } from './decider.ts';
import { DomainError } from './errors.ts';
import type { Command, Event } from './messages.ts';

export const IDEMPOTENCY_MESSAGES = {
  keyReused:
    'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
  invalidKey: 'Idempotency-Key: use 8 to 128 letters, digits, dots, dashes, underscores or colons.',
} as const;

/** What a client may send as Idempotency-Key. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

export const idempotencyStreamId = (hashOfCallerAndKey: string): string =>
  `idempotency-${hashOfCallerAndKey}`;

export type IdempotencyKeyClaimed = Event<
  'IdempotencyKeyClaimed',
  { endpoint: string; fingerprint: string; at: string }
>;
export type IdempotencyEvent = IdempotencyKeyClaimed;

export type ClaimIdempotencyKey = Command<
  'ClaimIdempotencyKey',
  { endpoint: string; fingerprint: string }
>;

export type IdempotencyState = Readonly<{
  claim: { endpoint: string; fingerprint: string } | null;
}>;

/** The error of a key used for something else: the same wherever the reuse is caught. */
export const keyReused = (): DomainError =>
  new DomainError('unprocessable', IDEMPOTENCY_MESSAGES.keyReused);

export const idempotencyDecider: Decider<IdempotencyState, ClaimIdempotencyKey, IdempotencyEvent> =
  {
    initialState: () => ({ claim: null }),
    decide: (command, state) => {
      const { endpoint, fingerprint } = command.data;
      if (!state.claim) {
        return {
          type: 'IdempotencyKeyClaimed',
          data: { endpoint, fingerprint, at: command.metadata.now.toISOString() },
        };
      }
      if (state.claim.endpoint !== endpoint || state.claim.fingerprint !== fingerprint) {
        throw keyReused();
      }
      return []; // a retry of the very request: nothing new to record
    },
    evolve: (_state, event) => ({
      claim: { endpoint: event.data.endpoint, fingerprint: event.data.fingerprint },
    }),
  };

import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import { tooManyFailedSignIns } from './messages.ts';

/**
 * The per-account sign-in guard (issue 7, deliverable 4). The per-client limits of the HTTP edge
 * cannot stop a guesser who spreads attempts over many addresses; this stream counts the failed
 * password sign-ins of one account wherever they come from.
 *
 * - The first FREE_FAILED_SIGN_INS failures of a series are free. A series ends after
 *   FAILED_SIGN_IN_DECAY_MS without a failure, after a successful sign-in, or after a password
 *   reset.
 * - Every further failure imposes a delay (1 s, doubling, capped at 5 minutes) during which every
 *   attempt is refused with 429, the right password included. Refused attempts append nothing,
 *   so the stream grows by at most one event per delay and cannot be flooded.
 * - The delays stay short, so an attacker cannot lock the owner out for long: holding an account
 *   locked costs one guess per 5 minutes (12 an hour), which is what makes guessing hopeless.
 * - The failure that first imposes a delay marks a notice as due (then at most one per
 *   SIGN_IN_NOTICE_INTERVAL_MS): the caller mails the owner once for each appended event whose
 *   `noticeDue` is true (signInLockNoticeMail).
 * - A password reset clears the guard: the reset flow sends ClearFailedSignIns after the
 *   account's PasswordChanged. The guard reads no other stream.
 *
 * Use (details in docs/wiring-notes-guard.md): before hashing the password, load the stream and
 * call assertSignInAllowed(state, now); after the hash, send RecordFailedSignIn or
 * RecordSuccessfulSignIn (decided against the newest state, so a lock imposed meanwhile by a
 * concurrent failure refuses the success too).
 */
export const signInGuardStreamId = (userId: string): string => `signin-${userId}`;

export const FREE_FAILED_SIGN_INS = 5;
/** A series of failures ends after this long without a new one. */
export const FAILED_SIGN_IN_DECAY_MS = 60 * 60 * 1000;
export const FIRST_SIGN_IN_DELAY_MS = 1000;
export const MAX_SIGN_IN_DELAY_MS = 5 * 60 * 1000;
/** At most one notice mail per account in this interval. */
export const SIGN_IN_NOTICE_INTERVAL_MS = 24 * 60 * 60 * 1000;

export type SignInFailed = Event<
  'SignInFailed',
  {
    userId: string;
    /** Failures in the current series, this one included. */
    failures: number;
    at: string;
    /** Every sign-in is refused until then; null while the failures are still free. */
    lockedUntil: string | null;
    /** The caller mails the owner a notice (once: this event is appended once). */
    noticeDue: boolean;
  }
>;
export type FailedSignInsCleared = Event<
  'FailedSignInsCleared',
  {
    userId: string;
    reason: 'signed_in' | 'password_reset';
    /** How many failures the series had when it was cleared. */
    failures: number;
    at: string;
  }
>;
export type SignInGuardEvent = SignInFailed | FailedSignInsCleared;

/** A wrong password (or a password sign-in on an account that has none) was given. */
export type RecordFailedSignIn = Command<'RecordFailedSignIn', { userId: string }>;
/** The right password was given: clears the failures, when there are any. */
export type RecordSuccessfulSignIn = Command<'RecordSuccessfulSignIn', { userId: string }>;
/** The owner proved control of the address and chose a new password. */
export type ClearFailedSignIns = Command<
  'ClearFailedSignIns',
  { userId: string; reason: 'password_reset' }
>;
export type SignInGuardCommand = RecordFailedSignIn | RecordSuccessfulSignIn | ClearFailedSignIns;

export type SignInGuardState = Readonly<{
  failures: number;
  lastFailureAt: string | null;
  lockedUntil: string | null;
  lastNoticeAt: string | null;
}>;

/** The delay imposed by the failure that brings the series to `failures`. */
export const signInDelayAfter = (failures: number): number =>
  failures <= FREE_FAILED_SIGN_INS
    ? 0
    : Math.min(
        FIRST_SIGN_IN_DELAY_MS * 2 ** (failures - FREE_FAILED_SIGN_INS - 1),
        MAX_SIGN_IN_DELAY_MS,
      );

/** Failures that still count at `now`: none once the series has decayed. */
export const activeFailures = (state: SignInGuardState, now: Date): number =>
  state.lastFailureAt !== null &&
  now.getTime() - Date.parse(state.lastFailureAt) < FAILED_SIGN_IN_DECAY_MS
    ? state.failures
    : 0;

/** The first instant a sign-in may be tried: `now` itself when nothing holds it back. */
export const signInAllowedAt = (state: SignInGuardState, now: Date): Date =>
  state.lockedUntil !== null && Date.parse(state.lockedUntil) > now.getTime()
    ? new Date(state.lockedUntil)
    : now;

/** Whole seconds until a sign-in may be tried (for Retry-After); 0 when it may be tried now. */
export const signInRetryAfterSeconds = (state: SignInGuardState, now: Date): number =>
  Math.ceil((signInAllowedAt(state, now).getTime() - now.getTime()) / 1000);

/**
 * The refusal (429, rate_limited) of every sign-in while an account's delay runs. It carries the
 * seconds left, so the HTTP edge can answer them as `Retry-After`.
 */
export class SignInPaused extends DomainError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('rate_limited', tooManyFailedSignIns(retryAfterSeconds));
    this.name = 'SignInPaused';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Refuses (SignInPaused) while a delay runs; the caller checks before hashing. */
export const assertSignInAllowed = (state: SignInGuardState, now: Date): void => {
  const seconds = signInRetryAfterSeconds(state, now);
  if (seconds > 0) throw new SignInPaused(seconds);
};

export const signInGuardDecider: Decider<SignInGuardState, SignInGuardCommand, SignInGuardEvent> = {
  initialState: () => ({
    failures: 0,
    lastFailureAt: null,
    lockedUntil: null,
    lastNoticeAt: null,
  }),

  decide: (command, state) => {
    const now = command.metadata.now;
    const at = now.toISOString();
    const { userId } = command.data;
    switch (command.type) {
      case 'RecordFailedSignIn': {
        assertSignInAllowed(state, now);
        const failures = activeFailures(state, now) + 1;
        const delay = signInDelayAfter(failures);
        const noticeDue =
          delay > 0 &&
          (state.lastNoticeAt === null ||
            now.getTime() - Date.parse(state.lastNoticeAt) >= SIGN_IN_NOTICE_INTERVAL_MS);
        return {
          type: 'SignInFailed',
          data: {
            userId,
            failures,
            at,
            lockedUntil: delay > 0 ? new Date(now.getTime() + delay).toISOString() : null,
            noticeDue,
          },
        };
      }
      case 'RecordSuccessfulSignIn': {
        // A right password during the delay is refused too: otherwise the delay would only
        // tell a guesser which of its attempts to repeat later.
        assertSignInAllowed(state, now);
        const failures = activeFailures(state, now);
        if (failures === 0) return [];
        return {
          type: 'FailedSignInsCleared',
          data: { userId, reason: 'signed_in', failures, at },
        };
      }
      case 'ClearFailedSignIns': {
        const failures = activeFailures(state, now);
        if (failures === 0 && signInRetryAfterSeconds(state, now) === 0) return [];
        return {
          type: 'FailedSignInsCleared',
          data: { userId, reason: command.data.reason, failures, at },
        };
      }
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'SignInFailed':
        return {
          failures: event.data.failures,
          lastFailureAt: event.data.at,
          lockedUntil: event.data.lockedUntil,
          lastNoticeAt: event.data.noticeDue ? event.data.at : state.lastNoticeAt,
        };
      case 'FailedSignInsCleared':
        // The notice interval survives a clear: mails to the owner stay at one a day.
        return { ...state, failures: 0, lastFailureAt: null, lockedUntil: null };
    }
  },
};

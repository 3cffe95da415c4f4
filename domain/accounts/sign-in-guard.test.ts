import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import { tooManyFailedSignIns } from './messages.ts';
import {
  assertSignInAllowed,
  signInAllowedAt,
  signInDelayAfter,
  signInGuardDecider,
  signInGuardStreamId,
  signInRetryAfterSeconds,
  type SignInFailed,
  type SignInGuardEvent,
  type SignInGuardState,
} from './sign-in-guard.ts';
import { signInLockNoticeMail } from './sign-in-notice-mail.ts';

const given = DeciderSpecification.for(signInGuardDecider);
const userId = 'u1';
const t0 = Date.parse('2026-03-01T09:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const iso = (offsetMs: number) => new Date(t0 + offsetMs).toISOString();
const at = (offsetMs: number) => testMetadata({ now: new Date(t0 + offsetMs), actorUserId: null });

const failure = (
  failures: number,
  offsetMs: number,
  lockMs: number | null = null,
  noticeDue = false,
): SignInFailed => ({
  type: 'SignInFailed',
  data: {
    userId,
    failures,
    at: iso(offsetMs),
    lockedUntil: lockMs === null ? null : iso(offsetMs + lockMs),
    noticeDue,
  },
});
/** Failures 1..n, one a second, all free (n at most 5). */
const freeFailures = (n: number): SignInFailed[] =>
  Array.from({ length: n }, (_, i) => failure(i + 1, i * SECOND));
const failed = (offsetMs: number) =>
  ({ type: 'RecordFailedSignIn', data: { userId }, metadata: at(offsetMs) }) as const;
const succeeded = (offsetMs: number) =>
  ({ type: 'RecordSuccessfulSignIn', data: { userId }, metadata: at(offsetMs) }) as const;
const reset = (offsetMs: number) =>
  ({
    type: 'ClearFailedSignIns',
    data: { userId, reason: 'password_reset' },
    metadata: at(offsetMs),
  }) as const;
const stateOf = (events: readonly SignInGuardEvent[]): SignInGuardState =>
  fold(signInGuardDecider, events);

describe('the per-account sign-in guard', () => {
  it('lives on its own stream per account', () => {
    expect(signInGuardStreamId('u1')).toBe('signin-u1');
  });

  it('lets the first five failures through without a delay', () => {
    given([]).when(failed(0)).then(failure(1, 0));
    given(freeFailures(4))
      .when(failed(10 * SECOND))
      .then(failure(5, 10 * SECOND));
    expect(signInAllowedAt(stateOf(freeFailures(5)), new Date(t0 + 5 * SECOND))).toEqual(
      new Date(t0 + 5 * SECOND),
    );
  });

  it('imposes a one-second delay on the sixth failure and marks the first notice as due', () => {
    given(freeFailures(5))
      .when(failed(10 * SECOND))
      .then(failure(6, 10 * SECOND, SECOND, true));
  });

  it('doubles the delay with each further failure, up to five minutes', () => {
    expect([1, 5, 6, 7, 8, 9, 13, 14, 15, 16, 100, 5000].map(signInDelayAfter)).toEqual([
      0,
      0,
      SECOND,
      2 * SECOND,
      4 * SECOND,
      8 * SECOND,
      128 * SECOND,
      256 * SECOND,
      5 * MINUTE,
      5 * MINUTE,
      5 * MINUTE,
      5 * MINUTE,
    ]);
    const past = [...freeFailures(5), failure(6, 10 * SECOND, SECOND, true)];
    // The next failure after the delay: 2 s, and no second notice the same day.
    given(past)
      .when(failed(12 * SECOND))
      .then(failure(7, 12 * SECOND, 2 * SECOND, false));
  });

  it('refuses every attempt during the delay, the right password too, and appends nothing', () => {
    const past = [...freeFailures(5), failure(6, 10 * SECOND, SECOND, true)];
    const message = 'Too many failed sign-ins for this account. Try again in 1 second.';
    given(past)
      .when(failed(10 * SECOND + 200))
      .thenRefused('rate_limited', message);
    given(past)
      .when(succeeded(10 * SECOND + 200))
      .thenRefused('rate_limited', message);
    const locked = [...freeFailures(5), failure(14, 10 * SECOND, 256 * SECOND, false)];
    given(locked)
      .when(failed(20 * SECOND))
      .thenRefused(
        'rate_limited',
        'Too many failed sign-ins for this account. Try again in 5 minutes.',
      );
    given(locked)
      .when(failed(10 * SECOND + 250 * SECOND))
      .thenRefused(
        'rate_limited',
        'Too many failed sign-ins for this account. Try again in 6 seconds.',
      );
  });

  it('answers when a sign-in may be tried again, and refuses before the password is checked', () => {
    const state = stateOf([...freeFailures(5), failure(9, 10 * SECOND, 8 * SECOND)]);
    const during = new Date(t0 + 13 * SECOND);
    expect(signInAllowedAt(state, during)).toEqual(new Date(t0 + 18 * SECOND));
    expect(signInRetryAfterSeconds(state, during)).toBe(5);
    expect(() => assertSignInAllowed(state, during)).toThrow(
      'Too many failed sign-ins for this account. Try again in 5 seconds.',
    );
    // A DomainError (429 at the edge) that carries the seconds for Retry-After.
    expect(() => assertSignInAllowed(state, during)).toThrow(
      expect.objectContaining({ kind: 'rate_limited', retryAfterSeconds: 5 }),
    );
    expect(() => assertSignInAllowed(state, during)).toThrow(DomainError);
    const after = new Date(t0 + 18 * SECOND);
    expect(signInAllowedAt(state, after)).toEqual(after);
    expect(signInRetryAfterSeconds(state, after)).toBe(0);
    expect(() => assertSignInAllowed(state, after)).not.toThrow();
  });

  it('forgets a series after an hour without failures', () => {
    const past = [...freeFailures(5), failure(8, 10 * SECOND, 4 * SECOND, true)];
    given(past)
      .when(failed(10 * SECOND + HOUR))
      .then(failure(1, 10 * SECOND + HOUR));
    given(past)
      .when(failed(10 * SECOND + HOUR - 1))
      .then(failure(9, 10 * SECOND + HOUR - 1, 8 * SECOND));
  });

  it('appends nothing for a normal sign-in, and clears the failures of one after failures', () => {
    given([]).when(succeeded(0)).thenNothingHappens();
    given(freeFailures(3))
      .when(succeeded(MINUTE))
      .then({
        type: 'FailedSignInsCleared',
        data: { userId, reason: 'signed_in', failures: 3, at: iso(MINUTE) },
      });
    // Failures that have decayed need no clearing.
    given(freeFailures(3))
      .when(succeeded(2 * HOUR))
      .thenNothingHappens();
    given(freeFailures(3))
      .when(succeeded(MINUTE))
      .thenState((state) => expect(state.failures).toBe(0));
  });

  it('starts a new series after a successful sign-in', () => {
    const cleared: SignInGuardEvent = {
      type: 'FailedSignInsCleared',
      data: { userId, reason: 'signed_in', failures: 5, at: iso(MINUTE) },
    };
    given([...freeFailures(5), cleared])
      .when(failed(2 * MINUTE))
      .then(failure(1, 2 * MINUTE));
  });

  it('is cleared by a password reset, even during a delay', () => {
    const locked = [...freeFailures(5), failure(15, 10 * SECOND, 5 * MINUTE, true)];
    given(locked)
      .when(reset(20 * SECOND))
      .then({
        type: 'FailedSignInsCleared',
        data: { userId, reason: 'password_reset', failures: 15, at: iso(20 * SECOND) },
      });
    given(locked)
      .when(reset(20 * SECOND))
      .thenState((state) => {
        expect(signInAllowedAt(state, new Date(t0 + 20 * SECOND))).toEqual(
          new Date(t0 + 20 * SECOND),
        );
        expect(state.failures).toBe(0);
      });
    given([]).when(reset(0)).thenNothingHappens();
  });

  it('marks a notice as due at most once a day', () => {
    const noticed = [...freeFailures(5), failure(6, 10 * SECOND, SECOND, true)];
    const cleared: SignInGuardEvent = {
      type: 'FailedSignInsCleared',
      data: { userId, reason: 'password_reset', failures: 6, at: iso(MINUTE) },
    };
    const secondSeries = Array.from({ length: 5 }, (_, i) =>
      failure(i + 1, 2 * MINUTE + i * SECOND),
    );
    // A new series locks the same day: no second mail.
    given([...noticed, cleared, ...secondSeries])
      .when(failed(3 * MINUTE))
      .then(failure(6, 3 * MINUTE, SECOND, false));
    // A lock a day after the last notice: a new one is due.
    const nextDay = 10 * SECOND + 24 * HOUR;
    const laterSeries = Array.from({ length: 5 }, (_, i) => failure(i + 1, nextDay + i * SECOND));
    given([...noticed, cleared, ...laterSeries])
      .when(failed(nextDay + 10 * SECOND))
      .then(failure(6, nextDay + 10 * SECOND, SECOND, true));
    // Failures that stay free never call for a notice.
    given(freeFailures(4))
      .when(failed(10 * SECOND))
      .thenState((state) => expect(state.lastNoticeAt).toBeNull());
  });

  it('leaves a distributed guesser a handful of tries an hour, and the owner in within minutes', () => {
    // 250 addresses take turns guessing, one attempt every 100 ms: only attempts outside a
    // delay reach the password check, and only those are recorded.
    let events: SignInGuardEvent[] = [];
    let checked = 0;
    let notices = 0;
    for (let time = 0; time < HOUR; time += 100) {
      const now = new Date(t0 + time);
      try {
        assertSignInAllowed(stateOf(events), now);
      } catch {
        continue;
      }
      checked++;
      const decided = signInGuardDecider.decide(failed(time), stateOf(events));
      const appended = Array.isArray(decided) ? decided : [decided];
      notices += appended.filter((e) => e.type === 'SignInFailed' && e.data.noticeDue).length;
      events = [...events, ...appended];
    }
    expect(checked).toBeLessThanOrEqual(30);
    expect(events).toHaveLength(checked);
    expect(notices).toBe(1);
    // However long the attack went on, the owner waits at most five minutes.
    const state = stateOf(events);
    const lastFailure = Date.parse(state.lastFailureAt ?? '');
    expect(
      signInAllowedAt(state, new Date(lastFailure)).getTime() - lastFailure,
    ).toBeLessThanOrEqual(5 * MINUTE);
  });
});

describe('the failed sign-in texts', () => {
  it('say when to try again, in seconds or minutes', () => {
    expect(tooManyFailedSignIns(1)).toBe(
      'Too many failed sign-ins for this account. Try again in 1 second.',
    );
    expect(tooManyFailedSignIns(42)).toBe(
      'Too many failed sign-ins for this account. Try again in 42 seconds.',
    );
    expect(tooManyFailedSignIns(60)).toBe(
      'Too many failed sign-ins for this account. Try again in 1 minute.',
    );
    expect(tooManyFailedSignIns(256)).toBe(
      'Too many failed sign-ins for this account. Try again in 5 minutes.',
    );
  });

  it('mail the owner how many attempts failed and suggest a reset, without secrets or markup', () => {
    const mail = signInLockNoticeMail({
      ownerName: 'Asha <script>alert(1)</script>',
      failedAttempts: 6,
      at: '2026-03-01T09:05:07.123Z',
    });
    expect(mail.subject).toBe('Failed sign-in attempts on your LinkCoin account');
    expect(mail.text).toContain('There have been 6 failed attempts to sign in');
    expect(mail.text).toContain('2026-03-01 09:05 UTC');
    expect(mail.text).toContain('reset your password');
    expect(mail.text).toContain('Forgot password');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Asha &lt;script&gt;');
    const linked = signInLockNoticeMail({
      ownerName: 'Asha',
      failedAttempts: 1,
      at: '2026-03-01T09:05:07.123Z',
      forgotPasswordUrl: 'https://linkcoin.example/forgot-password',
    });
    expect(linked.text).toContain('1 failed attempt to sign in');
    expect(linked.text).toContain(
      'reset your password at https://linkcoin.example/forgot-password',
    );
  });
});

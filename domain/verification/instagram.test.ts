import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import {
  INSTAGRAM_MESSAGES,
  INSTAGRAM_REQUESTS_PER_DAY,
  INSTAGRAM_TRIES_PER_DAY,
  instagramVerificationDecider,
  statusAt,
  type InstagramVerificationEvent,
  type InstagramVerificationRequested,
} from './instagram.ts';

const given = DeciderSpecification.for(instagramVerificationDecider);
const t0 = Date.parse('2026-05-01T10:00:00.000Z');
const HOUR = 3_600_000;
const at = (ms: number, actorUserId = 'creator-1') =>
  testMetadata({ now: new Date(t0 + ms), actorUserId });
const iso = (ms: number) => new Date(t0 + ms).toISOString();

const requested = (ms = 0, requestId = 'r-1'): InstagramVerificationRequested => ({
  type: 'InstagramVerificationRequested',
  data: {
    requestId,
    userId: 'creator-1',
    profileName: 'asha.cooks',
    profileUrl: 'https://www.instagram.com/asha.cooks/',
    codeHash: `hash-${requestId}`,
    sealedCode: `sealed-${requestId}`,
    requestedAt: iso(ms),
    expiresAt: iso(ms + 5 * HOUR),
    replaces: null,
  },
});
const sent: InstagramVerificationEvent = {
  type: 'InstagramOtpSent',
  data: { requestId: 'r-1', sentBy: 'admin-1', at: iso(60_000) },
};
const request = (requestId: string) => ({
  type: 'RequestInstagramVerification' as const,
  data: {
    requestId,
    userId: 'creator-1',
    profileName: 'asha.cooks',
    codeHash: `hash-${requestId}`,
    sealedCode: `sealed-${requestId}`,
  },
});
const markSent = (requestId: string, ms: number) => ({
  type: 'MarkInstagramOtpSent' as const,
  data: { requestId },
  metadata: at(ms, 'admin-1'),
});

describe('Instagram verification', () => {
  it('opens a request valid for five hours', () => {
    given([])
      .when({ ...request('r-1'), metadata: at(0) })
      .then(requested(0));
  });

  it('answers the open request when asked again for its handle: nothing new, no new row', () => {
    given(requested(0))
      .when({ ...request('r-2'), metadata: at(30_000) })
      .thenNothingHappens();
    given([requested(0), sent])
      .when({ ...request('r-2'), metadata: at(2 * HOUR) })
      .thenNothingHappens();
    // Once it expired, a new one opens.
    given(requested(0))
      .when({ ...request('r-2'), metadata: at(5 * HOUR) })
      .then(requested(5 * HOUR, 'r-2'));
  });

  it('replaces an open request for another handle, at most once a minute', () => {
    const other = (requestId: string) => ({
      ...request(requestId),
      data: { ...request(requestId).data, profileName: 'asha.bakes' },
    });
    given(requested(0))
      .when({ ...other('r-2'), metadata: at(30_000) })
      .thenRefused('rate_limited', 'Please wait 30 seconds before requesting another OTP.');
    given(requested(0))
      .when({ ...other('r-2'), metadata: at(2 * 60_000) })
      .then({
        ...requested(2 * 60_000, 'r-2'),
        data: {
          ...requested(2 * 60_000, 'r-2').data,
          profileName: 'asha.bakes',
          profileUrl: 'https://www.instagram.com/asha.bakes/',
          replaces: 'r-1',
        },
      });
  });

  it(`records at most ${INSTAGRAM_REQUESTS_PER_DAY} requests an account in any 24 hours`, () => {
    // Two handles in turn, each new request replacing the open one, two minutes apart.
    const handleOf = (n: number) => (n % 2 === 0 ? 'asha.cooks' : 'asha.bakes');
    const day = Array.from({ length: INSTAGRAM_REQUESTS_PER_DAY }, (_, n) => {
      const event = requested(n * 2 * 60_000, `r-${n}`);
      return { ...event, data: { ...event.data, profileName: handleOf(n) } };
    });
    const ask = (ms: number) => ({
      ...request('r-x'),
      data: { ...request('r-x').data, profileName: handleOf(INSTAGRAM_REQUESTS_PER_DAY) },
      metadata: at(ms),
    });
    given(day)
      .when(ask(INSTAGRAM_REQUESTS_PER_DAY * 2 * 60_000))
      .thenRefused('rate_limited', INSTAGRAM_MESSAGES.tooManyRequests('24 hours'));
    given(day)
      .when(ask(24 * HOUR))
      .thenState((state) => expect(state.current?.requestId).toBe('r-x'));
  });

  it('refuses a code typed before the desk sent it, without using a try', () => {
    given(requested(0))
      .when({ type: 'VerifyInstagramOtp', data: { codeHash: 'hash-r-1' }, metadata: at(HOUR) })
      .thenRefused('conflict', INSTAGRAM_MESSAGES.notSentYet);
    given(requested(0))
      .when({ type: 'VerifyInstagramOtp', data: { codeHash: 'wrong' }, metadata: at(HOUR) })
      .thenRefused('conflict', INSTAGRAM_MESSAGES.notSentYet);
  });

  it(`stops wrong codes at ${INSTAGRAM_TRIES_PER_DAY} an account in any 24 hours, across requests`, () => {
    const history: InstagramVerificationEvent[] = [];
    for (let n = 0; n < INSTAGRAM_TRIES_PER_DAY / 5; n++) {
      const requestId = `r-${n}`;
      history.push(requested(n * 6 * HOUR, requestId), {
        type: 'InstagramOtpSent',
        data: { requestId, sentBy: 'admin-1', at: iso(n * 6 * HOUR + 1) },
      });
      for (let tried = 1; tried <= 5; tried++) {
        history.push({
          type: 'InstagramVerificationAttemptFailed',
          data: { requestId, failedAttempts: tried, at: iso(n * 6 * HOUR + 2) },
        });
      }
    }
    const next = (INSTAGRAM_TRIES_PER_DAY / 5) * 6 * HOUR;
    const fresh = [
      ...history,
      requested(next, 'r-new'),
      {
        type: 'InstagramOtpSent',
        data: { requestId: 'r-new', sentBy: 'admin-1', at: iso(next + 1) },
      } as InstagramVerificationEvent,
    ];
    given(fresh)
      .when({ type: 'VerifyInstagramOtp', data: { codeHash: 'wrong' }, metadata: at(next + 2) })
      .thenRefused('rate_limited', INSTAGRAM_MESSAGES.tooManyTries('12 hours'));
  });

  it('derives the link from the handle, whatever the request carried', () => {
    given([])
      .when({
        ...request('r-1'),
        data: { ...request('r-1').data, profileName: ' @Asha.Cooks' },
        metadata: at(0),
      })
      .thenState((state) =>
        expect(state.current?.profileUrl).toBe('https://www.instagram.com/asha.cooks/'),
      );
    const command = { ...request('r-1'), metadata: at(0) };
    // A client's link smuggled into the command is not what the event records.
    const smuggled = {
      ...command,
      data: { ...command.data, profileUrl: 'javascript:alert(document.cookie)' },
    };
    given([])
      .when(smuggled)
      .thenState((state) =>
        expect(state.current?.profileUrl).toBe('https://www.instagram.com/asha.cooks/'),
      );
    expect(
      instagramVerificationDecider.decide(smuggled, fold(instagramVerificationDecider, [])),
    ).toMatchObject({ data: { profileUrl: 'https://www.instagram.com/asha.cooks/' } });
  });

  it('reads an old request with a client link as the link of its handle', () => {
    const old = requested(0);
    const withClientLink = (profileUrl: string, profileName = 'asha.cooks') => ({
      ...old,
      data: { ...old.data, profileName, profileUrl },
    });
    for (const link of ['javascript:alert(document.cookie)', 'https://instagram.com/another']) {
      const state = fold(instagramVerificationDecider, [withClientLink(link)]);
      expect(state.current?.profileUrl).toBe('https://www.instagram.com/asha.cooks/');
    }
    // A handle that is no username has no link at all.
    const state = fold(instagramVerificationDecider, [
      withClientLink('https://instagram.com/another', 'Asha Cooks <b>'),
    ]);
    expect(state.current?.profileUrl).toBe('');
  });

  it('refuses a handle that is no Instagram username', () => {
    const message =
      'Enter an Instagram username (letters, digits, dots and underscores, at most 30).';
    for (const profileName of ['asha cooks', 'javascript:alert(1)', 'a/b', 'x'.repeat(31), '@']) {
      given([])
        .when({ ...request('r-1'), data: { ...request('r-1').data, profileName }, metadata: at(0) })
        .thenRefused('validation', message);
    }
  });

  it('is marked sent by an admin, once', () => {
    given(requested(0)).when(markSent('r-1', 60_000)).then(sent);
    given([requested(0), sent])
      .when(markSent('r-1', 90_000))
      .thenNothingHappens();
    given([]).when(markSent('r-1', 0)).thenRefused('not_found', 'No OTP found for this user');
  });

  it('refuses to mark sent a request that a newer one replaced, leaving the newer alone', () => {
    const replaced = [requested(0), requested(2 * 60_000, 'r-2')];
    given(replaced)
      .when(markSent('r-1', 3 * 60_000))
      .thenRefused(
        'conflict',
        'This code was replaced by a newer request. Refresh and send the newer code.',
      );
    given(replaced)
      .when(markSent('r-2', 3 * 60_000))
      .then({
        type: 'InstagramOtpSent',
        data: { requestId: 'r-2', sentBy: 'admin-1', at: iso(3 * 60_000) },
      });
    given([requested(0), sent])
      .when(markSent('r-1', 5 * HOUR))
      .thenRefused('conflict', 'This OTP has expired. Please request a new one.');
  });

  it('verifies the account when the creator types the right code', () => {
    given([requested(0), sent])
      .when({ type: 'VerifyInstagramOtp', data: { codeHash: 'hash-r-1' }, metadata: at(HOUR) })
      .then({
        type: 'InstagramAccountVerified',
        data: {
          requestId: 'r-1',
          userId: 'creator-1',
          profileName: 'asha.cooks',
          profileUrl: 'https://www.instagram.com/asha.cooks/',
          at: iso(HOUR),
        },
      });
  });

  it('counts wrong codes and stops after five', () => {
    given([requested(0), sent])
      .when({ type: 'VerifyInstagramOtp', data: { codeHash: 'wrong' }, metadata: at(HOUR) })
      .then({
        type: 'InstagramVerificationAttemptFailed',
        data: { requestId: 'r-1', failedAttempts: 1, at: iso(HOUR) },
      });
    const fails = [1, 2, 3, 4, 5].map((n): InstagramVerificationEvent => ({
      type: 'InstagramVerificationAttemptFailed',
      data: { requestId: 'r-1', failedAttempts: n, at: iso(HOUR) },
    }));
    given([requested(0), sent, ...fails])
      .when({ type: 'VerifyInstagramOtp', data: { codeHash: 'hash-r-1' }, metadata: at(HOUR) })
      .thenRefused('rate_limited', 'Too many wrong attempts. Please request a new OTP.');
  });

  it('refuses a code after five hours, and when none was requested', () => {
    given([requested(0), sent])
      .when({ type: 'VerifyInstagramOtp', data: { codeHash: 'hash-r-1' }, metadata: at(5 * HOUR) })
      .thenRefused('validation', 'This OTP has expired. Please request a new one.');
    given([])
      .when({ type: 'VerifyInstagramOtp', data: { codeHash: 'x' }, metadata: at(0) })
      .thenRefused('not_found', 'No OTP found for this user');
  });

  it('expires an open code after five hours, and only then', () => {
    given([requested(0), sent])
      .when({
        type: 'ExpireInstagramVerification',
        data: { requestId: 'r-1' },
        metadata: at(5 * HOUR),
      })
      .then({
        type: 'InstagramVerificationExpired',
        data: { requestId: 'r-1', at: iso(5 * HOUR) },
      });
    given([requested(0), sent])
      .when({
        type: 'ExpireInstagramVerification',
        data: { requestId: 'r-1' },
        metadata: at(4 * HOUR),
      })
      .thenNothingHappens();
    given([requested(0), requested(2 * 60_000, 'r-2')])
      .when({
        type: 'ExpireInstagramVerification',
        data: { requestId: 'r-1' },
        metadata: at(6 * HOUR),
      })
      .thenNothingHappens();
  });

  it('refuses to verify a handle twice', () => {
    const verified: InstagramVerificationEvent = {
      type: 'InstagramAccountVerified',
      data: {
        requestId: 'r-1',
        userId: 'creator-1',
        profileName: 'asha.cooks',
        profileUrl: 'x',
        at: iso(HOUR),
      },
    };
    given([requested(0), verified])
      .when({ ...request('r-2'), metadata: at(2 * HOUR) })
      .thenRefused('conflict', 'This account is already verified.');
  });

  it('reads an open code as expired once its five hours are over', () => {
    const state = fold(instagramVerificationDecider, [requested(0)]);
    expect(statusAt(state.current!, new Date(t0 + HOUR))).toBe('pending');
    expect(statusAt(state.current!, new Date(t0 + 5 * HOUR))).toBe('expired');
  });
});

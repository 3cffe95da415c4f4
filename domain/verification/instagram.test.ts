import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import {
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
    profileUrl: 'https://instagram.com/asha.cooks',
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
    profileUrl: 'https://instagram.com/asha.cooks',
    codeHash: `hash-${requestId}`,
    sealedCode: `sealed-${requestId}`,
  },
});

describe('Instagram verification', () => {
  it('opens a request valid for five hours', () => {
    given([])
      .when({ ...request('r-1'), metadata: at(0) })
      .then(requested(0));
  });

  it('replaces an open request with a new one, at most once a minute', () => {
    given(requested(0))
      .when({ ...request('r-2'), metadata: at(30_000) })
      .thenRefused('rate_limited', 'Please wait 30 seconds before requesting another OTP.');
    given(requested(0))
      .when({ ...request('r-2'), metadata: at(2 * 60_000) })
      .then({
        ...requested(2 * 60_000, 'r-2'),
        data: { ...requested(2 * 60_000, 'r-2').data, replaces: 'r-1' },
      });
  });

  it('is marked sent by an admin, once', () => {
    given(requested(0))
      .when({ type: 'MarkInstagramOtpSent', data: {}, metadata: at(60_000, 'admin-1') })
      .then(sent);
    given([requested(0), sent])
      .when({ type: 'MarkInstagramOtpSent', data: {}, metadata: at(90_000, 'admin-1') })
      .thenNothingHappens();
    given([])
      .when({ type: 'MarkInstagramOtpSent', data: {}, metadata: at(0, 'admin-1') })
      .thenRefused('not_found', 'No OTP found for this user');
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
          profileUrl: 'https://instagram.com/asha.cooks',
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

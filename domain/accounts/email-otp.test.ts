import { describe, expect, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import {
  emailOtpDecider,
  otpStatus,
  type EmailOtpEvent,
  type OtpIssued,
  type OtpVerified,
} from './email-otp.ts';
import { fold } from '../shared/decider.ts';

const given = DeciderSpecification.for(emailOtpDecider);
const email = 'asha@example.in';
const t0 = Date.parse('2026-03-01T09:00:00.000Z');
const at = (offsetMs: number) => testMetadata({ now: new Date(t0 + offsetMs) });
const iso = (offsetMs: number) => new Date(t0 + offsetMs).toISOString();
const MIN = 60 * 1000;

const issued = (offsetMs = 0, codeHash = 'hash-123456'): OtpIssued => ({
  type: 'OtpIssued',
  data: {
    email,
    purpose: 'registration',
    codeHash,
    issuedAt: iso(offsetMs),
    expiresAt: iso(offsetMs + 10 * MIN),
  },
});
const failed = (n: number): EmailOtpEvent => ({
  type: 'OtpAttemptFailed',
  data: { email, failedAttempts: n, at: iso(n * 1000) },
});
const verified: OtpVerified = {
  type: 'OtpVerified',
  data: {
    email,
    purpose: 'registration',
    verificationHash: 'v-1',
    at: iso(MIN),
    validUntil: iso(16 * MIN),
  },
};

describe('e-mail one-time codes', () => {
  it('issues a code valid for 10 minutes', () => {
    given([])
      .when({
        type: 'IssueOtp',
        data: { email, purpose: 'registration', codeHash: 'hash-123456' },
        metadata: at(0),
      })
      .then(issued(0));
  });

  it('throttles a resend within a minute, saying how long to wait', () => {
    given(issued(0))
      .when({
        type: 'IssueOtp',
        data: { email, purpose: 'registration', codeHash: 'h2' },
        metadata: at(20_000),
      })
      .thenRefused('rate_limited', 'Please wait 40 seconds before requesting another OTP.');
    given(issued(0))
      .when({
        type: 'IssueOtp',
        data: { email, purpose: 'registration', codeHash: 'h2' },
        metadata: at(MIN),
      })
      .then(issued(MIN, 'h2'));
  });

  it('caps the codes sent to one address at five an hour', () => {
    const five = [0, 2, 4, 6, 8].map((m) => issued(m * MIN, `h${m}`));
    given(five)
      .when({
        type: 'IssueOtp',
        data: { email, purpose: 'registration', codeHash: 'h9' },
        metadata: at(10 * MIN),
      })
      .thenRefused('rate_limited', /Too many OTP requests/);
    given(five)
      .when({
        type: 'IssueOtp',
        data: { email, purpose: 'registration', codeHash: 'h9' },
        metadata: at(61 * MIN),
      })
      .then(issued(61 * MIN, 'h9'));
  });

  it('verifies the right code and records a verification', () => {
    given(issued(0))
      .when({
        type: 'VerifyOtp',
        data: { email, codeHash: 'hash-123456', verificationHash: 'v-1' },
        metadata: at(MIN),
      })
      .then(verified);
  });

  it('counts a wrong code instead of refusing it silently', () => {
    given([issued(0), failed(1)])
      .when({
        type: 'VerifyOtp',
        data: { email, codeHash: 'wrong', verificationHash: 'v-1' },
        metadata: at(MIN),
      })
      .then({ type: 'OtpAttemptFailed', data: { email, failedAttempts: 2, at: iso(MIN) } });
  });

  it('refuses any code after five wrong tries, even the right one', () => {
    given([issued(0), failed(1), failed(2), failed(3), failed(4), failed(5)])
      .when({
        type: 'VerifyOtp',
        data: { email, codeHash: 'hash-123456', verificationHash: 'v' },
        metadata: at(MIN),
      })
      .thenRefused('rate_limited', 'Too many wrong attempts. Please request a new OTP.');
  });

  it('refuses an expired code', () => {
    given(issued(0))
      .when({
        type: 'VerifyOtp',
        data: { email, codeHash: 'hash-123456', verificationHash: 'v' },
        metadata: at(10 * MIN),
      })
      .thenRefused('validation', 'This OTP has expired. Please request a new one.');
  });

  it('refuses verifying when no code was sent, or verifying a code twice', () => {
    given([])
      .when({
        type: 'VerifyOtp',
        data: { email, codeHash: 'x', verificationHash: 'v' },
        metadata: at(0),
      })
      .thenRefused('not_found');
    given([issued(0), verified])
      .when({
        type: 'VerifyOtp',
        data: { email, codeHash: 'hash-123456', verificationHash: 'v2' },
        metadata: at(2 * MIN),
      })
      .thenRefused('conflict', 'This OTP has already been used. Please request a new one.');
  });

  it('lets a verification be used once, for its purpose, within 15 minutes', () => {
    given([issued(0), verified])
      .when({
        type: 'ConsumeVerification',
        data: { email, purpose: 'registration', verificationHash: 'v-1' },
        metadata: at(2 * MIN),
      })
      .then({
        type: 'VerificationConsumed',
        data: { email, purpose: 'registration', verificationHash: 'v-1', at: iso(2 * MIN) },
      });
    const consumed: EmailOtpEvent = {
      type: 'VerificationConsumed',
      data: { email, purpose: 'registration', verificationHash: 'v-1', at: iso(2 * MIN) },
    };
    given([issued(0), verified, consumed])
      .when({
        type: 'ConsumeVerification',
        data: { email, purpose: 'registration', verificationHash: 'v-1' },
        metadata: at(3 * MIN),
      })
      .thenRefused(
        'conflict',
        'This email verification has already been used. Please verify again.',
      );
    given([issued(0), verified])
      .when({
        type: 'ConsumeVerification',
        data: { email, purpose: 'password_reset', verificationHash: 'v-1' },
        metadata: at(2 * MIN),
      })
      .thenRefused('validation');
    given([issued(0), verified])
      .when({
        type: 'ConsumeVerification',
        data: { email, purpose: 'registration', verificationHash: 'forged' },
        metadata: at(2 * MIN),
      })
      .thenRefused('validation', 'Please verify your email address with the OTP first.');
    given([issued(0), verified])
      .when({
        type: 'ConsumeVerification',
        data: { email, purpose: 'registration', verificationHash: 'v-1' },
        metadata: at(16 * MIN),
      })
      .thenRefused('validation');
  });

  it('answers a status that never contains the code', () => {
    const state = (events: EmailOtpEvent[]) => fold(emailOtpDecider, events);
    expect(otpStatus(state([]), new Date(t0))).toBe('none');
    expect(otpStatus(state([issued(0)]), new Date(t0 + MIN))).toBe('pending');
    expect(otpStatus(state([issued(0)]), new Date(t0 + 11 * MIN))).toBe('expired');
    expect(otpStatus(state([issued(0), verified]), new Date(t0 + 2 * MIN))).toBe('verified');
    expect(
      otpStatus(
        state([issued(0), failed(1), failed(2), failed(3), failed(4), failed(5)]),
        new Date(t0 + MIN),
      ),
    ).toBe('expired');
  });
});

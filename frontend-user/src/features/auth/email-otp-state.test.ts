import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  emailOtpReducer,
  initialEmailOtpState,
  sendOtpErrorMessage,
  verifyOtpErrorMessage,
} from './email-otp-state';

describe('e-mail code steps', () => {
  it('go from sent to verified with the verification token', () => {
    const sent = emailOtpReducer(initialEmailOtpState, { type: 'sent' });
    const typed = emailOtpReducer(sent, { type: 'otpChanged', otp: '123456' });
    const verified = emailOtpReducer(typed, { type: 'verified', verificationToken: 'v' });
    expect(verified).toEqual({
      sent: true,
      verified: true,
      otp: '123456',
      verificationToken: 'v',
      error: null,
    });
  });

  it('clear the error when the code is edited', () => {
    const failed = emailOtpReducer(initialEmailOtpState, { type: 'failed', error: 'Wrong' });
    expect(emailOtpReducer(failed, { type: 'otpChanged', otp: '1' }).error).toBeNull();
  });

  it('reset everything (a role switch, another address)', () => {
    const verified = emailOtpReducer(
      { ...initialEmailOtpState, sent: true, otp: '1' },
      { type: 'verified', verificationToken: 'v' },
    );
    expect(emailOtpReducer(verified, { type: 'reset' })).toEqual(initialEmailOtpState);
  });
});

describe('code messages', () => {
  it('name a registered address on a 404 when registering, an unknown one when resetting', () => {
    const notFound = new ApiError(404, 'whatever the server said');
    expect(sendOtpErrorMessage('registration', notFound)).toBe(
      'Email already registered. Please login instead.',
    );
    expect(sendOtpErrorMessage('password_reset', notFound)).toBe(
      'No user found with this email address',
    );
  });

  it("show the server's message otherwise, or the spec's default", () => {
    const wait = new ApiError(429, 'Please wait 42 seconds before requesting another OTP.');
    expect(sendOtpErrorMessage('registration', wait)).toBe(
      'Please wait 42 seconds before requesting another OTP.',
    );
    expect(sendOtpErrorMessage('registration', new ApiError(0, null))).toBe(
      'Failed to send OTP. Please try again.',
    );
  });

  it('explain a wrong, expired or unverifiable code', () => {
    expect(verifyOtpErrorMessage(new ApiError(400, null))).toBe('Invalid OTP. Please try again.');
    expect(verifyOtpErrorMessage(new ApiError(410, 'This OTP has expired.'))).toBe(
      'This OTP has expired.',
    );
    expect(verifyOtpErrorMessage(new Error('offline'))).toBe(
      'OTP verification failed. Please try again.',
    );
  });
});

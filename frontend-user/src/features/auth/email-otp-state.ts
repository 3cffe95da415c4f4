import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import { errorMessage, errorStatus } from '../../lib/api-client';

/**
 * The e-mail code steps of registration and password reset. The server compares the code and
 * answers a verification token (DESIGN 5.1); the browser never sees the code it mailed.
 */
export type EmailOtpState = {
  sent: boolean;
  verified: boolean;
  /** What the person typed; no length limit (docs/product-spec.md section 5). */
  otp: string;
  verificationToken: string | null;
  error: string | null;
};

export type EmailOtpAction =
  | { type: 'sent' }
  | { type: 'verified'; verificationToken: string }
  | { type: 'otpChanged'; otp: string }
  | { type: 'failed'; error: string }
  | { type: 'errorCleared' }
  | { type: 'reset' };

export const initialEmailOtpState: EmailOtpState = {
  sent: false,
  verified: false,
  otp: '',
  verificationToken: null,
  error: null,
};

export function emailOtpReducer(state: EmailOtpState, action: EmailOtpAction): EmailOtpState {
  switch (action.type) {
    case 'sent':
      return { ...state, sent: true, error: null };
    case 'verified':
      return { ...state, verified: true, verificationToken: action.verificationToken, error: null };
    case 'otpChanged':
      // Editing the code clears the code's error (docs/product-spec.md section 5).
      return { ...state, otp: action.otp, error: null };
    case 'failed':
      return { ...state, error: action.error };
    case 'errorCleared':
      return { ...state, error: null };
    case 'reset':
      return initialEmailOtpState;
  }
}

export type OtpPurpose = 'registration' | 'password_reset';

/** docs/product-spec.md section 8: a 404 has its own text per flow; anything else shows the server's message. */
export function sendOtpErrorMessage(purpose: OtpPurpose, error: unknown): string {
  if (errorStatus(error) === 404) {
    return purpose === 'registration' ? M.emailAlreadyRegistered : M.noUserWithEmail;
  }
  return errorMessage(error, M.sendOtpFailed);
}

/** A wrong code answers 400 "Invalid OTP. Please try again."; expired, used… carry their own. */
export function verifyOtpErrorMessage(error: unknown): string {
  if (errorStatus(error) === 400) return errorMessage(error, M.invalidOtp);
  return errorMessage(error, M.otpVerificationFailed);
}

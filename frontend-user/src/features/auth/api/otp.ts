import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer, VerifyOtpAnswer } from '@linkcoin/domain/accounts/contracts.ts';
import { normaliseEmail } from '@linkcoin/domain/accounts/contracts.ts';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/otp/send-otp: a registration code to a new address (404: already registered). */
export const sendRegistrationOtp = (email: string) =>
  apiRequest<MessageAnswer>('/otp/send-otp', { method: 'POST', body: { userId: email.trim() } });

/** POST /api/otp/send-otpFP: a password reset code, to the lower-cased address (404: no user). */
export const sendPasswordResetOtp = (email: string) =>
  apiRequest<MessageAnswer>('/otp/send-otpFP', {
    method: 'POST',
    body: { userId: normaliseEmail(email) },
  });

export type VerifyOtpInput = { email: string; otp: string };

/**
 * POST /api/otp/verify: the server compares the code (it never comes to the browser) and answers
 * a short-lived verification token that registration or the password reset then carries.
 */
export const verifyOtp = ({ email, otp }: VerifyOtpInput) =>
  apiRequest<VerifyOtpAnswer>('/otp/verify', {
    method: 'POST',
    body: { userId: email.trim(), otp: otp.trim() },
  });

// Mailing and checking codes change nothing the app caches: the hooks only carry the calls.

export function useSendRegistrationOtp({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof sendRegistrationOtp> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendRegistrationOtp });
}

export function useSendPasswordResetOtp({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof sendPasswordResetOtp> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: sendPasswordResetOtp });
}

export function useVerifyOtp({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof verifyOtp> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: verifyOtp });
}

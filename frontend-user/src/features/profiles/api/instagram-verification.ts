import { queryOptions } from '@tanstack/react-query';
import type { InstagramOtpStatus } from '@linkcoin/domain/verification/instagram.ts';
import { apiRequest, errorStatus } from '../../../lib/api-client';

export type InstagramVerificationStatus = {
  status: InstagramOtpStatus;
  profileName: string;
  profileUrl: string;
  requestedAt: string;
  expiresAt: string;
};

type StatusAnswer = InstagramVerificationStatus & { success: boolean };
type VerificationAnswer = { success: boolean; message: string; status: InstagramOtpStatus };

/**
 * GET /api/pageowners/get-by-userid: the user's current Instagram code request (never the code
 * itself), or null when there is none ("No OTP found for this user").
 */
export const instagramStatusQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['instagram-verification', userId],
    queryFn: async ({ signal }): Promise<InstagramVerificationStatus | null> => {
      try {
        const answer = await apiRequest<StatusAnswer>(
          `/pageowners/get-by-userid?userId=${encodeURIComponent(userId)}`,
          { auth: true, signal },
        );
        return {
          status: answer.status,
          profileName: answer.profileName,
          profileUrl: answer.profileUrl,
          requestedAt: answer.requestedAt,
          expiresAt: answer.expiresAt,
        };
      } catch (error) {
        if (errorStatus(error) === 404) return null;
        throw error;
      }
    },
    staleTime: 0,
  });

/** POST /api/pageowners/store: asks for a code, which an admin sends by direct message. */
export const requestInstagramOtp = (input: {
  userId: string;
  profileName: string;
  profileUrl: string;
}) =>
  apiRequest<VerificationAnswer>('/pageowners/store', { method: 'POST', body: input, auth: true });

/** PUT /api/pageowners/send-status with the typed code: the server compares it. */
export const verifyInstagramOtp = (userId: string, otp: string) =>
  apiRequest<VerificationAnswer>('/pageowners/send-status', {
    method: 'PUT',
    body: { userId, status: 'verified', otp },
    auth: true,
  });

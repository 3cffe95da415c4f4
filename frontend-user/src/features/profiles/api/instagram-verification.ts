import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstagramOtpStatus } from '@linkcoin/domain/verification/instagram.ts';
import { apiRequest, errorStatus } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { profileQueryKey } from './profile';

export type InstagramVerificationStatus = {
  status: InstagramOtpStatus;
  profileName: string;
  profileUrl: string;
  requestedAt: string;
  expiresAt: string;
};

type StatusAnswer = InstagramVerificationStatus & { success: boolean };
type VerificationAnswer = { success: boolean; message: string; status: InstagramOtpStatus };

const instagramStatusQueryKey = (userId: string) => ['instagram-verification', userId] as const;

/**
 * GET /api/pageowners/get-by-userid: the user's current Instagram code request (never the code
 * itself), or null when there is none ("No OTP found for this user").
 */
export const instagramStatusQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: instagramStatusQueryKey(userId),
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

export type RequestInstagramOtpInput = { userId: string; profileName: string };

/**
 * POST /api/pageowners/store: asks for a code, which an admin sends by direct message. No
 * profileUrl is sent: the link an admin is shown comes from the handle on the saved profile, never
 * from what a browser says.
 */
export const requestInstagramOtp = (input: RequestInstagramOtpInput) =>
  apiRequest<VerificationAnswer>('/pageowners/store', { method: 'POST', body: input, auth: true });

/** Asking for a code opens a new request: the status is read again (its requestedAt too). */
export function useRequestInstagramOtp({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof requestInstagramOtp> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: requestInstagramOtp,
    onSuccess: async (answer, input, ...args) => {
      await queryClient.invalidateQueries({ queryKey: instagramStatusQueryKey(input.userId) });
      return onSuccess?.(answer, input, ...args);
    },
  });
}

export type VerifyInstagramOtpInput = { userId: string; otp: string };

/** PUT /api/pageowners/send-status with the typed code: the server compares it. */
export const verifyInstagramOtp = ({ userId, otp }: VerifyInstagramOtpInput) =>
  apiRequest<VerificationAnswer>('/pageowners/send-status', {
    method: 'PUT',
    body: { userId, status: 'verified', otp },
    auth: true,
  });

/**
 * The typed code. A right one closes the request and verifies the account on the profile; a
 * wrong one counts an attempt: the status is read again either way.
 */
export function useVerifyInstagramOtp({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof verifyInstagramOtp> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, onSettled, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: verifyInstagramOtp,
    onSuccess: (answer, input, ...args) => {
      // Marked out of date: the wizard reads the profile again itself, other views on next use.
      void queryClient.invalidateQueries({
        queryKey: profileQueryKey(input.userId),
        refetchType: 'none',
      });
      return onSuccess?.(answer, input, ...args);
    },
    onSettled: async (answer, error, input, ...args) => {
      await queryClient.invalidateQueries({ queryKey: instagramStatusQueryKey(input.userId) });
      return onSettled?.(answer, error, input, ...args);
    },
  });
}

export type DeskReviewInput = {
  userId: string;
  platform: 'instagram' | 'youtube';
  handle: string;
  /** What the creator tells the desk (may be empty). */
  message: string;
};

/**
 * POST /api/pageowners/handle-disputes: asks the verification desk to look at an account another
 * creator holds. Asking again while the request is open answers that one.
 */
export const askDeskReview = (input: DeskReviewInput) =>
  apiRequest<{ success: boolean; message: string; disputeId: string }>(
    '/pageowners/handle-disputes',
    { method: 'POST', body: input, auth: true },
  );

export function useAskDeskReview({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof askDeskReview> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: askDeskReview });
}

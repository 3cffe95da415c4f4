import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel } from '@linkcoin/domain/verification/youtube.ts';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { profileQueryKey } from './profile';

/** The Google scope the token client asks for: read-only access to the user's YouTube data. */
export const YOUTUBE_READONLY_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';

export type VerifyYouTubeInput = { userId: string; handle: string; accessToken: string };

/**
 * POST /api/pageowners/verify-youtube: the server checks that the handle's channel is the one the
 * Google access token signs in to, and answers "✅ Verified: {channel} ({n} subscribers)".
 */
export const verifyYouTubeChannel = (input: VerifyYouTubeInput) =>
  apiRequest<{ success: boolean; message: string; channel: Channel }>(
    '/pageowners/verify-youtube',
    { method: 'POST', body: input, auth: true },
  );

/** The YouTube check; a verified channel changes the profile (verified, subscriber count). */
export function useVerifyYouTubeChannel({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof verifyYouTubeChannel> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: verifyYouTubeChannel,
    onSuccess: (answer, input, ...args) => {
      // Marked out of date: the wizard reads the profile again itself, other views on next use.
      void queryClient.invalidateQueries({
        queryKey: profileQueryKey(input.userId),
        refetchType: 'none',
      });
      return onSuccess?.(answer, input, ...args);
    },
  });
}

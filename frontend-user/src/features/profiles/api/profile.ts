import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProfileUpdateRequest, ProfileView } from '@linkcoin/domain/profiles/contracts.ts';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** Every cached copy of one user's profile, whoever looked at it. */
export const profileQueryKey = (userId: string) => ['profiles', userId] as const;

/**
 * GET /api/pageowners/user/{userId}, with the bearer token when signed in: e-mail, mobile and
 * WhatsApp come back only for the owner and admins, so the viewer is part of the key.
 */
export const profileQueryOptions = (userId: string, viewerId: string | null) =>
  queryOptions({
    queryKey: [...profileQueryKey(userId), viewerId ?? 'visitor'],
    queryFn: ({ signal }) =>
      apiRequest<{ success: boolean; data: ProfileView }>(
        `/pageowners/user/${encodeURIComponent(userId)}`,
        { auth: true, signal },
      ).then((answer) => answer.data),
  });

export type UpdateProfileAnswer = { success: boolean; message: string; user: ProfileView };
export type UpdateProfileInput = { userId: string; payload: ProfileUpdateRequest };

/** PUT /api/pageowners/updateUser/{userId}: the whole wizard; answers the saved profile. */
export const updateProfile = ({ userId, payload }: UpdateProfileInput) =>
  apiRequest<UpdateProfileAnswer>(`/pageowners/updateUser/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body: payload,
    auth: true,
  });

/**
 * Keeps the cache in step with a profile the owner just saved or re-read: every viewer's copy is
 * out of date (marked, refetched when next used), and the owner's own copy is the answer itself.
 */
export function rememberOwnProfile(
  queryClient: QueryClient,
  userId: string,
  profile: ProfileView,
): void {
  void queryClient.invalidateQueries({ queryKey: profileQueryKey(userId), refetchType: 'none' });
  queryClient.setQueryData(profileQueryOptions(userId, userId).queryKey, profile);
}

/** The wizard's save, as a mutation that updates the cached profile with the server's answer. */
export function useUpdateProfile({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updateProfile> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateProfile,
    onSuccess: (answer, input, ...args) => {
      rememberOwnProfile(queryClient, input.userId, answer.user);
      return onSuccess?.(answer, input, ...args);
    },
  });
}

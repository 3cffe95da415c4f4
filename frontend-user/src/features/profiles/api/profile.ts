import { queryOptions } from '@tanstack/react-query';
import type { ProfileUpdateRequest, ProfileView } from '@linkcoin/domain/profiles/contracts.ts';
import { apiRequest } from '../../../lib/api-client';

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

/** PUT /api/pageowners/updateUser/{userId}: the whole wizard; answers the saved profile. */
export const updateProfile = (userId: string, payload: ProfileUpdateRequest) =>
  apiRequest<UpdateProfileAnswer>(`/pageowners/updateUser/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body: payload,
    auth: true,
  });

import { queryOptions, useMutation } from '@tanstack/react-query';
import type { StoreTokenRequest } from '@linkcoin/domain/messaging/contracts.ts';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** GET /api/notifications/public-key: the server's VAPID key for push subscriptions. */
export const pushPublicKeyQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'public-key'],
    queryFn: ({ signal }) =>
      apiRequest<{ success: true; publicKey: string }>('/notifications/public-key', {
        signal,
      }).then((answer) => answer.publicKey),
    staleTime: Infinity,
  });

/** POST /api/notifications/store-token: the browser's push subscription (the spec's token). */
export const storePushToken = (input: StoreTokenRequest) =>
  apiRequest<{ success: true; message: string }>('/notifications/store-token', {
    method: 'POST',
    auth: true,
    body: input,
  });

export function useStorePushToken({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof storePushToken> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: storePushToken });
}

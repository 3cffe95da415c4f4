import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CollectionAnswer,
  CollectionChangeAnswer,
  CollectionEntry,
  RenewalAnswer,
} from '@linkcoin/domain/collections/contracts.ts';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { walletQueryKey } from '../../wallet';
import { conversationQueryKey } from '../../../lib/query-keys';

/** Every cached copy of one user's list. */
export const collectionQueryKey = (userId: string) => ['collection', userId] as const;

/**
 * GET /api/collection/users/{userId}: the user's connections, newest activity first (the creators
 * they added and the brands who added them), each with its last message, unread count and expiry.
 */
export const collectionQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: collectionQueryKey(userId),
    queryFn: ({ signal }) =>
      apiRequest<CollectionAnswer>(`/collection/users/${encodeURIComponent(userId)}`, {
        auth: true,
        signal,
      }).then((answer) => answer.collections),
  });

/** The list's entry for `connectedUserId`, or null when that user is not on it. */
export function entryFor(
  entries: readonly CollectionEntry[] | undefined,
  connectedUserId: string,
): CollectionEntry | null {
  return entries?.find((entry) => entry.user._id === connectedUserId) ?? null;
}

export type CollectionChange = Readonly<{ userId: string; targetUserId: string }>;
/** A change that spends a coin: one key per confirmed action, so a retry never pays twice. */
export type PaidCollectionChange = CollectionChange & Readonly<{ idempotencyKey: string }>;

/** POST /api/collection/users/add: 1 LinkCoin, 7 days of chat (`Target User ID added successfully`). */
export const addToCollection = ({ userId, targetUserId, idempotencyKey }: PaidCollectionChange) =>
  apiRequest<CollectionChangeAnswer>('/collection/users/add', {
    method: 'POST',
    auth: true,
    body: { userId, targetUserId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** POST /api/collection/users/remove: the payer takes the connection off the list. */
export const removeFromCollection = ({ userId, targetUserId }: CollectionChange) =>
  apiRequest<CollectionChangeAnswer>('/collection/users/remove', {
    method: 'POST',
    auth: true,
    body: { userId, targetUserId },
  });

/** POST /api/collection/users/update: 1 LinkCoin, 7 more days; answers the new date. */
export const renewConnection = ({ userId, targetUserId, idempotencyKey }: PaidCollectionChange) =>
  apiRequest<RenewalAnswer>('/collection/users/update', {
    method: 'POST',
    auth: true,
    body: { userId, targetUserId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** What a change to the list makes stale: both sides' lists, the payer's wallet, the chat. */
function invalidateAfterChange(
  queryClient: QueryClient,
  { userId, targetUserId }: CollectionChange,
) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: collectionQueryKey(userId) }),
    queryClient.invalidateQueries({ queryKey: collectionQueryKey(targetUserId) }),
    queryClient.invalidateQueries({ queryKey: walletQueryKey }),
    queryClient.invalidateQueries({ queryKey: conversationQueryKey(userId, targetUserId) }),
  ]);
}

export function useAddToCollection({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof addToCollection> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: addToCollection,
    onSuccess: async (answer, input, ...args) => {
      await invalidateAfterChange(queryClient, input);
      return onSuccess?.(answer, input, ...args);
    },
  });
}

export function useRemoveFromCollection({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof removeFromCollection> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: removeFromCollection,
    onSuccess: async (answer, input, ...args) => {
      await invalidateAfterChange(queryClient, input);
      return onSuccess?.(answer, input, ...args);
    },
  });
}

export function useRenewConnection({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof renewConnection> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: renewConnection,
    onSuccess: async (answer, input, ...args) => {
      await invalidateAfterChange(queryClient, input);
      return onSuccess?.(answer, input, ...args);
    },
  });
}

import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationAnswer, MarkReadRequest } from '@linkcoin/domain/messaging/contracts.ts';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { collectionQueryOptions } from '../../collections';
import { withConnection } from '../utils/connections-cache';
import { withLiveMessages, type ConversationPages } from '../utils/conversation-cache';
import { conversationQueryKey } from '../../../lib/query-keys';

/** Messages of one conversation, as one user reads them. */
export { conversationQueryKey };

/** Messages per page. */
export const CONVERSATION_PAGE = 50;

/**
 * GET /api/messages/conversation/{userId}/{otherUserId}: the newest page first, older pages on
 * demand (`before` the oldest message's seq). Pages are kept oldest first, so the last page holds
 * the newest messages and live ones are appended to it.
 */
export const conversationQueryOptions = (userId: string, otherUserId: string) =>
  infiniteQueryOptions({
    queryKey: conversationQueryKey(userId, otherUserId),
    queryFn: async ({ pageParam, signal, client, queryKey }) => {
      const page = await apiRequest<ConversationAnswer>(
        `/messages/conversation/${encodeURIComponent(userId)}/${encodeURIComponent(otherUserId)}` +
          `?limit=${CONVERSATION_PAGE}${pageParam === null ? '' : `&before=${pageParam}`}`,
        { auth: true, signal },
      );
      // The newest page keeps what arrived live meanwhile (the history may lag the socket).
      return pageParam === null
        ? withLiveMessages(page, client.getQueryData<ConversationPages>(queryKey))
        : page;
    },
    initialPageParam: null as number | null,
    // Newer pages never exist beyond the newest: live messages are appended to it.
    getNextPageParam: () => undefined,
    getPreviousPageParam: (first) =>
      first.hasMore && first.conversation[0] ? first.conversation[0].seq : undefined,
    staleTime: 0,
  });

/** PATCH /api/messages/mark-read: the reader (receiver) has read what the sender wrote. */
export const markConversationRead = (input: MarkReadRequest) =>
  apiRequest<{ success: true; message: string; upToSeq: number }>('/messages/mark-read', {
    method: 'PATCH',
    auth: true,
    body: input,
  });

/** Marks read; the reader's list shows the connection with nothing unread at once. */
export function useMarkConversationRead({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof markConversationRead> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: markConversationRead,
    onSuccess: (answer, input, ...args) => {
      queryClient.setQueryData(collectionQueryOptions(input.receiver).queryKey, (entries) =>
        withConnection(entries, input.sender, (entry) => ({ ...entry, unreadCount: 0 })),
      );
      return onSuccess?.(answer, input, ...args);
    },
  });
}

/**
 * POST /api/notifications/send-message, which the spec's client sends after each message. The
 * server already notified the receiver; a failure is only logged.
 */
export function noticeSentMessage(input: { sender: string; receiver: string; message: string }) {
  void apiRequest('/notifications/send-message', { method: 'POST', auth: true, body: input }).catch(
    (error: unknown) => console.warn('The message notice failed', error),
  );
}

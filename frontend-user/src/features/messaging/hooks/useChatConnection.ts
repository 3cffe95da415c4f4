import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '@linkcoin/domain/messaging/contracts.ts';
import { useToast } from '../../../components/toast/useToast';
import { useAuth } from '../../../lib/auth/auth-context';
import { collectionQueryOptions } from '../../collections';
import { ChatRefusal } from '../../../lib/realtime/chat-socket';
import {
  conversationQueryKey,
  conversationQueryOptions,
  noticeSentMessage,
  useMarkConversationRead,
} from '../api/conversation';
import { useRealtime } from '../../../lib/realtime/realtime-context';
import { withMessage as listWithMessage } from '../utils/connections-cache';
import { isExpired } from '../utils/chat-rules';
import { conversationExpiry, withMessage, withReceipt } from '../utils/conversation-cache';
import { newMessageId } from '../utils/message-id';

/** A message typed and sent, not acknowledged yet: shown with a clock. */
export type PendingMessage = Readonly<{
  messageId: string;
  receiver: string;
  content: string;
  timestamp: string;
}>;

const FALLBACK_SEND_ERROR = 'The message could not be sent. Please try again.';

/**
 * The chat on the messaging screen, on the user's one socket (RealtimeProvider, which also keeps
 * the connections' last messages and unread counts): the open conversation is marked read when
 * opened and as messages arrive in it, read again after a reconnection (nothing is replayed on
 * the socket); received messages are appended only to the open conversation; ticks move with
 * receipts; sent messages wait with a clock until acknowledged.
 */
export function useChatConnection(userId: string, openConnectedUserId: string | null) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { user } = useAuth();
  const { socket, status, online, setReading } = useRealtime();
  const [pending, setPending] = useState<readonly PendingMessage[]>([]);
  const { mutate: markRead } = useMarkConversationRead();

  const readConversation = useCallback(
    (connectedUserId: string) =>
      markRead(
        { sender: connectedUserId, receiver: userId },
        { onError: (error) => console.warn('Marking the conversation read failed', error) },
      ),
    [markRead, userId],
  );

  useEffect(() => {
    setReading(openConnectedUserId);
    // Opening a conversation marks the partner's messages read (docs/product-spec.md section 4).
    if (openConnectedUserId !== null) readConversation(openConnectedUserId);
    return () => setReading(null);
  }, [openConnectedUserId, readConversation, setReading]);

  useEffect(() => {
    if (!socket) return;
    const off = [
      socket.on('joined', ({ reconnected }) => {
        if (!reconnected || openConnectedUserId === null) return;
        void queryClient.invalidateQueries({
          queryKey: conversationQueryKey(userId, openConnectedUserId),
        });
        readConversation(openConnectedUserId);
      }),
      socket.on('receive_message', (message) => {
        if (message.receiver !== userId || message.sender !== openConnectedUserId) return;
        const key = conversationQueryOptions(userId, message.sender).queryKey;
        const shown = queryClient.getQueryData(key);
        queryClient.setQueryData(key, (data) => withMessage(data, message));
        readConversation(message.sender);
        // A message in a conversation shown as expired: the other side renewed it.
        if (isExpired(conversationExpiry(shown), Date.now())) {
          void queryClient.invalidateQueries({ queryKey: key });
          void queryClient.invalidateQueries({
            queryKey: collectionQueryOptions(userId).queryKey,
          });
        }
      }),
      socket.on('message_status', (receipt) => {
        const other = receipt.sender === userId ? receipt.receiver : receipt.sender;
        queryClient.setQueryData(conversationQueryOptions(userId, other).queryKey, (data) =>
          withReceipt(data, receipt),
        );
      }),
    ];
    return () => {
      for (const unsubscribe of off) unsubscribe();
    };
  }, [socket, userId, openConnectedUserId, queryClient, readConversation]);

  const ownerName = user?.ownerName ?? '';
  /** Sends one message on the socket; it leaves the pending list once answered. */
  const transmit = useCallback(
    (live: NonNullable<typeof socket>, { messageId, receiver, content }: PendingMessage) => {
      const settle = () => setPending((known) => known.filter((m) => m.messageId !== messageId));
      live.send({ receiver, content, messageId }).then(
        (stored: MessageView) => {
          queryClient.setQueryData(conversationQueryOptions(userId, receiver).queryKey, (data) =>
            withMessage(data, stored),
          );
          queryClient.setQueryData(collectionQueryOptions(userId).queryKey, (entries) =>
            listWithMessage(entries, userId, stored, { reading: true }),
          );
          settle();
          noticeSentMessage({ sender: ownerName, receiver, message: stored.content });
        },
        (error: unknown) => {
          settle();
          if (!(error instanceof ChatRefusal)) return; // the chat was closed (signed out)
          toast.error(error.message || FALLBACK_SEND_ERROR);
          // An expired or closed conversation: the screen reads its state again.
          void queryClient.invalidateQueries({ queryKey: conversationQueryKey(userId, receiver) });
        },
      );
    },
    [queryClient, userId, toast, ownerName],
  );

  // Messages sent before the user's socket exists (a page just loaded, the session still being
  // renewed) wait with their clock and go as soon as it does, instead of being dropped.
  const unsent = useRef<PendingMessage[]>([]);
  useEffect(() => {
    if (!socket) return;
    const waiting = unsent.current.splice(0);
    for (const message of waiting) transmit(socket, message);
  }, [socket, transmit]);

  const send = useCallback(
    (receiver: string, content: string) => {
      const message = {
        messageId: newMessageId(),
        receiver,
        content,
        timestamp: new Date().toISOString(),
      };
      setPending((known) => [...known, message]);
      if (socket) transmit(socket, message);
      else unsent.current.push(message);
    },
    [socket, transmit],
  );

  return { status, online, pending, send };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '@linkcoin/domain/messaging/contracts.ts';
import { ACCOUNT_MESSAGES } from '@linkcoin/domain/accounts/messages.ts';
import { getSessionToken } from '@linkcoin/frontend-shared/session/session.ts';
import { useToast } from '../../../components/toast/useToast';
import { useAuth } from '../../auth/auth-context';
import { collectionQueryOptions } from '../../collections/api/collection';
import { ChatRefusal, ChatSocket, gatewayUrl, type ChatConnectionStatus } from '../api/chat-socket';
import {
  conversationQueryKey,
  conversationQueryOptions,
  noticeSentMessage,
  useMarkConversationRead,
} from '../api/conversation';
import { withMessage as listWithMessage } from '../utils/contacts-cache';
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
 * The chat's live side for the signed-in user on the messaging screen: one reconnecting socket,
 * joined on every (re)connection; the open conversation and the contacts refetched after a
 * reconnection (nothing is replayed on the socket); received messages appended only to the open
 * conversation (the others count as unread in the list); ticks from receipts; presence.
 */
export function useChatConnection(userId: string, openContactId: string | null) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { user, signOutLocally } = useAuth();
  const socketRef = useRef<ChatSocket | null>(null);
  const openRef = useRef(openContactId);
  const [status, setStatus] = useState<ChatConnectionStatus>('connecting');
  const [online, setOnline] = useState<ReadonlySet<string> | null>(null);
  const [pending, setPending] = useState<readonly PendingMessage[]>([]);
  const { mutate: markRead } = useMarkConversationRead();

  const readConversation = useCallback(
    (contactId: string) =>
      markRead(
        { sender: contactId, receiver: userId },
        { onError: (error) => console.warn('Marking the conversation read failed', error) },
      ),
    [markRead, userId],
  );

  useEffect(() => {
    openRef.current = openContactId;
    // Opening a conversation marks the partner's messages read (spec section 4).
    if (openContactId !== null) readConversation(openContactId);
  }, [openContactId, readConversation]);

  useEffect(() => {
    const chat = new ChatSocket({
      userId,
      url: gatewayUrl(window.location),
      token: getSessionToken,
    });
    socketRef.current = chat;
    const collectionKey = collectionQueryOptions(userId).queryKey;
    const off = [
      chat.on('status', (next) => {
        setStatus(next);
        if (next === 'ended') signOutLocally(ACCOUNT_MESSAGES.sessionExpired);
      }),
      chat.on('joined', ({ online: now, reconnected }) => {
        setOnline(new Set(now));
        if (!reconnected) return;
        // Whatever happened while the socket was down is read again.
        void queryClient.invalidateQueries({ queryKey: collectionKey });
        const open = openRef.current;
        if (open !== null) {
          void queryClient.invalidateQueries({ queryKey: conversationQueryKey(userId, open) });
          readConversation(open);
        }
      }),
      chat.on('receive_message', (message) => {
        if (message.receiver !== userId) return;
        const reading = openRef.current === message.sender;
        const entries = queryClient.getQueryData(collectionKey);
        if (entries && !entries.some((entry) => entry.user._id === message.sender)) {
          // Someone who added the user since the list was read: read it again.
          void queryClient.invalidateQueries({ queryKey: collectionKey });
        } else {
          queryClient.setQueryData(collectionKey, (known) =>
            listWithMessage(known, userId, message, { reading }),
          );
        }
        const key = conversationQueryOptions(userId, message.sender).queryKey;
        if (reading) {
          const shown = queryClient.getQueryData(key);
          queryClient.setQueryData(key, (data) => withMessage(data, message));
          readConversation(message.sender);
          // A message in a conversation shown as expired: the other side renewed it.
          if (isExpired(conversationExpiry(shown), Date.now())) {
            void queryClient.invalidateQueries({ queryKey: key });
            void queryClient.invalidateQueries({ queryKey: collectionKey });
          }
        } else {
          // Not on screen: read afresh when opened.
          void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
        }
      }),
      chat.on('message_status', (receipt) => {
        const other = receipt.sender === userId ? receipt.receiver : receipt.sender;
        queryClient.setQueryData(conversationQueryOptions(userId, other).queryKey, (data) =>
          withReceipt(data, receipt),
        );
      }),
      chat.on('presence', ({ userId: contactId, isOnline }) => {
        setOnline((known) => {
          const next = new Set(known ?? []);
          if (isOnline) next.add(contactId);
          else next.delete(contactId);
          return next;
        });
      }),
    ];
    return () => {
      for (const unsubscribe of off) unsubscribe();
      chat.close();
      socketRef.current = null;
    };
  }, [userId, queryClient, signOutLocally, readConversation]);

  const ownerName = user?.ownerName ?? '';
  const send = useCallback(
    (receiver: string, content: string) => {
      const chat = socketRef.current;
      if (!chat) return;
      const messageId = newMessageId();
      setPending((known) => [
        ...known,
        { messageId, receiver, content, timestamp: new Date().toISOString() },
      ]);
      const settle = () => setPending((known) => known.filter((m) => m.messageId !== messageId));
      chat.send({ receiver, content, messageId }).then(
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
          if (!(error instanceof ChatRefusal)) return; // the chat was closed (page left)
          toast.error(error.message || FALLBACK_SEND_ERROR);
          // An expired or closed conversation: the screen reads its state again.
          void queryClient.invalidateQueries({ queryKey: conversationQueryKey(userId, receiver) });
        },
      );
    },
    [queryClient, userId, toast, ownerName],
  );

  return { status, online, pending, send };
}

import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { CollectionEntry } from '@linkcoin/domain/collections/contracts.ts';
import { getSessionToken } from '@linkcoin/frontend-shared/session/session.ts';
import { useToast } from '../../../components/toast/useToast';
import { useAuth } from '../../../lib/auth/auth-context';
import { collectionQueryOptions, entryFor } from '../../collections';
import { chatPath } from '../../collections';
import {
  ChatSocket,
  gatewayUrl,
  type ChatConnectionStatus,
} from '../../../lib/realtime/chat-socket';
import { conversationQueryOptions } from '../api/conversation';
import { MessageNotice } from '../components/MessageNotice';
import { withMessage as listWithMessage } from '../utils/connections-cache';
import { firstWords, unreadTotal } from '../utils/unread';
import { OUTSIDE, type RealtimeValue } from '../../../lib/realtime/realtime-context';

/** Sockets a provider closed itself (signing out, another user): no renewal for those. */
const closedHere = new WeakSet<ChatSocket>();

/** The current socket, as a store React reads with useSyncExternalStore. */
function createSocketStore() {
  let current: ChatSocket | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (socket: ChatSocket | null) => {
      current = socket;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * The signed-in user's one live connection in this tab (docs/ARCHITECTURE.md, section 7), for
 * every screen: the unread count in the top bar and the title, a notice when a message arrives
 * while the user is elsewhere (who, the first words, Open), and the balance after every grant,
 * purchase, spend or refund. The messaging screen uses the same socket for the chat itself.
 * Loaded and mounted by RealtimeProvider for a signed-in user only (visitors never load it); it
 * hands its value up through `onValue`.
 */
export function RealtimeConnection({ onValue }: { onValue: (value: RealtimeValue) => void }) {
  const { user, token, isAuthenticated, coinsUpdated, refreshToken } = useAuth();
  const me = isAuthenticated && user ? user._id : null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  // The socket is made and closed by an effect: held outside React state, read as a store.
  const socketStore = useMemo(() => createSocketStore(), []);
  const socket = useSyncExternalStore(socketStore.subscribe, socketStore.get);
  const [status, setStatus] = useState<ChatConnectionStatus>('connecting');
  const [online, setOnline] = useState<ReadonlySet<string> | null>(null);
  const reading = useRef<string | null>(null);
  const lastBalance = useRef(-1);

  const connections = useQuery({
    ...collectionQueryOptions(me ?? ''),
    enabled: me !== null,
  });

  // The socket lives while the user is signed in and has a token in this tab.
  const hasToken = token !== null;
  useEffect(() => {
    if (me === null || !hasToken) return;
    const chat = new ChatSocket({
      userId: me,
      url: gatewayUrl(window.location),
      token: getSessionToken,
    });
    socketStore.set(chat);
    lastBalance.current = -1;
    return () => {
      closedHere.add(chat);
      chat.close();
      socketStore.set(null);
    };
  }, [me, hasToken, socketStore]);

  // A renewed access token: the connection opens again with it before the old one expires.
  const firstToken = useRef(token);
  useEffect(() => {
    if (token === null || token === firstToken.current) return;
    firstToken.current = token;
    socket?.reconnect();
  }, [token, socket]);

  const open = useCallback(
    (connectedUserId: string) => void navigate(chatPath(connectedUserId)),
    [navigate],
  );

  useEffect(() => {
    if (!socket || me === null) return;
    const collectionKey = collectionQueryOptions(me).queryKey;
    // The list read again until it holds `connectedUserId` (the list's read model may follow the
    // first message by a moment, longer on a busy server): at most four reads over about 3 s.
    const readListWith = async (connectedUserId: string) => {
      let fresh = await queryClient.fetchQuery({ ...collectionQueryOptions(me), staleTime: 0 });
      for (const pause of [400, 1000, 1600]) {
        if (entryFor(fresh, connectedUserId)) break;
        await new Promise((resolve) => setTimeout(resolve, pause));
        fresh = await queryClient.fetchQuery({ ...collectionQueryOptions(me), staleTime: 0 });
      }
      return fresh;
    };
    const off = [
      socket.on('status', (next) => {
        setStatus(next);
        // The server ended a connection whose token expired: a fresh one, and again.
        if (next === 'ended' && !closedHere.has(socket)) {
          void refreshToken().then((renewed) => {
            if (renewed) socket.reconnect();
          });
        }
      }),
      socket.on('joined', ({ online: now, reconnected }) => {
        setOnline(new Set(now));
        // Whatever happened while the socket was down is read again.
        if (reconnected) void queryClient.invalidateQueries({ queryKey: collectionKey });
      }),
      socket.on('presence', ({ userId, isOnline }) => {
        setOnline((known) => {
          const next = new Set(known ?? []);
          if (isOnline) next.add(userId);
          else next.delete(userId);
          return next;
        });
      }),
      socket.on('wallet_balance', ({ linkCoins, revision }) => {
        if (revision < lastBalance.current) return;
        lastBalance.current = revision;
        coinsUpdated(linkCoins);
      }),
      socket.on('receive_message', (message) => {
        if (message.receiver !== me) return;
        const isReading = reading.current === message.sender;
        const notify = (entry: CollectionEntry | null) => {
          if (isReading) return;
          const who = entry
            ? entry.user.companyName
              ? `${entry.user.ownerName} (${entry.user.companyName})`
              : entry.user.ownerName
            : 'a new contact';
          toast.notice(
            message.sender,
            <MessageNotice
              who={who}
              words={firstWords(message.content)}
              onOpen={() => open(message.sender)}
            />,
          );
        };
        if (!isReading) {
          // Not on screen: the conversation is read afresh when opened, and the user told.
          void queryClient.invalidateQueries({
            queryKey: conversationQueryOptions(me, message.sender).queryKey,
            refetchType: 'none',
          });
        }
        const entry = entryFor(queryClient.getQueryData(collectionKey), message.sender);
        if (entry) {
          queryClient.setQueryData(collectionKey, (known) =>
            listWithMessage(known, me, message, { reading: isReading }),
          );
          notify(entry);
          return;
        }
        // Someone who added the user since the list was read (a brand's first message): the list
        // is read again, and the message counted on it unless the server's list has it already
        // (its read model may follow the message by a moment); the notice then names them.
        void readListWith(message.sender).then(
          (fresh) => {
            queryClient.setQueryData(collectionKey, (known) =>
              listWithMessage(known ?? fresh, me, message, { reading: isReading }),
            );
            notify(entryFor(fresh, message.sender));
          },
          (error: unknown) => {
            console.warn('The connections could not be read', error);
            notify(null);
          },
        );
      }),
    ];
    return () => {
      for (const unsubscribe of off) unsubscribe();
    };
  }, [socket, me, queryClient, coinsUpdated, refreshToken, toast, open]);

  const setReading = useCallback((connectedUserId: string | null) => {
    reading.current = connectedUserId;
  }, []);

  const value = useMemo<RealtimeValue>(
    () => ({
      socket,
      status,
      online,
      unread: me === null ? 0 : unreadTotal(connections.data),
      setReading,
    }),
    [socket, status, online, me, connections.data, setReading],
  );

  useEffect(() => onValue(value), [onValue, value]);
  // Signed out (or another user): the screens see no connection until the next one is up.
  useEffect(() => () => onValue(OUTSIDE), [onValue]);
  return null;
}

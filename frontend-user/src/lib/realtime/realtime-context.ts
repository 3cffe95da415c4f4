import { createContext, useContext } from 'react';
import type { ChatConnectionStatus, ChatSocket } from './chat-socket';

export type RealtimeValue = Readonly<{
  /** The signed-in user's one socket in this tab; null when signed out. */
  socket: ChatSocket | null;
  status: ChatConnectionStatus;
  /** Connections online now (from join and presence), null until joined. */
  online: ReadonlySet<string> | null;
  /** Messages received and not read, every conversation together. */
  unread: number;
  /** The messaging screen says which conversation is on screen (null: none). */
  setReading: (connectedUserId: string | null) => void;
}>;

/** No connection: signed out, or outside the provider. */
export const OUTSIDE: RealtimeValue = {
  socket: null,
  status: 'ended',
  online: null,
  unread: 0,
  setReading: () => {},
};

export const RealtimeContext = createContext<RealtimeValue>(OUTSIDE);

/** The live connection of the signed-in user (outside the provider: none). */
export function useRealtime(): RealtimeValue {
  return useContext(RealtimeContext);
}

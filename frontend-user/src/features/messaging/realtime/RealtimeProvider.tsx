import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useAuth } from '../../../lib/auth/auth-context';
import {
  OUTSIDE,
  RealtimeContext,
  type RealtimeValue,
} from '../../../lib/realtime/realtime-context';

// The connection (the socket, its listeners, the connections it counts) concerns signed-in users
// only: visitors never load its code, and the first screen does not wait for it.
const RealtimeConnection = lazy(() =>
  import('./RealtimeConnection').then((m) => ({ default: m.RealtimeConnection })),
);

/** Signed in, while the connection's code loads and its socket opens. */
const CONNECTING: RealtimeValue = { ...OUTSIDE, status: 'connecting' };

/**
 * The signed-in user's live connection for every screen (RealtimeConnection: the unread count,
 * message notices, the live balance, the chat's socket), read with useRealtime.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user, isAuthenticated } = useAuth();
  const signedIn = isAuthenticated && user !== null;
  const [live, setLive] = useState<RealtimeValue | null>(null);
  const value = !signedIn ? OUTSIDE : live && live !== OUTSIDE ? live : CONNECTING;
  return (
    <RealtimeContext.Provider value={value}>
      {children}
      {signedIn && (
        <Suspense fallback={null}>
          <RealtimeConnection onValue={setLive} />
        </Suspense>
      )}
    </RealtimeContext.Provider>
  );
}

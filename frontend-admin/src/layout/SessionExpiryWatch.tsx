import { useEffect } from 'react';
import { useCheckAuth, useLogout } from 'react-admin';
import { scheduleSessionExpiry } from '@linkcoin/frontend-shared/session/expiry-timer.ts';
import {
  clearSession,
  getTokenExpiration,
  onSessionMessage,
} from '@linkcoin/frontend-shared/session/session.ts';

/**
 * Keeps the console's session in step with the browser's: shortly before the access token
 * expires the auth check runs again, which renews it from the browser's session (or, when that
 * has ended, makes react-admin sign out with its notice); a sign-out in another tab of either
 * app signs this one out. The shared timer holds lifetimes longer than a browser timer can.
 */
export function SessionExpiryWatch() {
  const checkAuth = useCheckAuth();
  const logout = useLogout();
  useEffect(() => {
    let cancel = () => {};
    const schedule = () => {
      cancel();
      const expiration = getTokenExpiration();
      if (expiration === null) return;
      cancel = scheduleSessionExpiry(expiration - 60_000, () => {
        checkAuth()
          .then(schedule)
          .catch(() => {
            // Refused: react-admin has already signed out and told the user.
          });
      });
    };
    schedule();
    const stopListening = onSessionMessage((message) => {
      if (message.type !== 'signed-out') return;
      // Already ended on the server by the other tab: forget it here, then leave.
      clearSession();
      void logout();
    });
    return () => {
      cancel();
      stopListening();
    };
  }, [checkAuth, logout]);
  return null;
}

import { useEffect } from 'react';
import { useCheckAuth } from 'react-admin';
import { scheduleSessionExpiry } from '@linkcoin/frontend-shared/session/expiry-timer.ts';
import { getTokenExpiration } from '@linkcoin/frontend-shared/session/session.ts';

/**
 * Ends the console session when its token expires, without waiting for the next request: at the
 * expiry the auth check runs again, refuses the expired session, and react-admin signs out with
 * its notice. The shared timer holds lifetimes longer than a browser timer can (24.8 days).
 */
export function SessionExpiryWatch() {
  const checkAuth = useCheckAuth();
  useEffect(() => {
    const expiration = getTokenExpiration();
    if (expiration === null) return;
    return scheduleSessionExpiry(expiration, () => {
      checkAuth().catch(() => {
        // Refused: react-admin has already signed out and told the user.
      });
    });
  }, [checkAuth]);
  return null;
}

import { useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  AuthAnswer,
  LoginRequest,
  RegisterRequest,
  SessionUser,
} from '@linkcoin/domain/accounts/contracts.ts';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import { scheduleSessionExpiry } from '@linkcoin/frontend-shared/session/expiry-timer.ts';
import {
  announceSession,
  clearSession,
  getSessionToken,
  getSessionUser,
  getTokenExpiration,
  hasBrowserSession,
  onSessionMessage,
  refreshSession,
  saveSession,
  saveSessionUser,
  SessionEnded,
  type RefreshedSession,
} from '@linkcoin/frontend-shared/session/session.ts';
import { expirationOf } from '@linkcoin/frontend-shared/session/token.ts';
import { appToasts } from '../../components/toast/useToast';
import { errorMessage, onUnauthorized } from '../api-client';
import * as accounts from './accounts-api';
import { AuthContext, type AuthContextValue } from './auth-context';
import { authReducer, initialAuthState, type AuthState } from './auth-state';

/** A fresh access token is asked for this long before the one in memory expires. */
const REFRESH_AHEAD_MS = 60_000;

function startingState(): AuthState {
  return initialAuthState({ signedIn: hasBrowserSession(), user: getSessionUser() });
}

/**
 * Holds the session (docs/product-spec.md sections 3 and 4) for this tab, one per browser (frontend-shared's
 * session module): on start the browser's session gives this tab its access token; the token
 * is renewed before it expires; signing in or out in one tab is told to the others.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, undefined, startingState);
  const queryClient = useQueryClient();

  const signOutLocally = useCallback(
    (error: string | null = null) => {
      clearSession();
      queryClient.clear();
      dispatch({ type: 'signedOut', error });
    },
    [queryClient],
  );

  const restored = useCallback((answer: RefreshedSession) => {
    dispatch({ type: 'signedIn', user: answer.user, token: answer.token });
  }, []);

  /** Asks the browser's session for a token; ends the session here when the server refuses. */
  const renew = useCallback(
    async (onEnded: string | null): Promise<boolean> => {
      try {
        restored(await refreshSession());
        return true;
      } catch (error) {
        if (error instanceof SessionEnded) signOutLocally(onEnded);
        else dispatch({ type: 'sessionUnconfirmed' });
        return false;
      }
    },
    [restored, signOutLocally],
  );

  // On app start: a browser with a session gives this tab its token (a reload, a new tab).
  useEffect(() => {
    if (!hasBrowserSession()) return;
    void renew(null);
  }, [renew]);

  // Other tabs: a sign-out there is a sign-out here; a sign-in there signs this tab in too.
  useEffect(
    () =>
      onSessionMessage((message) => {
        if (message.type === 'signed-out') {
          appToasts.clear();
          signOutLocally(null);
        } else if (getSessionToken() === null) {
          void renew(null);
        }
      }),
    [renew, signOutLocally],
  );

  // An authenticated call that the session could not renew past: it has ended.
  useEffect(
    () => onUnauthorized((error) => signOutLocally(errorMessage(error, M.sessionExpired))),
    [signOutLocally],
  );

  // The access token is short-lived: a new one shortly before it expires, for as long as the
  // browser's session lasts (the timer sleeps in chunks a browser timer can hold).
  useEffect(() => {
    if (state.token === null) return;
    const expiration = getTokenExpiration();
    if (expiration === null) return;
    return scheduleSessionExpiry(expiration - REFRESH_AHEAD_MS, () => void renew(M.tokenExpired));
  }, [state.token, renew]);

  const signIn = useCallback((answer: AuthAnswer) => {
    saveSession({
      token: answer.token,
      tokenExpiration: expirationOf(answer.token, answer.expiresIn, Date.now()),
      user: answer.user,
    });
    dispatch({ type: 'signedIn', user: answer.user, token: answer.token });
    announceSession({ type: 'signed-in' });
    return answer.user;
  }, []);

  const login = useCallback(
    async (credentials: LoginRequest) => {
      dispatch({ type: 'pending' });
      try {
        return signIn(await accounts.login(credentials));
      } catch (error) {
        dispatch({ type: 'failed', error: errorMessage(error, M.loginFailed) });
        return null;
      }
    },
    [signIn],
  );

  // docs/product-spec.md section 7: registration is followed by a login, for brands and creators alike.
  const register = useCallback(
    async (input: RegisterRequest) => {
      dispatch({ type: 'pending' });
      try {
        await accounts.registerAccount(input);
      } catch (error) {
        dispatch({ type: 'failed', error: errorMessage(error, M.registrationFailed) });
        return null;
      }
      try {
        return signIn(await accounts.login({ email: input.email, password: input.password }));
      } catch (error) {
        dispatch({ type: 'failed', error: errorMessage(error, M.loginFailed) });
        return null;
      }
    },
    [signIn],
  );

  const logout = useCallback(async () => {
    if (getSessionToken() !== null) {
      // The session ends here whatever the server says: a failed logout is ignored.
      await accounts.logout().catch((error: unknown) => console.warn('Logout failed', error));
    }
    appToasts.clear();
    signOutLocally(null);
    announceSession({ type: 'signed-out' });
  }, [signOutLocally]);

  const refreshToken = useCallback(() => renew(M.tokenRefreshFailed), [renew]);

  const userUpdated = useCallback(
    (changes: Partial<Pick<SessionUser, 'ownerName' | 'companyName' | 'profilePicUrl'>>) => {
      const stored = getSessionUser();
      if (stored) saveSessionUser({ ...stored, ...changes });
      dispatch({ type: 'userUpdated', changes });
    },
    [],
  );

  const coinsUpdated = useCallback((linkCoins: number) => {
    const stored = getSessionUser();
    if (stored && stored.linkCoins !== linkCoins) saveSessionUser({ ...stored, linkCoins });
    dispatch({ type: 'coinsUpdated', linkCoins });
  }, []);

  const clearError = useCallback(() => dispatch({ type: 'errorCleared' }), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      login,
      register,
      signIn,
      logout,
      signOutLocally,
      refreshToken,
      userUpdated,
      coinsUpdated,
      clearError,
    }),
    [
      state,
      login,
      register,
      signIn,
      logout,
      signOutLocally,
      refreshToken,
      userUpdated,
      coinsUpdated,
      clearError,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

import { useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  AuthAnswer,
  LoginRequest,
  RegisterRequest,
} from '@linkcoin/domain/accounts/contracts.ts';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import { scheduleSessionExpiry } from '@linkcoin/frontend-shared/session/expiry-timer.ts';
import {
  clearSession,
  clearSessionToken,
  getSessionToken,
  getSessionUser,
  getTokenExpiration,
  saveSession,
  saveSessionToken,
  saveSessionUser,
} from '@linkcoin/frontend-shared/session/session.ts';
import { expirationOf } from '@linkcoin/frontend-shared/session/token.ts';
import { appToasts } from '../../../components/toast/useToast';
import { errorMessage, errorStatus, onUnauthorized } from '../../../lib/api-client';
import * as accounts from '../api/accounts';
import { AuthContext, type AuthContextValue } from '../auth-context';
import { authReducer, initialAuthState, type AuthState } from '../auth-state';

function startingState(): AuthState {
  return initialAuthState(
    {
      token: getSessionToken(),
      tokenExpiration: getTokenExpiration(),
      user: getSessionUser(),
    },
    Date.now(),
  );
}

/** Holds the session (spec sections 3 and 4) and keeps sessionStorage in step with it. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, undefined, startingState);
  const queryClient = useQueryClient();

  const signOutLocally = useCallback(
    (error: string | null = null) => {
      clearSession();
      queryClient.removeQueries({ queryKey: ['check-auth'] });
      dispatch({ type: 'signedOut', error });
    },
    [queryClient],
  );

  // On app start: an expired stored session is removed; a stored token is confirmed by check-auth.
  useEffect(() => {
    const token = getSessionToken();
    if (token === null) return;
    const expiration = getTokenExpiration();
    if (expiration !== null && expiration <= Date.now()) {
      clearSession();
      return;
    }
    let current = true;
    queryClient
      .fetchQuery(accounts.checkAuthQueryOptions(token, getSessionUser()?._id ?? null))
      .then((answer) => {
        if (!current) return;
        saveSessionUser(answer.user);
        dispatch({ type: 'sessionChecked', user: answer.user, success: answer.success });
      })
      .catch((error: unknown) => {
        if (!current) return;
        // Only the server's refusal ends the session. Without an answer (offline, or this page
        // being left, which aborts the call), clearing the shared sessionStorage would sign the
        // user out of the page they are going to.
        const status = errorStatus(error);
        if (status === null || status === 0) dispatch({ type: 'sessionUnconfirmed' });
        else signOutLocally(errorMessage(error, M.authCheckFailed));
      });
    return () => {
      current = false;
    };
  }, [queryClient, signOutLocally]);

  // Any authenticated call answering 401 means the token expired or was revoked.
  useEffect(
    () => onUnauthorized((error) => signOutLocally(errorMessage(error, M.sessionExpired))),
    [signOutLocally],
  );

  // The session ends in this browser when its token expires, without waiting for a 401, however
  // long the token lasts (the timer sleeps in chunks a browser timer can hold).
  useEffect(() => {
    if (state.token === null) return;
    const expiration = getTokenExpiration();
    if (expiration === null) return;
    return scheduleSessionExpiry(expiration, () => signOutLocally(M.tokenExpired));
  }, [state.token, signOutLocally]);

  const signIn = useCallback((answer: AuthAnswer) => {
    saveSession({
      token: answer.token,
      tokenExpiration: expirationOf(answer.token, answer.expiresIn, Date.now()),
      user: answer.user,
    });
    dispatch({ type: 'signedIn', user: answer.user, token: answer.token });
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

  const register = useCallback(
    async (input: RegisterRequest, { signIn: andSignIn }: { signIn: boolean }) => {
      dispatch({ type: 'pending' });
      try {
        await accounts.registerAccount(input);
      } catch (error) {
        dispatch({ type: 'failed', error: errorMessage(error, M.registrationFailed) });
        return false;
      }
      if (!andSignIn) {
        dispatch({ type: 'registered' });
        return true;
      }
      try {
        signIn(await accounts.login({ email: input.email, password: input.password }));
        return true;
      } catch (error) {
        dispatch({ type: 'failed', error: errorMessage(error, M.loginFailed) });
        return false;
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
  }, [signOutLocally]);

  const refreshToken = useCallback(async () => {
    try {
      const answer = await accounts.refreshToken();
      saveSessionToken(answer.newToken, Date.now() + answer.expiresIn * 1000);
      dispatch({ type: 'tokenRefreshed', token: answer.newToken });
      return true;
    } catch (error) {
      if (errorStatus(error) !== 401) {
        clearSessionToken();
        dispatch({ type: 'refreshFailed', error: errorMessage(error, M.tokenRefreshFailed) });
      }
      return false;
    }
  }, []);

  const userUpdated = useCallback((ownerName: string) => {
    const stored = getSessionUser();
    if (stored) saveSessionUser({ ...stored, ownerName });
    dispatch({ type: 'userUpdated', ownerName });
  }, []);

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

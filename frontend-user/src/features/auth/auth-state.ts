import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import type { SessionUser } from '@linkcoin/frontend-shared/session/session.ts';

/** The spec's auth state (section 3) and its transitions (section 4). */
export type AuthState = {
  isAuthenticated: boolean;
  user: SessionUser | null;
  token: string | null;
  isLoading: boolean;
  error: string | null;
};

export type AuthAction =
  /** Register, login and check-auth: loading, error cleared. */
  | { type: 'pending' }
  /** Login (and a local login: admin login, Google): user and token set, authenticated. */
  | { type: 'signedIn'; user: SessionUser; token: string }
  /** Registration without signing in (a brand goes on to /login). */
  | { type: 'registered' }
  /** A failed register or login: only the error is stored. */
  | { type: 'failed'; error: string }
  /** Check-auth answered: the user and the authenticated flag from its success flag. */
  | { type: 'sessionChecked'; user: SessionUser; success: boolean }
  /**
   * Check-auth got no answer (offline, or the page is being left, which aborts the call): the
   * stored session stays as it is; the next call the server refuses with 401 ends it.
   */
  | { type: 'sessionUnconfirmed' }
  /** Logout, a failed check-auth, an expired or revoked token: everything cleared. */
  | { type: 'signedOut'; error: string | null }
  /** The profile wizard saved: the signed-in user's name may have changed. */
  | { type: 'userUpdated'; ownerName: string }
  /** The wallet was read or credited: the top bar's balance follows it without a reload. */
  | { type: 'coinsUpdated'; linkCoins: number }
  | { type: 'tokenRefreshed'; token: string }
  /** A failed refresh: token gone, user kept (spec section 7), so the session ends. */
  | { type: 'refreshFailed'; error: string }
  | { type: 'errorCleared' };

export type StoredSessionSnapshot = {
  token: string | null;
  tokenExpiration: number | null;
  user: SessionUser | null;
};

/**
 * The state on app start: authenticated when a token is stored, the user read from storage.
 * A stored expiry in the past ends the session at once ("Token expired"); no token at all is the
 * hidden "No token found". A stored token is confirmed by check-auth, so it starts loading.
 */
export function initialAuthState(stored: StoredSessionSnapshot, now: number): AuthState {
  if (stored.token === null) {
    return { isAuthenticated: false, user: null, token: null, isLoading: false, error: M.noToken };
  }
  if (stored.tokenExpiration !== null && stored.tokenExpiration <= now) {
    return {
      isAuthenticated: false,
      user: null,
      token: null,
      isLoading: false,
      error: M.tokenExpired,
    };
  }
  return {
    isAuthenticated: true,
    user: stored.user,
    token: stored.token,
    isLoading: true,
    error: null,
  };
}

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'pending':
      return { ...state, isLoading: true, error: null };
    case 'signedIn':
      return {
        isAuthenticated: true,
        user: action.user,
        token: action.token,
        isLoading: false,
        error: null,
      };
    case 'registered':
      return { ...state, isLoading: false };
    case 'failed':
      return { ...state, isLoading: false, error: action.error };
    case 'sessionChecked':
      return {
        ...state,
        user: action.user,
        isAuthenticated: action.success,
        isLoading: false,
        error: null,
      };
    case 'sessionUnconfirmed':
      return { ...state, isLoading: false };
    case 'signedOut':
      return {
        isAuthenticated: false,
        user: null,
        token: null,
        isLoading: false,
        error: action.error,
      };
    case 'userUpdated':
      return state.user
        ? { ...state, user: { ...state.user, ownerName: action.ownerName } }
        : state;
    case 'coinsUpdated':
      return state.user && state.user.linkCoins !== action.linkCoins
        ? { ...state, user: { ...state.user, linkCoins: action.linkCoins } }
        : state;
    case 'tokenRefreshed':
      return { ...state, token: action.token };
    case 'refreshFailed':
      return { ...state, isAuthenticated: false, token: null, error: action.error };
    case 'errorCleared':
      return { ...state, error: null };
  }
}

/** How the state's error is shown: followed by " - Please try again"; "No token found" is hidden. */
export function displayedAuthError(error: string | null): string | null {
  if (error === null || error === M.noToken) return null;
  return `${error} - Please try again`;
}

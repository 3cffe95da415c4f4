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
  /** A failed register or login: only the error is stored. */
  | { type: 'failed'; error: string }
  /**
   * The refresh on app start got no answer (offline, or the page is being left): the session
   * stays as it is; the next call the server refuses ends it.
   */
  | { type: 'sessionUnconfirmed' }
  /** Logout, a failed check-auth, an expired or revoked token: everything cleared. */
  | { type: 'signedOut'; error: string | null }
  /** The profile wizard saved: the signed-in user's name, company or photo may have changed. */
  | {
      type: 'userUpdated';
      changes: Partial<Pick<SessionUser, 'ownerName' | 'companyName' | 'profilePicUrl'>>;
    }
  /** The wallet was read or credited: the top bar's balance follows it without a reload. */
  | { type: 'coinsUpdated'; linkCoins: number }
  | { type: 'tokenRefreshed'; token: string }
  | { type: 'errorCleared' };

export type BrowserSessionSnapshot = {
  /** Whether the browser holds a session (its readable cookie), to be refreshed. */
  signedIn: boolean;
  /** The user as this tab last saw them (none in a new tab). */
  user: SessionUser | null;
};

/**
 * The state on app start: authenticated while the browser holds a session, the user as this
 * tab last saw them (none in a new tab); loading until the refresh gives this tab its token. No
 * session at all is the hidden "No token found".
 */
export function initialAuthState(stored: BrowserSessionSnapshot): AuthState {
  if (!stored.signedIn) {
    return { isAuthenticated: false, user: null, token: null, isLoading: false, error: M.noToken };
  }
  return { isAuthenticated: true, user: stored.user, token: null, isLoading: true, error: null };
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
    case 'failed':
      return { ...state, isLoading: false, error: action.error };
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
      return state.user ? { ...state, user: { ...state.user, ...action.changes } } : state;
    case 'coinsUpdated':
      return state.user && state.user.linkCoins !== action.linkCoins
        ? { ...state, user: { ...state.user, linkCoins: action.linkCoins } }
        : state;
    case 'tokenRefreshed':
      return { ...state, token: action.token };
    case 'errorCleared':
      return { ...state, error: null };
  }
}

/** How the state's error is shown: followed by " - Please try again"; "No token found" is hidden. */
export function displayedAuthError(error: string | null): string | null {
  if (error === null || error === M.noToken) return null;
  return `${error} - Please try again`;
}

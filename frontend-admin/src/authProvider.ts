import type { AuthProvider } from 'react-admin';
import type {
  AuthAnswer,
  CheckAuthAnswer,
  SessionUser,
} from '@linkcoin/domain/accounts/contracts.ts';
import {
  announceSession,
  CONSOLE_SESSION_HEADERS,
  clearSession,
  getSessionToken,
  getSessionUser,
  getTokenExpiration,
  hasBrowserSession,
  refreshSession,
  saveSession,
  saveSessionUser,
  SessionEnded,
} from '@linkcoin/frontend-shared/session/session.ts';
import { expirationOf } from '@linkcoin/frontend-shared/session/token.ts';
import { isConsoleUser } from './console-access';

export const CONSOLE_ONLY = 'Access restricted to administrators and auditors';
const LOGIN_FAILED = 'Login failed';
const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

type ErrorBody = { message?: unknown };

async function call<T>(path: string, init: RequestInit, token?: string): Promise<T> {
  const response = await fetch(`/api/pageowners${path}`, {
    ...init,
    headers: {
      Accept: 'application/json',
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
  });
  const body = (await response.json().catch(() => ({}))) as T & ErrorBody;
  if (!response.ok) {
    const message = typeof body.message === 'string' && body.message ? body.message : null;
    throw Object.assign(new Error(message ?? LOGIN_FAILED), { status: response.status });
  }
  return body;
}

/**
 * check-auth confirms a token once per page load (and per token): later checks on the same page
 * only look at the expiry, so navigating the console does not call the server.
 */
let confirmed: { token: string; answer: Promise<SessionUser> } | null = null;

function confirmSession(token: string): Promise<SessionUser> {
  if (confirmed?.token !== token) {
    const user = getSessionUser();
    const answer = call<CheckAuthAnswer>(
      '/check-auth',
      { headers: { userid: user?._id ?? '' } },
      token,
    ).then(({ user: current }) => {
      saveSessionUser(current);
      return current;
    });
    confirmed = { token, answer };
    answer.catch(() => {
      if (confirmed?.answer === answer) confirmed = null;
    });
  }
  return confirmed.answer;
}

/**
 * This tab's token: the one in memory while it holds, else a fresh one from the browser's
 * session (a reload, a new tab, an expired access token). Null when the browser has no session.
 */
async function currentToken(): Promise<string | null> {
  const token = getSessionToken();
  const expiration = getTokenExpiration();
  if (token && (expiration === null || expiration > Date.now() + 5_000)) return token;
  if (!token && !hasBrowserSession()) return null;
  try {
    const refreshed = await refreshSession();
    confirmed = { token: refreshed.token, answer: Promise.resolve(refreshed.user) };
    return refreshed.token;
  } catch (error) {
    if (error instanceof SessionEnded) return null;
    throw error;
  }
}

/**
 * The console's sign-in: the marketplace's login endpoint, open to admins and auditors only,
 * with the browser's session shared with the marketplace (session module: the access token in
 * memory, the refresh cookie the page cannot read, tabs told of signing in and out).
 */
export const authProvider: AuthProvider = {
  login: async ({ username, password }: { username: string; password: string }) => {
    const answer = await call<AuthAnswer>('/login', {
      method: 'POST',
      body: JSON.stringify({ email: username, password }),
      headers: CONSOLE_SESSION_HEADERS,
    });
    if (!isConsoleUser(answer.user)) throw new Error(CONSOLE_ONLY);
    saveSession({
      token: answer.token,
      tokenExpiration: expirationOf(answer.token, answer.expiresIn, Date.now()),
      user: answer.user,
    });
    confirmed = { token: answer.token, answer: Promise.resolve(answer.user) };
    announceSession({ type: 'signed-in' });
  },

  checkAuth: async () => {
    const token = await currentToken().catch(() => {
      throw new Error(SESSION_EXPIRED);
    });
    // Nobody signed in yet: straight to the login page, without an error notification.
    if (!token) return Promise.reject({ message: false });
    let user: SessionUser;
    try {
      user = await confirmSession(token);
    } catch {
      throw new Error(SESSION_EXPIRED);
    }
    if (!isConsoleUser(user)) throw new Error(CONSOLE_ONLY);
  },

  checkError: async (error: { status?: number }) => {
    // 401: the session was revoked or has expired (the data provider renewed the token once
    // already). 403 (an auditor trying an admin action) is not a reason to sign out.
    if (error?.status === 401) throw new Error(SESSION_EXPIRED);
  },

  logout: async () => {
    const token = getSessionToken();
    // Only a console session is ended here: a marketplace user who strays onto /admin/ stays
    // signed in to the marketplace.
    if (token && isConsoleUser(getSessionUser())) {
      await call('/logout', { method: 'POST' }, token).catch((error: unknown) =>
        console.warn('Logout failed', error),
      );
      clearSession();
      announceSession({ type: 'signed-out' });
    }
    confirmed = null;
  },

  getIdentity: async () => {
    const user = getSessionUser();
    if (!user) throw new Error('Not signed in');
    return { id: user._id, fullName: user.ownerName };
  },

  getPermissions: async () => {
    if (!getSessionUser()) await currentToken().catch(() => null);
    return getSessionUser()?.roles ?? [];
  },
};

/** The data provider's token: this tab's, renewed from the browser's session when needed. */
export const consoleToken = currentToken;

import type { SessionUser } from '@linkcoin/domain/accounts/contracts.ts';
import { ROLES, type Role } from '@linkcoin/domain/accounts/roles.ts';

/**
 * One session per browser (docs/ARCHITECTURE.md, "Sessions in the browser"). Signing in asks
 * the server for a browser session (`X-LinkCoin-Session: browser`): it answers a short-lived
 * access token, which lives in this module's memory only (never in storage an injected script
 * could read), and sets an HttpOnly refresh cookie the page cannot read. Every tab, and every
 * reload, gets its own access token from `POST /api/pageowners/refresh` with that cookie; tabs
 * take turns (a Web Lock) so the cookie's rotation never races. A readable cookie without any
 * secret (`linkcoin_signed_in`) says whether there is a session worth refreshing. Tabs tell each
 * other about signing in and out on a BroadcastChannel. Both front ends use this module, so
 * signing in on one is signing in on the other (same origin).
 *
 * The spec's `user` key (sessionStorage) still holds the user as last answered, so a reload
 * draws the top bar at once.
 */
export const SESSION_KEYS = { user: 'user' } as const;

/** Sent with every sign-in: the server then opens a browser session. */
export const BROWSER_SESSION_HEADERS: Readonly<Record<string, string>> = {
  'X-LinkCoin-Session': 'browser',
};

/** The console's sign-in: a browser session for admins and auditors only. */
export const CONSOLE_SESSION_HEADERS: Readonly<Record<string, string>> = {
  'X-LinkCoin-Session': 'console',
};

/** The server's readable companion of the refresh cookie. */
export const SIGNED_IN_COOKIE = 'linkcoin_signed_in';

export type { SessionUser };

export type SessionReader = Pick<Storage, 'getItem'>;
export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The tab's sessionStorage (the cached user); every function takes another store for tests. */
export function browserSession(): SessionStore {
  return window.sessionStorage;
}

const isRole = (value: unknown): value is Role => ROLES.some((role) => role === value);

/**
 * The shape of the domain's `sessionUser` schema, checked by hand: this runs on every page, and
 * the schema library is only loaded with the screens that have forms.
 */
export function asSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const { _id, ownerName, email, role, roles, linkCoins, companyName, handle, profilePicUrl } =
    value as Record<string, unknown>;
  if (
    typeof _id !== 'string' ||
    typeof ownerName !== 'string' ||
    typeof email !== 'string' ||
    !isRole(role) ||
    !Array.isArray(roles) ||
    !roles.every(isRole) ||
    typeof linkCoins !== 'number'
  ) {
    return null;
  }
  return {
    _id,
    ownerName,
    email,
    role,
    roles,
    linkCoins,
    companyName: typeof companyName === 'string' ? companyName : null,
    handle: typeof handle === 'string' ? handle : null,
    profilePicUrl: typeof profilePicUrl === 'string' ? profilePicUrl : '',
  };
}

// The access token: this tab's memory only ------------------------------------------------

let access: { token: string; expiresAt: number } | null = null;

/** This tab's access token, or null when it has none. */
export function getSessionToken(): string | null {
  return access?.token ?? null;
}

/** When this tab's access token expires (ms since the epoch), or null without one. */
export function getTokenExpiration(): number | null {
  return access?.expiresAt ?? null;
}

/** Keeps a fresh access token (sign-in, refresh). */
export function saveSessionToken(token: string, tokenExpiration: number): void {
  access = { token, expiresAt: tokenExpiration };
}

/** Forgets this tab's access token. */
export function clearSessionToken(): void {
  access = null;
}

// The cached user ---------------------------------------------------------------------------

/** The user as last answered, or null if absent or not the expected shape. */
export function getSessionUser(storage: SessionReader = browserSession()): SessionUser | null {
  const raw = storage.getItem(SESSION_KEYS.user);
  if (raw === null) return null;
  try {
    return asSessionUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Replaces the cached user (check-auth's, a refresh's, or a profile save's answer). */
export function saveSessionUser(user: SessionUser, storage: SessionStore = browserSession()): void {
  storage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

export type StoredSession = { token: string; tokenExpiration: number; user: SessionUser };

/** Keeps a signed-in session: the token in memory, the user in the tab's storage. */
export function saveSession(
  { token, tokenExpiration, user }: StoredSession,
  storage: SessionStore = browserSession(),
): void {
  saveSessionToken(token, tokenExpiration);
  saveSessionUser(user, storage);
}

/** Forgets the session in this tab: token and user. */
export function clearSession(storage: SessionStore = browserSession()): void {
  clearSessionToken();
  storage.removeItem(SESSION_KEYS.user);
}

// The browser's session ---------------------------------------------------------------------

/** Whether the browser holds a session cookie (read from `document.cookie` unless given). */
export function hasBrowserSession(
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): boolean {
  return cookies
    .split(';')
    .some((part) => part.trim().startsWith(`${SIGNED_IN_COOKIE}=`) && !part.trim().endsWith('='));
}

export type RefreshedSession = Readonly<{ token: string; expiresIn: number; user: SessionUser }>;

/** A refresh the server refused (401): the browser's session has ended. */
export class SessionEnded extends Error {
  readonly serverMessage: string | null;

  constructor(serverMessage: string | null) {
    super(serverMessage ?? 'The session has ended');
    this.name = 'SessionEnded';
    this.serverMessage = serverMessage;
  }
}

let refreshing: Promise<RefreshedSession> | null = null;

const askServer = async (): Promise<RefreshedSession> => {
  const response = await fetch('/api/pageowners/refresh', {
    method: 'POST',
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status === 401) {
    throw new SessionEnded(typeof body.message === 'string' ? body.message : null);
  }
  const user = asSessionUser(body.user);
  const token = typeof body.newToken === 'string' ? body.newToken : null;
  const expiresIn = typeof body.expiresIn === 'number' ? body.expiresIn : null;
  if (!response.ok || !user || !token || expiresIn === null) {
    throw new Error(`The session could not be refreshed (${response.status})`);
  }
  return { token, expiresIn, user };
};

/**
 * A fresh access token for this tab from the browser's refresh cookie, kept in memory with the
 * user. One request at a time per tab, and, where the browser has Web Locks, per browser (the
 * cookie rotates: a tab waits for the other's answer, then sends the cookie it set). Rejects with
 * `SessionEnded` when the server refuses (the session is then cleared here), with another
 * error when it could not be asked (offline).
 */
export function refreshSession(): Promise<RefreshedSession> {
  refreshing ??= (async () => {
    try {
      const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
      const answer = locks
        ? await locks.request('linkcoin-session-refresh', askServer)
        : await askServer();
      saveSession({
        token: answer.token,
        tokenExpiration: Date.now() + answer.expiresIn * 1000,
        user: answer.user,
      });
      return answer;
    } catch (error) {
      if (error instanceof SessionEnded) clearSession();
      throw error;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

// Tabs talking --------------------------------------------------------------------------------

export type SessionMessage = Readonly<{ type: 'signed-in' | 'signed-out' }>;

const CHANNEL = 'linkcoin-session';

/** Tells the browser's other tabs (of either app) that this one signed in or out. */
export function announceSession(message: SessionMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/** Listens to the other tabs; answers the function that stops listening. */
export function onSessionMessage(listener: (message: SessionMessage) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data as Partial<SessionMessage> | null;
    if (data?.type === 'signed-in' || data?.type === 'signed-out') listener({ type: data.type });
  };
  return () => channel.close();
}

import type { SessionUser } from '@linkcoin/domain/accounts/contracts.ts';
import { ROLES, type Role } from '@linkcoin/domain/accounts/roles.ts';

/**
 * The browser session as the spec stores it (section 3): sessionStorage keys `token`,
 * `tokenExpiration` (milliseconds since the epoch) and `user` (JSON). Both front ends read and
 * write these keys through this module, so signing in on one is signing in on the other (they
 * share the origin, hence the storage).
 */
export const SESSION_KEYS = {
  token: 'token',
  tokenExpiration: 'tokenExpiration',
  user: 'user',
} as const;

export type { SessionUser };

export type SessionReader = Pick<Storage, 'getItem'>;
export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The tab's sessionStorage; every function takes another store for tests. */
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
  const { _id, ownerName, email, role, roles, linkCoins } = value as Record<string, unknown>;
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
  return { _id, ownerName, email, role, roles, linkCoins };
}

/** The stored auth token, or null when nobody is signed in. */
export function getSessionToken(storage: SessionReader = browserSession()): string | null {
  const token = storage.getItem(SESSION_KEYS.token);
  return token === null || token === '' ? null : token;
}

/** When the stored token expires (ms since the epoch), or null if absent or unreadable. */
export function getTokenExpiration(storage: SessionReader = browserSession()): number | null {
  const raw = storage.getItem(SESSION_KEYS.tokenExpiration);
  if (raw === null || raw.trim() === '') return null;
  const expiration = Number(raw);
  return Number.isFinite(expiration) ? expiration : null;
}

/** The stored user, or null if absent or not the expected shape. */
export function getSessionUser(storage: SessionReader = browserSession()): SessionUser | null {
  const raw = storage.getItem(SESSION_KEYS.user);
  if (raw === null) return null;
  try {
    return asSessionUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** The spec's initial auth state: authenticated when a token is stored. */
export function hasSessionToken(storage: SessionReader = browserSession()): boolean {
  return getSessionToken(storage) !== null;
}

/** Whether the stored expiry has passed (a session without a readable expiry has not). */
export function isSessionExpired(now: number, storage: SessionReader = browserSession()): boolean {
  const expiration = getTokenExpiration(storage);
  return expiration !== null && expiration <= now;
}

export type StoredSession = { token: string; tokenExpiration: number; user: SessionUser };

/** Keeps a signed-in session (login, registration, admin login, Google, the console). */
export function saveSession(
  { token, tokenExpiration, user }: StoredSession,
  storage: SessionStore = browserSession(),
): void {
  storage.setItem(SESSION_KEYS.token, token);
  storage.setItem(SESSION_KEYS.tokenExpiration, String(tokenExpiration));
  storage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

/** Replaces the stored user (check-auth's answer). */
export function saveSessionUser(user: SessionUser, storage: SessionStore = browserSession()): void {
  storage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

/** Replaces the token after a refresh. */
export function saveSessionToken(
  token: string,
  tokenExpiration: number,
  storage: SessionStore = browserSession(),
): void {
  storage.setItem(SESSION_KEYS.token, token);
  storage.setItem(SESSION_KEYS.tokenExpiration, String(tokenExpiration));
}

/** Forgets the token and its expiry (a failed refresh keeps the user, as the spec says). */
export function clearSessionToken(storage: SessionStore = browserSession()): void {
  storage.removeItem(SESSION_KEYS.token);
  storage.removeItem(SESSION_KEYS.tokenExpiration);
}

/** Forgets the whole session: token, expiry and user. */
export function clearSession(storage: SessionStore = browserSession()): void {
  clearSessionToken(storage);
  storage.removeItem(SESSION_KEYS.user);
}

import { sessionUser, type SessionUser } from '@linkcoin/domain/accounts/contracts.ts';
import type { Role } from '@linkcoin/domain/accounts/roles.ts';

/**
 * The session keys the marketplace uses (spec section 3): the console shares them, so an admin
 * signed in at /adminLogin arrives here signed in.
 */
export const SESSION_KEYS = {
  token: 'token',
  tokenExpiration: 'tokenExpiration',
  user: 'user',
} as const;

/** Who may use the console: admins run it, auditors read it. */
export const CONSOLE_ROLES: readonly Role[] = ['admin', 'auditor'];

export const isConsoleUser = (user: SessionUser | null): user is SessionUser =>
  user !== null && user.roles.some((role) => CONSOLE_ROLES.includes(role));

export function storedToken(): string | null {
  const token = sessionStorage.getItem(SESSION_KEYS.token);
  return token === null || token === '' ? null : token;
}

export function storedExpiration(): number | null {
  const raw = sessionStorage.getItem(SESSION_KEYS.tokenExpiration);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function storedUser(): SessionUser | null {
  const raw = sessionStorage.getItem(SESSION_KEYS.user);
  if (raw === null) return null;
  try {
    const parsed = sessionUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The token's `exp` claim (seconds) in milliseconds, as the spec stores it. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(
      atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')),
    );
    if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return null;
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, expiresIn: number, user: SessionUser): void {
  sessionStorage.setItem(SESSION_KEYS.token, token);
  sessionStorage.setItem(
    SESSION_KEYS.tokenExpiration,
    String(tokenExpiresAt(token) ?? Date.now() + expiresIn * 1000),
  );
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

export function storeUser(user: SessionUser): void {
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) sessionStorage.removeItem(key);
}

import { z } from 'zod';

/**
 * The browser session as the spec stores it (section 3): sessionStorage keys `token`,
 * `tokenExpiration` (milliseconds since the epoch) and `user` (JSON). Read helpers only; the
 * accounts feature writes and clears these keys when it signs people in and out.
 */
export const SESSION_KEYS = {
  token: 'token',
  tokenExpiration: 'tokenExpiration',
  user: 'user',
} as const;

/** The logged-in user as stored: the spec names these fields; anything else is kept as is. */
const sessionUserSchema = z.looseObject({
  _id: z.string(),
  ownerName: z.string(),
  email: z.string(),
  role: z.string(),
  linkCoins: z.number(),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;

type SessionReader = Pick<Storage, 'getItem'>;

function browserSession(): SessionReader {
  return window.sessionStorage;
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
    const parsed = sessionUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The spec's initial auth state: authenticated when a token is stored. Expiry and the server's
 * check-auth answer are the accounts feature's business.
 */
export function hasSessionToken(storage: SessionReader = browserSession()): boolean {
  return getSessionToken(storage) !== null;
}

import { describe, expect, it } from 'vitest';
import {
  SESSION_KEYS,
  clearSession,
  clearSessionToken,
  getSessionToken,
  getSessionUser,
  getTokenExpiration,
  hasSessionToken,
  saveSession,
  saveSessionToken,
  saveSessionUser,
  type SessionUser,
} from './session.ts';

function memoryStorage(entries: Record<string, string> = {}) {
  const data = new Map(Object.entries(entries));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const user: SessionUser = {
  _id: 'u1',
  ownerName: 'Asha',
  email: 'a@x.in',
  role: 'user',
  roles: ['user'],
  linkCoins: 3,
};

describe('session read helpers', () => {
  it('treats a stored token as a session and no token as none', () => {
    expect(hasSessionToken(memoryStorage({ [SESSION_KEYS.token]: 'jwt' }))).toBe(true);
    expect(getSessionToken(memoryStorage({ [SESSION_KEYS.token]: 'jwt' }))).toBe('jwt');
    expect(hasSessionToken(memoryStorage())).toBe(false);
    expect(hasSessionToken(memoryStorage({ [SESSION_KEYS.token]: '' }))).toBe(false);
  });

  it('reads the expiry in milliseconds and ignores garbage', () => {
    expect(getTokenExpiration(memoryStorage({ tokenExpiration: '1767225600000' }))).toBe(
      1767225600000,
    );
    expect(getTokenExpiration(memoryStorage({ tokenExpiration: 'soon' }))).toBeNull();
    expect(getTokenExpiration(memoryStorage())).toBeNull();
  });

  it('reads the stored user and rejects malformed JSON or shapes', () => {
    expect(getSessionUser(memoryStorage({ user: JSON.stringify(user) }))).toEqual(user);
    expect(getSessionUser(memoryStorage({ user: '{not json' }))).toBeNull();
    expect(getSessionUser(memoryStorage({ user: JSON.stringify({ _id: 'u1' }) }))).toBeNull();
    expect(getSessionUser(memoryStorage())).toBeNull();
  });
});

describe('session write helpers', () => {
  it('store the token, its expiry in milliseconds and the user as JSON', () => {
    const storage = memoryStorage();
    saveSession({ token: 'jwt', tokenExpiration: 1767225600000, user }, storage);
    expect(Object.fromEntries(storage.data)).toEqual({
      token: 'jwt',
      tokenExpiration: '1767225600000',
      user: JSON.stringify(user),
    });
    expect(getSessionUser(storage)).toEqual(user);
  });

  it('replace the user or the token alone', () => {
    const storage = memoryStorage();
    saveSession({ token: 'old', tokenExpiration: 1, user }, storage);
    saveSessionUser({ ...user, linkCoins: 9 }, storage);
    saveSessionToken('new', 2, storage);
    expect(getSessionToken(storage)).toBe('new');
    expect(getTokenExpiration(storage)).toBe(2);
    expect(getSessionUser(storage)?.linkCoins).toBe(9);
  });

  it('forget the token (and expiry) alone, or the whole session', () => {
    const storage = memoryStorage();
    saveSession({ token: 'jwt', tokenExpiration: 1, user }, storage);
    clearSessionToken(storage);
    expect([...storage.data.keys()]).toEqual(['user']);
    clearSession(storage);
    expect(storage.data.size).toBe(0);
  });
});

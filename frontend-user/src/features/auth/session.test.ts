import { describe, expect, it } from 'vitest';
import {
  SESSION_KEYS,
  getSessionToken,
  getSessionUser,
  getTokenExpiration,
  hasSessionToken,
} from './session';

function storageWith(entries: Record<string, string>): Pick<Storage, 'getItem'> {
  return { getItem: (key) => entries[key] ?? null };
}

describe('session read helpers', () => {
  it('treats a stored token as a session and no token as none', () => {
    expect(hasSessionToken(storageWith({ [SESSION_KEYS.token]: 'jwt' }))).toBe(true);
    expect(getSessionToken(storageWith({ [SESSION_KEYS.token]: 'jwt' }))).toBe('jwt');
    expect(hasSessionToken(storageWith({}))).toBe(false);
    expect(hasSessionToken(storageWith({ [SESSION_KEYS.token]: '' }))).toBe(false);
  });

  it('reads the expiry in milliseconds and ignores garbage', () => {
    expect(getTokenExpiration(storageWith({ tokenExpiration: '1767225600000' }))).toBe(
      1767225600000,
    );
    expect(getTokenExpiration(storageWith({ tokenExpiration: 'soon' }))).toBeNull();
    expect(getTokenExpiration(storageWith({}))).toBeNull();
  });

  it('reads the stored user and rejects malformed JSON or shapes', () => {
    const user = { _id: 'u1', ownerName: 'Asha', email: 'a@x.in', role: 'user', linkCoins: 3 };
    expect(getSessionUser(storageWith({ user: JSON.stringify(user) }))).toEqual(user);
    expect(getSessionUser(storageWith({ user: '{not json' }))).toBeNull();
    expect(getSessionUser(storageWith({ user: JSON.stringify({ _id: 'u1' }) }))).toBeNull();
    expect(getSessionUser(storageWith({}))).toBeNull();
  });
});

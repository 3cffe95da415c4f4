import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_KEYS,
  SessionEnded,
  clearSession,
  getSessionToken,
  getSessionUser,
  getTokenExpiration,
  hasBrowserSession,
  refreshSession,
  saveSession,
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
  companyName: 'Spice Route',
  handle: null,
  profilePicUrl: '',
};

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession(memoryStorage());
});

describe('the session in a tab', () => {
  it('keeps the access token in memory only, and the user in the tab storage', () => {
    const storage = memoryStorage();
    saveSession({ token: 'jwt', tokenExpiration: 1767225600000, user }, storage);
    expect(getSessionToken()).toBe('jwt');
    expect(getTokenExpiration()).toBe(1767225600000);
    expect(Object.fromEntries(storage.data)).toEqual({ [SESSION_KEYS.user]: JSON.stringify(user) });
    saveSessionUser({ ...user, linkCoins: 9 }, storage);
    expect(getSessionUser(storage)?.linkCoins).toBe(9);
    clearSession(storage);
    expect(getSessionToken()).toBeNull();
    expect(storage.data.size).toBe(0);
  });

  it('reads the cached user and rejects malformed JSON or shapes', () => {
    expect(getSessionUser(memoryStorage({ user: JSON.stringify(user) }))).toEqual(user);
    // Users cached before names and handles were apart read with none.
    const { companyName: _c, handle: _h, profilePicUrl: _p, ...older } = user;
    expect(getSessionUser(memoryStorage({ user: JSON.stringify(older) }))).toEqual({
      ...older,
      companyName: null,
      handle: null,
      profilePicUrl: '',
    });
    expect(getSessionUser(memoryStorage({ user: '{not json' }))).toBeNull();
    expect(getSessionUser(memoryStorage({ user: JSON.stringify({ _id: 'u1' }) }))).toBeNull();
  });

  it("tells from the server's readable cookie whether the browser has a session", () => {
    expect(hasBrowserSession('a=1; linkcoin_signed_in=1')).toBe(true);
    expect(hasBrowserSession('linkcoin_signed_in=')).toBe(false);
    expect(hasBrowserSession('')).toBe(false);
  });
});

describe('refreshing from the cookie', () => {
  const answer = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status }));

  it('keeps the new token and user, one request for tabs asking at once', async () => {
    const fetch = answer(200, { success: true, newToken: 't2', expiresIn: 900, user });
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('sessionStorage', memoryStorage());
    vi.stubGlobal('window', { sessionStorage: memoryStorage() });
    const [a, b] = await Promise.all([refreshSession(), refreshSession()]);
    expect(a.token).toBe('t2');
    expect(b).toBe(a);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(getSessionToken()).toBe('t2');
  });

  it('ends the session here when the server refuses the cookie', async () => {
    vi.stubGlobal('fetch', answer(401, { success: false, message: 'Your session has expired.' }));
    vi.stubGlobal('window', { sessionStorage: memoryStorage() });
    saveSession({ token: 'old', tokenExpiration: 1, user }, memoryStorage());
    await expect(refreshSession()).rejects.toBeInstanceOf(SessionEnded);
    expect(getSessionToken()).toBeNull();
  });
});

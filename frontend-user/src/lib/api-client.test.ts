import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSessionToken, saveSessionToken } from '@linkcoin/frontend-shared/session/session.ts';
import { ApiError, apiRequest, errorMessage, onUnauthorized } from './api-client';

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

/** This tab's access token (memory), and a tab storage for the cached user. */
function signedInAs(token: string) {
  saveSessionToken(token, Date.now() + 60_000);
  const data = new Map<string, string>();
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionToken();
});

describe('api client', () => {
  it('sends JSON to /api and answers the parsed body', async () => {
    const fetch = answer(200, { success: true, message: 'OTP sent to your email address' });
    vi.stubGlobal('fetch', fetch);
    await expect(
      apiRequest('/otp/send-otp', { method: 'POST', body: { userId: 'a@x.in' } }),
    ).resolves.toEqual({ success: true, message: 'OTP sent to your email address' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/otp/send-otp');
    expect(init.body).toBe('{"userId":"a@x.in"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends a form (an upload) as multipart, leaving the content type to the browser', async () => {
    const fetch = answer(201, { success: true, secure_url: '/uploads/a1.jpg' });
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'post.jpg');
    await apiRequest('/uploads/image', { method: 'POST', body: form });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('adds the stored token as a bearer token to authenticated calls only', async () => {
    signedInAs('jwt-1');
    const fetch = answer(200, { success: true });
    vi.stubGlobal('fetch', fetch);
    await apiRequest('/pageowners/check-auth', { auth: true });
    await apiRequest('/public-config');
    const headers = fetch.mock.calls.map(
      (call) => (call as unknown as [string, RequestInit])[1].headers,
    );
    expect(headers[0]).toMatchObject({ Authorization: 'Bearer jwt-1' });
    expect(headers[1]).not.toHaveProperty('Authorization');
  });

  it("maps failures to the status and the server's message", async () => {
    vi.stubGlobal('fetch', answer(429, { success: false, message: 'Please wait 42 seconds' }));
    const failure = await apiRequest('/otp/send-otp', { method: 'POST', body: {} }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 429, serverMessage: 'Please wait 42 seconds' });
    expect(errorMessage(failure, 'Failed to send OTP. Please try again.')).toBe(
      'Please wait 42 seconds',
    );
  });

  it('falls back to the caller’s message without a server message or network', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const badGateway = await apiRequest('/x').catch((error: unknown) => error);
    expect(badGateway).toMatchObject({ status: 502, serverMessage: null });
    expect(errorMessage(badGateway, 'Login failed')).toBe('Login failed');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await apiRequest('/x').catch((error: unknown) => error)).toMatchObject({ status: 0 });
  });

  it('tells the session about a 401 it cannot refresh past, not about a login', async () => {
    signedInAs('revoked');
    vi.stubGlobal('fetch', answer(401, { success: false, message: 'Your session has expired.' }));
    const heard: number[] = [];
    const stop = onUnauthorized((error) => heard.push(error.status));
    try {
      await apiRequest('/pageowners/login', { method: 'POST', body: {} }).catch(() => undefined);
      expect(heard).toEqual([]);
      await apiRequest('/wallet/me', { auth: true }).catch(() => undefined);
      expect(heard).toEqual([401]);
    } finally {
      stop();
    }
  });

  it('renews an expired access token from the browser session and asks once more', async () => {
    signedInAs('expired');
    const user = {
      _id: 'u1',
      ownerName: 'Asha',
      email: 'a@x.in',
      role: 'user',
      roles: ['user'],
      linkCoins: 0,
      companyName: null,
      handle: null,
      profilePicUrl: '',
    };
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/pageowners/refresh') {
        return new Response(JSON.stringify({ newToken: 'fresh', expiresIn: 900, user }));
      }
      const authorised = (init.headers as Record<string, string>).Authorization;
      return authorised === 'Bearer fresh'
        ? new Response(JSON.stringify({ success: true, balance: 4 }))
        : new Response(JSON.stringify({ success: false }), { status: 401 });
    });
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('/wallet/me', { auth: true })).resolves.toEqual({
      success: true,
      balance: 4,
    });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/wallet/me',
      '/api/pageowners/refresh',
      '/api/wallet/me',
    ]);
  });
});

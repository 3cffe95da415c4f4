import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSessionStreamId } from '@linkcoin/domain/accounts/browser-session.ts';
import { headPosition, registerUser } from '../testing/accounts.ts';
import { adjustableClock, startTestServer, type TestServer } from '../testing/test-server.ts';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, SIGNED_IN_COOKIE } from './browser-sessions.ts';

const BROWSER = { 'X-LinkCoin-Session': 'browser' } as const;

/** The refresh cookie a response set (its value and attributes), or null. */
const refreshCookie = (res: request.Response): { value: string; attributes: string } | null => {
  const raw = res.headers['set-cookie'] as unknown;
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  const line = lines.find((l) => l.startsWith(`${REFRESH_COOKIE}=`));
  if (!line) return null;
  const [pair = '', ...attributes] = line.split(';');
  return { value: pair.slice(REFRESH_COOKIE.length + 1), attributes: attributes.join(';') };
};

const cookieHeader = (value: string) => `${REFRESH_COOKIE}=${value}`;

describe('browser sessions over HTTP', () => {
  let server: TestServer;
  const clock = adjustableClock();
  const api = () => request(server.url);

  beforeAll(async () => {
    server = await startTestServer({ clock, env: { LOGIN_ATTEMPTS_PER_WINDOW: '3' } });
  });
  afterAll(async () => {
    await server.stop();
  });

  const signIn = async () => {
    const user = await registerUser(server);
    const res = await api()
      .post('/api/pageowners/login')
      .set(BROWSER)
      .send({ email: user.email, password: user.password })
      .expect(200);
    const cookie = refreshCookie(res);
    if (!cookie) throw new Error('no refresh cookie');
    return { user, res, cookie: cookie.value, attributes: cookie.attributes };
  };

  it('answers the spec body, a short access token and an HttpOnly, SameSite=Strict cookie scoped to /refresh', async () => {
    const { res, attributes, user } = await signIn();
    expect(res.body).toMatchObject({ success: true, token: expect.any(String), expiresIn: 900 });
    expect(res.body.user).toMatchObject({ _id: user.userId, email: user.email });
    expect(attributes).toMatch(/HttpOnly/i);
    expect(attributes).toMatch(/SameSite=Strict/i);
    expect(attributes).toContain(`Path=${REFRESH_COOKIE_PATH}`);
    // Its readable marker (no secret) goes with links from elsewhere too.
    const marker = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith(`${SIGNED_IN_COOKIE}=1`));
    expect(marker).toMatch(/SameSite=Lax/i);
    expect(marker).not.toMatch(/HttpOnly/i);
    // Without the header, nothing changes for the spec's clients (the mobile app).
    const plain = await api()
      .post('/api/pageowners/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    expect(refreshCookie(plain)).toBeNull();
    expect(plain.body.expiresIn).toBe(86_400);
  });

  it('exchanges the cookie for a token and the user, rotating it, as a new tab or a reload does', async () => {
    const { cookie, user } = await signIn();
    const first = await api()
      .post('/api/pageowners/refresh')
      .set('Cookie', cookieHeader(cookie))
      .expect(200);
    expect(first.body).toMatchObject({
      success: true,
      newToken: expect.any(String),
      expiresIn: 900,
      user: { _id: user.userId },
    });
    await api()
      .get('/api/pageowners/check-auth')
      .set('Authorization', `Bearer ${first.body.newToken}`)
      .expect(200);
    const rotated = refreshCookie(first)?.value;
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(cookie);
    // A second tab racing with the first, with the cookie it had: answered, nothing rotated.
    const racing = await api()
      .post('/api/pageowners/refresh')
      .set('Cookie', cookieHeader(cookie))
      .expect(200);
    expect(refreshCookie(racing)).toBeNull();
    await api()
      .post('/api/pageowners/refresh')
      .set('Cookie', cookieHeader(rotated ?? ''))
      .expect(200);
  });

  it('ends the whole session when a retired cookie comes back after the grace (reuse detection)', async () => {
    const { cookie } = await signIn();
    const first = await api()
      .post('/api/pageowners/refresh')
      .set('Cookie', cookieHeader(cookie))
      .expect(200);
    const current = refreshCookie(first)?.value ?? '';
    clock.advance(60_000);
    const reused = await api()
      .post('/api/pageowners/refresh')
      .set('Cookie', cookieHeader(cookie))
      .expect(401);
    expect(reused.body.message).toBe('Your session has expired. Please log in again.');
    expect(refreshCookie(reused)?.attributes).toMatch(/Max-Age=0/i);
    // The holder of the current cookie is signed out too: the family ended.
    await api().post('/api/pageowners/refresh').set('Cookie', cookieHeader(current)).expect(401);
    const store = server.runtime.platform.eventStore;
    const sessionId = cookie.split('.')[0] ?? '';
    const events = await store.readStream(browserSessionStreamId(sessionId));
    expect(events.map((e) => e.type)).toEqual([
      'BrowserSessionStarted',
      'BrowserSessionRefreshed',
      'BrowserSessionEnded',
    ]);
    expect(events.at(-1)?.data).toMatchObject({ reason: 'reuse_detected' });
  });

  it('refuses unknown cookies without appending, and every cookie once the account logged out', async () => {
    const { cookie, res } = await signIn();
    const before = await headPosition(server);
    const forged = `${cookie.split('.')[0]}.${'A'.repeat(43)}`;
    await api().post('/api/pageowners/refresh').set('Cookie', cookieHeader(forged)).expect(401);
    await api().post('/api/pageowners/refresh').set('Cookie', cookieHeader('junk')).expect(401);
    expect(await headPosition(server)).toBe(before);
    const out = await api()
      .post('/api/pageowners/logout')
      .set('Authorization', `Bearer ${res.body.token}`)
      .expect(200);
    expect(refreshCookie(out)?.attributes).toMatch(/Max-Age=0/i);
    await api().post('/api/pageowners/refresh').set('Cookie', cookieHeader(cookie)).expect(401);
  });

  it("opens the console's session for admins and auditors only", async () => {
    const brand = await registerUser(server);
    const res = await api()
      .post('/api/pageowners/login')
      .set('X-LinkCoin-Session', 'console')
      .send({ email: brand.email, password: brand.password })
      .expect(200);
    expect(refreshCookie(res)).toBeNull();
  });

  it('keeps the spec refresh for a bearer token', async () => {
    const user = await registerUser(server);
    const res = await api()
      .post('/api/pageowners/refresh')
      .set('Authorization', `Bearer ${user.token}`)
      .expect(200);
    expect(res.body).toMatchObject({ success: true, newToken: expect.any(String) });
    await api().post('/api/pageowners/refresh').expect(401);
  });

  it("never trades a browser's short access token for a long bearer token", async () => {
    // A script that read the in-memory access token must not turn it into a 24-hour token (nor
    // keep a session alive after its cookie was found reused): browsers refresh by cookie only.
    const { res, cookie } = await signIn();
    const traded = await api()
      .post('/api/pageowners/refresh')
      .set('Authorization', `Bearer ${res.body.token}`)
      .expect(401);
    expect(traded.body).toEqual({
      success: false,
      message: 'Your session has expired. Please log in again.',
    });
    expect(traded.body.newToken).toBeUndefined();
    // The access token itself still works until it expires, and the cookie still refreshes.
    await api()
      .get('/api/pageowners/check-auth')
      .set('Authorization', `Bearer ${res.body.token}`)
      .expect(200);
    const refreshed = await api()
      .post('/api/pageowners/refresh')
      .set('Cookie', cookieHeader(cookie))
      .set('Authorization', `Bearer ${res.body.token}`)
      .expect(200);
    expect(refreshed.body.expiresIn).toBe(900);
    // Nor is the token a refreshed cookie answers.
    await api()
      .post('/api/pageowners/refresh')
      .set('Authorization', `Bearer ${refreshed.body.newToken}`)
      .expect(401);
  });

  it('never counts successful sign-ins toward the limit; failures still do', async () => {
    const user = await registerUser(server);
    for (let i = 0; i < 15; i++) {
      await api()
        .post('/api/pageowners/login')
        .send({ email: user.email, password: user.password })
        .expect(200);
    }
    for (let i = 0; i < 3; i++) {
      await api()
        .post('/api/pageowners/login')
        .send({ email: user.email, password: 'wrong password' })
        .expect(401);
    }
    await api()
      .post('/api/pageowners/login')
      .send({ email: user.email, password: user.password })
      .expect(429);
  });

  it('changes the password with the current one, ending the other sessions', async () => {
    const { user, res: signedIn, cookie } = await signIn();
    const other = await api()
      .post('/api/pageowners/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    const wrong = await api()
      .post('/api/pageowners/change-password')
      .set('Authorization', `Bearer ${signedIn.body.token}`)
      .send({ currentPassword: 'not it', newPassword: 'a brand new one' })
      .expect(400);
    expect(wrong.body.message).toBe('Your current password is not correct.');
    const changed = await api()
      .post('/api/pageowners/change-password')
      .set(BROWSER)
      .set('Authorization', `Bearer ${signedIn.body.token}`)
      .send({ currentPassword: user.password, newPassword: 'a brand new one' })
      .expect(200);
    expect(changed.body).toMatchObject({
      success: true,
      token: expect.any(String),
      message: 'Your password has been changed.',
    });
    expect(refreshCookie(changed)).not.toBeNull();
    await api()
      .get('/api/pageowners/check-auth')
      .set('Authorization', `Bearer ${other.body.token}`)
      .expect(401);
    await api().post('/api/pageowners/refresh').set('Cookie', cookieHeader(cookie)).expect(401);
    await api()
      .get('/api/pageowners/check-auth')
      .set('Authorization', `Bearer ${changed.body.token}`)
      .expect(200);
    await api()
      .post('/api/pageowners/login')
      .send({ email: user.email, password: 'a brand new one' })
      .expect(200);
  });
});

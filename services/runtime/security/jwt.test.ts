/**
 * Session tokens tampered with as an attacker would: every variant is a 401 with the session
 * message, on a signed-in endpoint, an admin-only endpoint and the WebSocket upgrade alike.
 */
import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import { GATEWAY_PROTOCOL } from '../../platform/gateway/gateway.ts';
import { adminEnv, loginAdmin, registerUser, type TestUser } from '../../testing/accounts.ts';
import { adjustableClock, startTestServer, type TestServer } from '../../testing/test-server.ts';

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const partsOf = (token: string) => {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
    signature,
    raw: { header, payload },
  };
};

describe('tampered session tokens', () => {
  let server: TestServer;
  let member: TestUser;
  let admin: TestUser;
  const clock = adjustableClock();
  const variants = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer({ clock, env: adminEnv });
    member = await registerUser(server);
    admin = await loginAdmin(server);
    const { header, payload, signature, raw } = partsOf(member.token);
    const secret = new TextEncoder().encode(server.runtime.platform.secrets.jwtSecret);
    const now = Math.floor(clock.now().getTime() / 1000);
    const sign = (claims: Record<string, unknown>, key = secret) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

    variants.set('alg none', `${base64url({ alg: 'none', typ: 'JWT' })}.${raw.payload}.`);
    variants.set(
      'alg none, admin roles',
      `${base64url({ alg: 'none' })}.${base64url({ ...payload, roles: ['admin'] })}.`,
    );
    variants.set(
      'signature of another token',
      `${raw.header}.${raw.payload}.${partsOf(admin.token).signature}`,
    );
    variants.set('flipped signature', `${raw.header}.${raw.payload}.${signature.slice(0, -2)}AA`);
    variants.set('no signature', `${raw.header}.${raw.payload}.`);
    variants.set(
      'payload naming the admin, old signature',
      `${raw.header}.${base64url({ ...payload, sub: admin.userId, roles: ['admin'] })}.${signature}`,
    );
    variants.set(
      'roles raised, old signature',
      `${raw.header}.${base64url({ ...payload, roles: ['admin', 'auditor'] })}.${signature}`,
    );
    variants.set(
      'expiry pushed back, old signature',
      `${raw.header}.${base64url({ ...payload, exp: now + 10 * 365 * 86_400 })}.${signature}`,
    );
    variants.set(
      'signed with another secret',
      await sign({ ...payload }, new TextEncoder().encode('x'.repeat(48))),
    );
    variants.set('wrong issuer', await sign({ ...payload, iss: 'someone-else' }));
    variants.set('wrong audience', await sign({ ...payload, aud: 'another-app' }));
    variants.set('no expiry', await sign({ ...payload, exp: undefined }));
    variants.set('an old token version', await sign({ ...payload, tv: -1 }));
    variants.set('a user who does not exist', await sign({ ...payload, sub: 'nobody-at-all' }));
    variants.set(
      'RS256 (algorithm confusion)',
      await new SignJWT({ ...payload }).setProtectedHeader({ alg: 'RS256' }).sign(privateKey),
    );
    variants.set(
      'kid pointing elsewhere',
      `${base64url({ ...header, kid: '../../secrets.json' })}.${raw.payload}.${signature}`,
    );
    variants.set('garbage', 'not.a.token');
    variants.set('two segments', `${raw.header}.${raw.payload}`);
    variants.set('huge', `${raw.header}.${'A'.repeat(6000)}.${signature}`);
    variants.set('unicode', `${raw.header}.${raw.payload}.${signature}é`);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses every tampered variant on a signed-in endpoint with 401', async () => {
    expect(variants.size).toBeGreaterThanOrEqual(20);
    for (const [name, token] of variants) {
      const answer = await request(server.url)
        .get('/api/pageowners/check-auth')
        .set('Authorization', `Bearer ${token}`);
      expect([name, answer.status]).toEqual([name, 401]);
      expect(answer.body).toEqual({ success: false, message: M.sessionExpired });
    }
    // The genuine token still works: the refusals were about the tampering.
    await request(server.url)
      .get('/api/pageowners/check-auth')
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
  });

  it('never lets a tampered token into an admin endpoint', async () => {
    for (const [name, token] of variants) {
      const answer = await request(server.url)
        .get('/api/admin/user-overviews')
        .set('Authorization', `Bearer ${token}`);
      expect([name, answer.status]).toEqual([name, 401]);
    }
  });

  it('refuses malformed Authorization headers', async () => {
    for (const header of [
      'Bearer',
      'Bearer ',
      'Basic abc',
      `Token ${member.token}`,
      'Bearer a b',
    ]) {
      const answer = await request(server.url)
        .get('/api/pageowners/check-auth')
        .set('Authorization', header);
      expect([header, answer.status]).toEqual([header, 401]);
    }
  });

  it('refuses a token past its expiry, and a token revoked by logout', async () => {
    const fresh = await registerUser(server);
    clock.advance(2 * 86_400_000);
    await request(server.url)
      .get('/api/pageowners/check-auth')
      .set('Authorization', `Bearer ${fresh.token}`)
      .expect(401);
    const login = await request(server.url)
      .post('/api/pageowners/login')
      .send({ email: fresh.email, password: fresh.password })
      .expect(200);
    const token = login.body.token as string;
    await request(server.url)
      .post('/api/pageowners/logout')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    await request(server.url)
      .get('/api/pageowners/check-auth')
      .set('Authorization', `Bearer ${token}`)
      .expect(401);
  });

  it('refuses tampered tokens at the WebSocket upgrade', async () => {
    const wsUrl = `${server.url.replace('http', 'ws')}/ws`;
    for (const name of [
      'alg none',
      'payload naming the admin, old signature',
      'signed with another secret',
    ]) {
      const status = await new Promise<number>((settle) => {
        const socket = new WebSocket(wsUrl, [GATEWAY_PROTOCOL, variants.get(name)!]);
        socket.once('open', () => settle(101));
        socket.once('unexpected-response', (_req, res) => settle(res.statusCode ?? 0));
        socket.once('error', () => settle(-1));
      });
      expect([name, status]).toEqual([name, 401]);
    }
  });
});

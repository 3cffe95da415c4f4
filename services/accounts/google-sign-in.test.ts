import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type CryptoKey } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headPosition, registerUser } from '../testing/accounts.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const CLIENT_ID = '1234567890-linkcoin.apps.googleusercontent.com';

type Keys = { privateKey: CryptoKey; jwk: JWK };
const makeKeys = async (kid: string): Promise<Keys> => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
};

describe('Google sign-in', () => {
  let jwks: Server;
  let server: TestServer;
  let google: Keys;
  let stranger: Keys;
  let n = 0;

  const idToken = async (
    claims: Record<string, unknown> = {},
    options: {
      keys?: Keys;
      kid?: string;
      audience?: string;
      issuer?: string;
      expiresIn?: string | number;
    } = {},
  ) => {
    const keys = options.keys ?? google;
    const email = (claims.email as string | undefined) ?? `g${++n}-${Date.now()}@gmail.com`;
    return new SignJWT({ email, email_verified: true, name: 'Meera Google', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? (keys.jwk.kid as string) })
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience ?? CLIENT_ID)
      .setSubject((claims.sub as string | undefined) ?? `1098765432${n}`)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '1h')
      .sign(keys.privateKey);
  };

  const signIn = (credential: string, role?: string) =>
    request(server.url)
      .post('/api/pageowners/google')
      .send(role ? { credential, role } : { credential });

  beforeAll(async () => {
    google = await makeKeys('google-key-1');
    stranger = await makeKeys('google-key-1'); // same kid, different key: a forged signature
    jwks = createServer((req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ keys: [google.jwk] }));
    });
    await new Promise<void>((done) => jwks.listen(0, '127.0.0.1', done));
    const port = (jwks.address() as AddressInfo).port;
    server = await startTestServer({
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs`,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((done) => jwks.close(done));
  });

  it('tells the front ends the client id, so they show the button', async () => {
    await request(server.url)
      .get('/api/public-config')
      .expect(200, { googleClientId: CLIENT_ID, youtubeVerification: false, payments: 'sandbox' });
  });

  it('registers a new user from the registration screen, without any password', async () => {
    const credential = await idToken({ sub: 'google-sub-777', email: 'Meera.New@Gmail.com' });
    const res = await signIn(credential, 'influencer').expect(201);
    expect(res.body).toMatchObject({
      success: true,
      isNewUser: true,
      token: expect.any(String),
      user: { email: 'meera.new@gmail.com', ownerName: 'Meera Google', role: 'influencer' },
    });
    const events = await server.runtime.platform.eventStore.readStream(
      `account-${res.body.user._id}`,
    );
    expect(events[0]!.data).toMatchObject({
      passwordHash: null,
      googleSub: 'google-sub-777',
      emailProof: 'google',
    });
    // The Google subject is not a password.
    await request(server.url)
      .post('/api/pageowners/login')
      .send({ email: 'meera.new@gmail.com', password: 'google-sub-777' })
      .expect(401);
    // Signing in again, from the login screen, finds the same account.
    const again = await signIn(
      await idToken({ sub: 'google-sub-777', email: 'meera.new@gmail.com' }),
    ).expect(200);
    expect(again.body).toMatchObject({ isNewUser: false, user: { _id: res.body.user._id } });
  });

  it('links Google to an existing password account with the same address', async () => {
    const user = await registerUser(server, { email: `linked-${Date.now()}@gmail.com` });
    const res = await signIn(await idToken({ sub: 'google-sub-linked', email: user.email })).expect(
      200,
    );
    expect(res.body.user._id).toBe(user.userId);
    const events = await server.runtime.platform.eventStore.readStream(`account-${user.userId}`);
    expect(events.map((e) => e.type)).toContain('GoogleAccountLinked');
    await signIn(await idToken({ sub: 'another-google-account', email: user.email })).expect(409);
  });

  const refused = async (credential: string, status: number, message: string, role = 'user') => {
    const before = await headPosition(server);
    const res = await signIn(credential, role).expect(status);
    expect(res.body).toEqual({ success: false, message });
    expect(await headPosition(server)).toBe(before);
  };

  it('refuses a token for another audience', async () => {
    await refused(
      await idToken({}, { audience: 'someone-else.apps.googleusercontent.com' }),
      401,
      'Google sign-in failed. Please try again.',
    );
  });

  it('refuses an expired token', async () => {
    await refused(
      await idToken({}, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
      401,
      'Google sign-in failed. Please try again.',
    );
  });

  it('refuses a token with a bad signature', async () => {
    await refused(
      await idToken({}, { keys: stranger }),
      401,
      'Google sign-in failed. Please try again.',
    );
  });

  it('refuses a token signed by an unknown key', async () => {
    await refused(
      await idToken({}, { kid: 'unknown-key' }),
      401,
      'Google sign-in failed. Please try again.',
    );
  });

  it('refuses a token from another issuer', async () => {
    await refused(
      await idToken({}, { issuer: 'https://evil.example' }),
      401,
      'Google sign-in failed. Please try again.',
    );
  });

  it('refuses an unverified Google address', async () => {
    await refused(
      await idToken({ email_verified: false }),
      401,
      'Your Google email address is not verified.',
    );
  });

  it('refuses an unknown address from the login screen (no role given)', async () => {
    const before = await headPosition(server);
    await signIn(await idToken()).expect(404, {
      success: false,
      message: 'No account uses this Google address yet. Please sign up first.',
    });
    expect(await headPosition(server)).toBe(before);
  });

  it('refuses garbage and missing credentials', async () => {
    await signIn('not-a-jwt-but-long-enough-to-pass').expect(401);
    await request(server.url).post('/api/pageowners/google').send({}).expect(400);
  });
});

describe('Google sign-in without a client id', () => {
  it('is not offered and refuses to sign in', async () => {
    const server = await startTestServer();
    try {
      await request(server.url)
        .get('/api/public-config')
        .expect(200, { googleClientId: null, youtubeVerification: false, payments: 'sandbox' });
      await request(server.url)
        .post('/api/pageowners/google')
        .send({ credential: 'x'.repeat(100), role: 'user' })
        .expect(404, { success: false, message: 'Google sign-in is not available here.' });
    } finally {
      await server.stop();
    }
  });
});

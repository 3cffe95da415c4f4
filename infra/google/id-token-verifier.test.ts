import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleIdTokenVerifier, GoogleTokenRejected } from './id-token-verifier.ts';

const CLIENT_ID = 'client-1.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.com';

type Keys = { privateKey: CryptoKey; jwk: JWK };
const makeKeys = async (kid: string): Promise<Keys> => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
};

describe('the Google ID token verifier', () => {
  let jwks: Server;
  let verifier: GoogleIdTokenVerifier;
  let google: Keys;
  let forger: Keys;
  const now = new Date();

  const token = (
    claims: Record<string, unknown> = {},
    options: { keys?: Keys; audience?: string; issuer?: string; expiresAt?: number } = {},
  ) =>
    new SignJWT({ email: 'Meera@Gmail.com', email_verified: true, name: 'Meera', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'key-1' })
      .setIssuer(options.issuer ?? ISSUER)
      .setAudience(options.audience ?? CLIENT_ID)
      .setSubject('109876543210')
      .setIssuedAt(Math.floor(now.getTime() / 1000) - 60)
      .setExpirationTime(options.expiresAt ?? Math.floor(now.getTime() / 1000) + 3600)
      .sign((options.keys ?? google).privateKey);

  beforeAll(async () => {
    google = await makeKeys('key-1');
    forger = await makeKeys('key-1'); // the same key id, another key: a forged signature
    jwks = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ keys: [google.jwk] }));
    });
    await new Promise<void>((done) => jwks.listen(0, '127.0.0.1', done));
    verifier = new GoogleIdTokenVerifier({
      clientId: CLIENT_ID,
      jwksUrl: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`,
      issuers: [ISSUER, 'accounts.google.com'],
    });
  });
  afterAll(async () => {
    await new Promise((done) => jwks.close(done));
  });

  it('answers the identity of a valid token, the address lower-cased', async () => {
    expect(await verifier.verify(await token(), now)).toEqual({
      sub: '109876543210',
      email: 'meera@gmail.com',
      emailVerified: true,
      name: 'Meera',
    });
    expect(verifier.clientId).toBe(CLIENT_ID);
  });

  it('refuses a forged signature, another audience, another issuer and an expired token', async () => {
    const refused = [
      await token({}, { keys: forger }),
      await token({}, { audience: 'another-app' }),
      await token({}, { issuer: 'https://evil.example' }),
      await token({}, { expiresAt: Math.floor(now.getTime() / 1000) - 10 }),
      'not-a-jwt',
    ];
    for (const credential of refused) {
      await expect(verifier.verify(credential, now)).rejects.toBeInstanceOf(GoogleTokenRejected);
    }
  });

  it('refuses a token without an e-mail address', async () => {
    await expect(verifier.verify(await token({ email: undefined }), now)).rejects.toThrow(
      'no email in the token',
    );
  });
});

import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { SessionTokens } from './session-tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const subject = { userId: 'user-1', roles: ['influencer'] as const, tokenVersion: 3 };
const at = (seconds: number) => new Date(seconds * 1000);

describe('session tokens', () => {
  it('verifies a token it issued, again and again, with the same claims', async () => {
    const tokens = new SessionTokens(SECRET, 600);
    const { token, expiresAt } = await tokens.issue(subject, at(1_000_000));
    for (const now of [1_000_000, 1_000_001, 1_000_599]) {
      expect(await tokens.verify(token, at(now))).toEqual({
        valid: true,
        claims: { ...subject, roles: ['influencer'], expiresAt, browserAccess: false },
      });
    }
  });

  it("tells a browser session's access token from a bearer token", async () => {
    const tokens = new SessionTokens(SECRET, 600);
    const access = await tokens.issue(subject, at(1_000_000), 60, { browserAccess: true });
    const verdict = await tokens.verify(access.token, at(1_000_000));
    expect(verdict).toMatchObject({ valid: true, claims: { browserAccess: true } });
  });

  it('refuses a remembered token once it has expired, exactly when jose would', async () => {
    const tokens = new SessionTokens(SECRET, 600);
    const { token } = await tokens.issue(subject, at(1_000_000));
    expect((await tokens.verify(token, at(1_000_000))).valid).toBe(true);
    expect((await tokens.verify(token, new Date(1_000_599_999))).valid).toBe(true);
    expect(await tokens.verify(token, at(1_000_600))).toEqual({ valid: false, reason: 'expired' });
    // And a fresh instance (nothing remembered) says the same.
    const fresh = new SessionTokens(SECRET, 600);
    expect(await fresh.verify(token, at(1_000_600))).toEqual({ valid: false, reason: 'expired' });
  });

  it('never lets a remembered token vouch for a tampered one', async () => {
    const tokens = new SessionTokens(SECRET, 600);
    const { token } = await tokens.issue(subject, at(1_000_000));
    expect((await tokens.verify(token, at(1_000_000))).valid).toBe(true);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    const raised = Buffer.from(JSON.stringify({ ...claims, roles: ['admin'] })).toString(
      'base64url',
    );
    for (const tampered of [
      `${header}.${raised}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -2)}AA`,
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`,
    ]) {
      expect(await tokens.verify(tampered, at(1_000_000))).toEqual({
        valid: false,
        reason: 'invalid',
      });
    }
  });

  it('does not remember refusals: a token signed with another key stays invalid', async () => {
    const tokens = new SessionTokens(SECRET, 600);
    const foreign = await new SignJWT({ roles: ['admin'], tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setIssuer('linkcoin')
      .setAudience('linkcoin-session')
      .setIssuedAt(1_000_000)
      .setExpirationTime(1_000_600)
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'));
    for (let i = 0; i < 2; i++) {
      expect((await tokens.verify(foreign, at(1_000_000))).valid).toBe(false);
    }
  });

  it('keeps a bounded number of tokens, and verifies a forgotten one in full again', async () => {
    const tokens = new SessionTokens(SECRET, 600, 2);
    const issued = await Promise.all(
      [1, 2, 3].map((tokenVersion) => tokens.issue({ ...subject, tokenVersion }, at(1_000_000))),
    );
    for (const { token } of issued)
      expect((await tokens.verify(token, at(1_000_000))).valid).toBe(true);
    // The first was forgotten (capacity 2): it is verified again, and still valid.
    expect(await tokens.verify(issued[0]!.token, at(1_000_001))).toMatchObject({
      valid: true,
      claims: { tokenVersion: 1 },
    });
  });
});

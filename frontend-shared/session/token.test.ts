import { describe, expect, it } from 'vitest';
import { expirationOf, tokenExpiresAt } from './token.ts';

const base64url = (value: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (claims: object) => `${base64url({ alg: 'HS256' })}.${base64url(claims)}.signature`;

describe('token expiry', () => {
  it('reads exp (seconds) as milliseconds', () => {
    expect(tokenExpiresAt(jwt({ sub: 'u1', exp: 1_767_225_600 }))).toBe(1_767_225_600_000);
  });

  it('reads payloads that need base64url padding and characters', () => {
    const token = jwt({ name: 'ÿÿ~~??>>', exp: 2_000_000_000 });
    expect(tokenExpiresAt(token)).toBe(2_000_000_000_000);
  });

  it('answers null for tokens without a readable exp', () => {
    expect(tokenExpiresAt('not-a-token')).toBeNull();
    expect(tokenExpiresAt('a.%%%.c')).toBeNull();
    expect(tokenExpiresAt(jwt({ sub: 'u1' }))).toBeNull();
    expect(tokenExpiresAt(jwt({ exp: 'tomorrow' }))).toBeNull();
  });

  it('falls back to now + expiresIn when the token names no expiry', () => {
    expect(expirationOf(jwt({ exp: 100 }), 60, 5_000)).toBe(100_000);
    expect(expirationOf('opaque', 60, 5_000)).toBe(65_000);
  });
});

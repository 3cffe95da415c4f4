import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '@linkcoin/domain/accounts/roles.ts';

const ISSUER = 'linkcoin';
const AUDIENCE = 'linkcoin-session';

export type SessionClaims = Readonly<{
  userId: string;
  roles: readonly Role[];
  /** The account's token version when issued: logout and password reset move it on. */
  tokenVersion: number;
  /** Expiry, in seconds since the epoch (the spec's clients read `exp` x 1000). */
  expiresAt: number;
  /**
   * A browser session's short access token (claim `bs`): it is renewed by the session's cookie
   * only, never traded for a long bearer token at `/refresh` (docs/ARCHITECTURE.md, 5.5).
   */
  browserAccess: boolean;
}>;

export type IssuedToken = Readonly<{ token: string; expiresIn: number; expiresAt: number }>;

export type TokenVerdict =
  | Readonly<{ valid: true; claims: SessionClaims }>
  | Readonly<{ valid: false; reason: 'expired' | 'invalid' }>;

/** A verified token's expiry and its verdict (frozen claims: the same answer every time). */
type Remembered = Readonly<{ expiresAt: number; verdict: TokenVerdict }>;

const EXPIRED: TokenVerdict = Object.freeze({ valid: false, reason: 'expired' });

/** How many verified tokens are remembered (about 300 bytes each); the oldest go first. */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Signed session tokens (HS256 JWTs with `exp` in seconds).
 *
 * A token whose signature and claims were verified once is remembered, by its exact text, with
 * its claims: a signature over the same bytes with the same key verifies the same way every
 * time, so the next request with that token skips the HMAC (a quarter of a signed-in read) and
 * only the expiry is checked again against `now`. Nothing else is cached: a token that failed
 * is verified in full every time, and revocation (the account's token version) is checked by
 * the authenticator on every request, against the account as it is now.
 */
export class SessionTokens {
  readonly #key: Uint8Array;
  readonly #ttlSeconds: number;
  readonly #verified = new Map<string, Remembered>();
  readonly #capacity: number;

  constructor(secret: string, ttlSeconds: number, capacity = VERIFIED_TOKENS_KEPT) {
    this.#key = new TextEncoder().encode(secret);
    this.#ttlSeconds = ttlSeconds;
    this.#capacity = capacity;
  }

  /** Signs a token for `ttlSeconds` (the configured lifetime unless a shorter one is given). */
  async issue(
    subject: { userId: string; roles: readonly Role[]; tokenVersion: number },
    now: Date,
    ttlSeconds: number = this.#ttlSeconds,
    options: Readonly<{ browserAccess?: boolean }> = {},
  ): Promise<IssuedToken> {
    const lifetime = Math.max(1, Math.min(Math.floor(ttlSeconds), this.#ttlSeconds));
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = issuedAt + lifetime;
    const token = await new SignJWT({
      roles: subject.roles,
      tv: subject.tokenVersion,
      ...(options.browserAccess ? { bs: 1 } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .setJti(crypto.randomUUID())
      .sign(this.#key);
    return { token, expiresIn: lifetime, expiresAt };
  }

  async verify(token: string, now: Date): Promise<TokenVerdict> {
    const known = this.verifyRemembered(token, now);
    if (known) return known;
    const verdict = await this.#verifyFully(token, now);
    if (verdict.valid) this.#remember(token, verdict.claims);
    return verdict;
  }

  /**
   * The verdict on a token verified before, without waiting (`verify` gives the same, as a
   * promise); undefined for a token not remembered, which only `verify` can judge.
   */
  verifyRemembered(token: string, now: Date): TokenVerdict | undefined {
    const known = this.#verified.get(token);
    if (!known) return undefined;
    // As jose checks it: expired once `exp` is not after the current second.
    if (known.expiresAt > Math.floor(now.getTime() / 1000)) return known.verdict;
    this.#verified.delete(token);
    return EXPIRED;
  }

  #remember(token: string, claims: SessionClaims): void {
    if (this.#capacity <= 0) return;
    this.#verified.set(token, {
      expiresAt: claims.expiresAt,
      verdict: Object.freeze({ valid: true, claims }),
    });
    // A Map keeps insertion order: the first key is the oldest.
    if (this.#verified.size > this.#capacity) {
      this.#verified.delete(this.#verified.keys().next().value as string);
    }
  }

  async #verifyFully(token: string, now: Date): Promise<TokenVerdict> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: now,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const roles = payload.roles;
      const tokenVersion = payload.tv;
      if (
        !Array.isArray(roles) ||
        typeof tokenVersion !== 'number' ||
        !payload.sub ||
        !payload.exp
      ) {
        return { valid: false, reason: 'invalid' };
      }
      // Frozen: the same claims answer every later request with this token.
      return {
        valid: true,
        claims: Object.freeze({
          userId: payload.sub,
          roles: Object.freeze([...(roles as Role[])]),
          tokenVersion,
          expiresAt: payload.exp,
          browserAccess: payload.bs === 1,
        }),
      };
    } catch (error) {
      return { valid: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

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
}>;

export type IssuedToken = Readonly<{ token: string; expiresIn: number; expiresAt: number }>;

export type TokenVerdict =
  | Readonly<{ valid: true; claims: SessionClaims }>
  | Readonly<{ valid: false; reason: 'expired' | 'invalid' }>;

/** Signed session tokens (HS256 JWTs with `exp` in seconds). */
export class SessionTokens {
  readonly #key: Uint8Array;
  readonly #ttlSeconds: number;

  constructor(secret: string, ttlSeconds: number) {
    this.#key = new TextEncoder().encode(secret);
    this.#ttlSeconds = ttlSeconds;
  }

  async issue(
    subject: { userId: string; roles: readonly Role[]; tokenVersion: number },
    now: Date,
  ): Promise<IssuedToken> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = issuedAt + this.#ttlSeconds;
    const token = await new SignJWT({ roles: subject.roles, tv: subject.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .setJti(crypto.randomUUID())
      .sign(this.#key);
    return { token, expiresIn: this.#ttlSeconds, expiresAt };
  }

  async verify(token: string, now: Date): Promise<TokenVerdict> {
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
      return {
        valid: true,
        claims: {
          userId: payload.sub,
          roles: roles as Role[],
          tokenVersion,
          expiresAt: payload.exp,
        },
      };
    } catch (error) {
      return { valid: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

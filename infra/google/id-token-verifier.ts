import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';

export type GoogleIdentity = Readonly<{
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}>;

export type GoogleSettings = Readonly<{
  clientId: string;
  jwksUrl: string;
  issuers: readonly string[];
}>;

export class GoogleTokenRejected extends Error {
  constructor(reason: string) {
    super(`Google ID token rejected: ${reason}`);
    this.name = 'GoogleTokenRejected';
  }
}

/**
 * Verifies Google ID tokens on the server (DESIGN 5.5): signature against Google's published
 * keys (JWKS, cached by jose), audience (our client id), issuer and expiry.
 */
export class GoogleIdTokenVerifier {
  readonly #settings: GoogleSettings;
  readonly #keys: JWTVerifyGetKey;

  constructor(settings: GoogleSettings) {
    this.#settings = settings;
    this.#keys = createRemoteJWKSet(new URL(settings.jwksUrl), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60 * 1000,
    });
  }

  get clientId(): string {
    return this.#settings.clientId;
  }

  async verify(credential: string, now: Date): Promise<GoogleIdentity> {
    let payload;
    try {
      ({ payload } = await jwtVerify(credential, this.#keys, {
        audience: this.#settings.clientId,
        issuer: [...this.#settings.issuers],
        algorithms: ['RS256'],
        currentDate: now,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      const reason =
        error instanceof errors.JWTExpired
          ? 'expired'
          : error instanceof errors.JWTClaimValidationFailed
            ? `claim ${error.claim} invalid`
            : error instanceof errors.JWKSNoMatchingKey
              ? 'unknown signing key'
              : error instanceof errors.JWSSignatureVerificationFailed
                ? 'bad signature'
                : error instanceof Error
                  ? error.message
                  : 'unverifiable';
      throw new GoogleTokenRejected(reason);
    }
    if (typeof payload.email !== 'string' || !payload.sub) {
      throw new GoogleTokenRejected('no email in the token');
    }
    return {
      sub: payload.sub,
      email: payload.email.trim().toLowerCase(),
      emailVerified: payload.email_verified === true,
      name: typeof payload.name === 'string' ? payload.name : null,
    };
  }
}

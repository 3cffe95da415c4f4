import { createHash, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { OTP_LENGTH } from '@linkcoin/domain/accounts/contracts.ts';

/**
 * One-time codes never reach the event store in clear: they are kept as an HMAC keyed by a
 * secret derived from the server's secret, so even a copy of the log does not give them away.
 */
export class OtpCodes {
  readonly #key: Buffer;

  constructor(serverSecret: string) {
    this.#key = Buffer.from(
      hkdfSync('sha256', serverSecret, 'linkcoin', 'email one-time codes', 32),
    );
  }

  /** Six random digits, uniformly drawn. */
  generate(): string {
    return randomInt(0, 10 ** OTP_LENGTH)
      .toString()
      .padStart(OTP_LENGTH, '0');
  }

  hash(email: string, code: string): string {
    return createHmac('sha256', this.#key).update(`${email}\n${code.trim()}`).digest('base64url');
  }

  /** A single-use proof that an address was verified; only its hash is stored. */
  verificationToken(): { token: string; hash: string } {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: OtpCodes.hashToken(token) };
  }

  static hashToken(token: string): string {
    return createHash('sha256').update(token).digest('base64url');
  }
}

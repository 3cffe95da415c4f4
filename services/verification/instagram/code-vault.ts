import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';

/**
 * Instagram verification codes must be readable by the admin who sends them by direct message,
 * and by nobody else: they are kept sealed (AES-256-GCM) for the console and as an HMAC for the
 * server's comparison with what the creator types. Both keys derive from the server secret.
 */
export class CodeVault {
  readonly #sealKey: Buffer;
  readonly #hashKey: Buffer;

  constructor(serverSecret: string) {
    this.#sealKey = Buffer.from(
      hkdfSync('sha256', serverSecret, 'linkcoin', 'instagram code seal', 32),
    );
    this.#hashKey = Buffer.from(
      hkdfSync('sha256', serverSecret, 'linkcoin', 'instagram code hash', 32),
    );
  }

  generate(): string {
    return randomInt(0, 1_000_000).toString().padStart(6, '0');
  }

  seal(code: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#sealKey, iv);
    const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  open(sealed: string): string {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.#sealKey, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }

  hash(requestId: string, code: string): string {
    return createHmac('sha256', this.#hashKey)
      .update(`${requestId}\n${code.trim()}`)
      .digest('base64url');
  }
}

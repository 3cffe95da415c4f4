// The part of http_ece (RFC 8188, the library web-push encrypts with) the push tests use to
// decrypt what a push service receives; the package ships no types.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export type DecryptParams = Readonly<{
    version: 'aes128gcm';
    /** The receiver's (the browser's) key pair. */
    privateKey: ECDH;
    /** The browser's authentication secret, base64url. */
    authSecret: string;
  }>;

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}

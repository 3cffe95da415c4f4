/** HMAC-SHA256 signing and timing-safe checks shared by the adapters and the Razorpay fake. */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const hmacSha256Hex = (secret: string | Buffer, message: string | Buffer): string =>
  createHmac('sha256', secret).update(message).digest('hex');

export const hmacSha256 = (secret: string | Buffer, message: string | Buffer): Buffer =>
  createHmac('sha256', secret).update(message).digest();

/**
 * Compares a received hex signature with the expected one in constant time (for equal lengths;
 * a different length is refused at once, which reveals only the length every caller knows).
 */
export const hexSignatureMatches = (expectedHex: string, receivedHex: string): boolean => {
  // Buffer.from(…, 'hex') stops at the first odd or non-hex character: check the text first.
  if (receivedHex.length !== expectedHex.length || !/^[0-9a-f]+$/i.test(receivedHex)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const received = Buffer.from(receivedHex, 'hex');
  return expected.length === received.length && timingSafeEqual(expected, received);
};

/** The same for raw signature bytes. */
export const signatureMatches = (expected: Buffer, received: Buffer): boolean =>
  expected.length === received.length && timingSafeEqual(expected, received);

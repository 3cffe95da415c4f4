import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// OWASP's scrypt parameters: N=2^17 would be stronger but costs 128 MiB per hash; 2^15 with
// r=8 keeps a hash near 50 ms and 32 MiB, which a 2-core server can afford under login load.
const N = 2 ** 15;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;
const maxmem = 64 * 1024 * 1024;

const derive = (password: string, salt: Buffer, options: ScryptOptions, length: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** `scrypt$N$r$p$salt$hash`, self-describing so parameters can be raised later. */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r, p, maxmem }, KEY_LENGTH);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    { N: Number(n), r: Number(rr), p: Number(pp), maxmem },
    expected.length,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

/** Spent when an address is unknown, so a login takes as long whether or not it exists. */
export const DUMMY_PASSWORD_HASH = await hashPassword(randomBytes(16).toString('hex'));

import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config.ts';

export type Secrets = Readonly<{
  /** Signs session tokens (HS256). */
  jwtSecret: string;
}>;

/**
 * JWT_SECRET when set (required in production). Otherwise a secret generated once and kept in
 * the data directory (mode 600), so sessions survive restarts of the embedded runtime and
 * processes sharing the directory agree on it.
 */
export const resolveSecrets = (config: AppConfig): Secrets => {
  if (config.auth.jwtSecret) return { jwtSecret: config.auth.jwtSecret };
  mkdirSync(config.dataDir, { recursive: true });
  const path = join(config.dataDir, 'secrets.json');
  try {
    writeFileSync(path, JSON.stringify({ jwtSecret: randomBytes(48).toString('base64url') }), {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = JSON.parse(readFileSync(path, 'utf8')) as Partial<Secrets>;
  if (!stored.jwtSecret || stored.jwtSecret.length < 32) {
    throw new Error(`${path} holds no usable jwtSecret; delete it to generate a new one`);
  }
  return { jwtSecret: stored.jwtSecret };
};

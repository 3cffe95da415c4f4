import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import type { AppConfig } from '../platform/config.ts';
import { sharedRateLimitStore } from '../platform/shared-limits.ts';

type Limits = AppConfig['auth']['rateLimits'];

const emailOf = (req: Request): string => {
  const body = req.body as Record<string, unknown> | undefined;
  const value = body?.email ?? body?.userId ?? '';
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 254) : '';
};

/** A sign-in that answered 2xx: it counts toward no limit (people sign in in many tabs). */
const SIGN_IN_PATHS = new Set(['/api/pageowners/login', '/api/pageowners/admin-login']);
const signedIn = (req: Request, res: Response): boolean =>
  SIGN_IN_PATHS.has(req.originalUrl.split('?')[0] ?? '') && res.statusCode < 400;

const limiter = (
  name: string,
  windowMs: number,
  limit: number,
  key: (req: Request) => string,
): RequestHandler =>
  rateLimit({
    ...sharedRateLimitStore(name),
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: key,
    // Only failures count on the sign-in endpoints: a successful sign-in gives its point back.
    skipSuccessfulRequests: true,
    requestWasSuccessful: signedIn,
    handler: (_req, res) => {
      res.status(429).json({ success: false, message: M.tooManyRequests });
    },
  });

const ip = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

/**
 * Brute-force guards for the sign-in and one-time-code endpoints: per address and client (so one
 * attacker cannot lock others out), plus a looser cap per client across all of them. The
 * counters live in memory, shared by the API workers of one runtime (shared-limits.ts); in the
 * distributed runtime each API replica counts on its own.
 */
export const createAuthRateLimits = (limits: Limits) => {
  const perIp = limiter('auth-ip', limits.windowMs, limits.perIp, (req) => `ip:${ip(req)}`);
  const perAddress = (name: string, limit: number) =>
    limiter(`auth-${name}`, limits.windowMs, limit, (req) => `${name}:${ip(req)}:${emailOf(req)}`);
  // Each flow has its own counters: correcting a registration form must not use up the codes.
  return {
    login: [perIp, perAddress('login', limits.loginAttempts)] as const,
    otpSend: [perIp, perAddress('otp-send', limits.otpRequests)] as const,
    otpVerify: [perIp, perAddress('otp-verify', limits.otpVerifyAttempts)] as const,
    register: [perIp, perAddress('register', limits.loginAttempts * 2)] as const,
    // A Google credential names no address in the body: counted per client.
    google: [perIp, perAddress('google', limits.loginAttempts * 3)] as const,
    passwordReset: [perIp, perAddress('password-reset', limits.loginAttempts)] as const,
    general: [perIp] as const,
  };
};

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;

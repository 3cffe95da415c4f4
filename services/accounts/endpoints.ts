import {
  changePasswordRequest,
  forgetPasswordRequest,
  googleSignInRequest,
  loginRequest,
  otpStatusQuery,
  registerRequest,
  sendOtpRequest,
  verifyOtpRequest,
  type AuthAnswer,
  type CheckAuthAnswer,
  type MessageAnswer,
  type OtpStatusAnswer,
  type PublicConfig,
  type RefreshAnswer,
  type VerifyOtpAnswer,
} from '@linkcoin/domain/accounts/contracts.ts';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import { SignInPaused } from '@linkcoin/domain/accounts/sign-in-guard.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { Request, Response } from 'express';
import {
  anyone,
  anyoneIdentified,
  callerOf,
  principalOf,
  signedIn,
  type Endpoint,
} from '../platform/http/endpoint.ts';
import { HttpError } from '../platform/http/errors.ts';
import { commandMetadata } from '../platform/http/metadata.ts';
import { parseBody, parseQuery } from '../platform/http/validate.ts';
import type { Clock } from '../platform/clock.ts';
import { refreshCookieOf, sessionModeOf, setRefreshCookie } from './browser-sessions.ts';
import type { AccountHandlers, Session, SessionMode } from './handlers.ts';
import type { AuthRateLimits } from './rate-limits.ts';

export type AccountEndpointDeps = Readonly<{
  accounts: AccountHandlers;
  clock: Clock;
  limits: AuthRateLimits;
  googleClientId: string | null;
  youtubeVerification: boolean;
  payments: PublicConfig['payments'];
  /** Whether the public address is https (the refresh cookie is then `Secure` everywhere). */
  httpsPublicUrl: () => boolean;
}>;

const authAnswer = (session: Session): AuthAnswer => ({
  success: true,
  token: session.token,
  expiresIn: session.expiresIn,
  user: session.user,
});

const modeOf = (req: Request): SessionMode => sessionModeOf(req);

/**
 * A sign-in answered while the account's delay runs: 429 with the message (by the error handler)
 * and a `Retry-After` header with the seconds left (here, where the response is at hand).
 */
const signingIn = async (res: Response, attempt: Promise<Session>): Promise<Session> => {
  try {
    return await attempt;
  } catch (error) {
    if (error instanceof SignInPaused) res.set('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
};

/** docs/product-spec.md section 7, "Authentication" and "OTP", with the server-side checks of DESIGN 5. */
export const accountEndpoints = ({
  accounts,
  clock,
  limits,
  googleClientId,
  youtubeVerification,
  payments,
  httpsPublicUrl,
}: AccountEndpointDeps): Endpoint[] => {
  /** Answers a sign-in: the spec's body, and the refresh cookie of a browser session. */
  const signedInAnswer = (req: Request, res: Response, session: Session): AuthAnswer => {
    if (session.refresh) setRefreshCookie(req, res, session.refresh, httpsPublicUrl());
    return authAnswer(session);
  };
  return [
    {
      method: 'post',
      path: '/otp/send-otp',
      summary: 'E-mail a registration code (404 when the address is registered)',
      access: anyone,
      limits: limits.otpSend,
      input: { body: sendOtpRequest },
      handler: async (req, res) => {
        const { userId: email } = parseBody(sendOtpRequest, req);
        await accounts.sendOtp(email, 'registration', commandMetadata(req, clock));
        res.json({ success: true, message: M.otpSent } satisfies MessageAnswer);
      },
    },
    {
      method: 'post',
      path: '/otp/send-otpFP',
      summary: 'E-mail a password reset code (404 when no user has the address)',
      access: anyone,
      limits: limits.otpSend,
      input: { body: sendOtpRequest },
      handler: async (req, res) => {
        const { userId: email } = parseBody(sendOtpRequest, req);
        await accounts.sendOtp(email, 'password_reset', commandMetadata(req, clock));
        res.json({ success: true, message: M.otpSent } satisfies MessageAnswer);
      },
    },
    {
      method: 'post',
      path: '/otp/verify',
      summary: 'Check a code on the server; answers a single-use verification token',
      access: anyone,
      limits: limits.otpVerify,
      input: { body: verifyOtpRequest },
      handler: async (req, res) => {
        const { userId: email, otp } = parseBody(verifyOtpRequest, req);
        const verified = await accounts.verifyOtp(email, otp, commandMetadata(req, clock));
        res.json({ success: true, message: M.otpVerified, ...verified } satisfies VerifyOtpAnswer);
      },
    },
    {
      method: 'get',
      path: '/otp/userId',
      summary: "Status of an address's code; never the code itself",
      access: anyone,
      limits: limits.general,
      input: { query: otpStatusQuery },
      handler: async (req, res) => {
        const { userId: email } = parseQuery(otpStatusQuery, req);
        const otpDetails = await accounts.otpStatus(email, clock.now());
        res.json({ success: true, otpDetails } satisfies OtpStatusAnswer);
      },
    },
    {
      method: 'post',
      path: '/pageowners/register',
      summary: 'Open an account with a verified address (the client then logs in)',
      access: anyone,
      limits: limits.register,
      input: { body: registerRequest },
      handler: async (req, res) => {
        const input = parseBody(registerRequest, req);
        const account = await accounts.register(input, commandMetadata(req, clock));
        res.status(201).json({
          success: true,
          message: 'Registration successful',
          user: await accounts.sessionUser(account),
        });
      },
    },
    {
      method: 'post',
      path: '/pageowners/login',
      summary:
        'Sign in with e-mail and password (429 with Retry-After while the account pauses sign-ins after repeated failures)',
      access: anyone,
      limits: limits.login,
      input: { body: loginRequest },
      handler: async (req, res) => {
        const { email, password } = parseBody(loginRequest, req);
        const meta = commandMetadata(req, clock);
        const session = await signingIn(res, accounts.login(email, password, meta, modeOf(req)));
        res.json(signedInAnswer(req, res, session));
      },
    },
    {
      method: 'post',
      path: '/pageowners/admin-login',
      summary: 'Sign in to the verification desk: admins only',
      access: anyone,
      limits: limits.login,
      input: { body: loginRequest },
      handler: async (req, res) => {
        const { email, password } = parseBody(loginRequest, req);
        const meta = commandMetadata(req, clock);
        const session = await signingIn(
          res,
          accounts.adminLogin(email, password, meta, modeOf(req)),
        );
        res.json(signedInAnswer(req, res, session));
      },
    },
    {
      method: 'post',
      path: '/pageowners/google',
      summary: 'Sign in (or, with a role, sign up) with a Google ID token verified on the server',
      access: anyone,
      limits: limits.google,
      input: { body: googleSignInRequest },
      handler: async (req, res) => {
        const { credential, role } = parseBody(googleSignInRequest, req);
        const session = await accounts.googleSignIn(
          credential,
          role,
          commandMetadata(req, clock),
          modeOf(req),
        );
        res
          .status(session.isNewUser ? 201 : 200)
          .json({ ...signedInAnswer(req, res, session), isNewUser: session.isNewUser });
      },
    },
    {
      method: 'post',
      path: '/pageowners/logout',
      summary: 'Log out: revokes every token issued to the account so far',
      access: signedIn(),
      input: {},
      handler: async (req, res) => {
        await accounts.logout(callerOf(req).userId, commandMetadata(req, clock));
        // The browser's refresh cookie goes too (the logout already revoked its session).
        setRefreshCookie(req, res, null, httpsPublicUrl());
        res.json({ success: true, message: 'Logged out' } satisfies MessageAnswer);
      },
    },
    {
      method: 'get',
      path: '/pageowners/check-auth',
      summary: 'The signed-in user (bearer token; the userid header must match it)',
      access: signedIn(),
      input: {},
      handler: async (req, res) => {
        const caller = callerOf(req);
        const named = req.get('userid');
        if (named !== undefined && named !== '' && named !== caller.userId) {
          throw new DomainError('forbidden', M.notYourAccount);
        }
        const user = await accounts.currentUser(caller.userId);
        res.json({ success: true, user } satisfies CheckAuthAnswer);
      },
    },
    {
      method: 'post',
      path: '/pageowners/refresh',
      summary:
        "A fresh token: for a browser's refresh cookie (rotated; a reused one ends its session), else for a valid bearer token",
      access: anyoneIdentified,
      input: {},
      handler: async (req, res) => {
        const meta = commandMetadata(req, clock);
        const cookie = refreshCookieOf(req);
        if (cookie) {
          let session: Session;
          try {
            session = await accounts.refreshBrowser(cookie, meta);
          } catch (error) {
            // A cookie that no longer opens anything is removed from the browser.
            setRefreshCookie(req, res, null, httpsPublicUrl());
            throw error;
          }
          if (session.refresh) setRefreshCookie(req, res, session.refresh, httpsPublicUrl());
          res.json({
            success: true,
            newToken: session.token,
            token: session.token,
            expiresIn: session.expiresIn,
            user: session.user,
          } satisfies RefreshAnswer & AuthAnswer);
          return;
        }
        const caller = principalOf(req);
        if (!caller) throw new HttpError(401, M.notSignedIn);
        // A browser's access token is renewed by its session's cookie alone: traded here, a
        // token read by an injected script would become a 24-hour one, and outlive the session
        // ending when its cookie is found reused.
        if (caller.browserAccess) throw new HttpError(401, M.sessionExpired);
        const { token, expiresIn } = await accounts.refresh(caller.userId, meta);
        res.json({ success: true, newToken: token, expiresIn } satisfies RefreshAnswer);
      },
    },
    {
      method: 'post',
      path: '/pageowners/change-password',
      summary:
        'The signed-in user sets a new password, giving the current one; ends every other session',
      access: signedIn(),
      limits: limits.passwordReset,
      input: { body: changePasswordRequest },
      handler: async (req, res) => {
        const input = parseBody(changePasswordRequest, req);
        const meta = commandMetadata(req, clock);
        const session = await signingIn(
          res,
          accounts.changePassword(callerOf(req).userId, input, meta, modeOf(req)),
        );
        res.json({ ...signedInAnswer(req, res, session), message: M.passwordChanged });
      },
    },
    {
      method: 'post',
      path: '/pageowners/forget-password',
      summary: 'Set a new password with a verified reset code; revokes older tokens',
      access: anyone,
      limits: limits.passwordReset,
      input: { body: forgetPasswordRequest },
      handler: async (req, res) => {
        const input = parseBody(forgetPasswordRequest, req);
        await accounts.resetPassword(input, commandMetadata(req, clock));
        res.json({ success: true, message: M.passwordReset } satisfies MessageAnswer);
      },
    },
    {
      method: 'get',
      path: '/public-config',
      summary:
        'What the front ends need at run time: the Google client id, whether YouTube verification works',
      access: anyone,
      input: {},
      handler: (_req, res) => {
        res.json({ googleClientId, youtubeVerification, payments } satisfies PublicConfig);
      },
    },
  ];
};

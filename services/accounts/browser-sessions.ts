import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { parseCookie, stringifySetCookie } from 'cookie';
import {
  accountDecider,
  accountStreamId,
  rolesOf,
  type ActiveAccount,
} from '@linkcoin/domain/accounts/account.ts';
import {
  browserSessionDecider,
  browserSessionStreamId,
  type BrowserSessionEndReason,
} from '@linkcoin/domain/accounts/browser-session.ts';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { IssuedToken, SessionTokens } from './session-tokens.ts';
import { SIGNED_IN_COOKIE } from '../platform/http/first-screen.ts';

/**
 * Sessions in the browser (docs/ARCHITECTURE.md, section 5): the web apps ask for one with the
 * `X-LinkCoin-Session: browser` header on sign-in. They then get a short-lived access token,
 * which they keep in memory only, and a refresh secret in an HttpOnly, SameSite=Strict cookie
 * sent to `/api/pageowners/refresh` alone, which scripts on the page can neither read nor send
 * elsewhere. Every tab and every reload exchanges the cookie for an access token there; each
 * exchange rotates the secret (browsersession stream, reuse detection). Apps and API clients
 * that do not ask keep the spec's bearer token as before.
 */
export const SESSION_MODE_HEADER = 'x-linkcoin-session';
export const REFRESH_COOKIE = 'linkcoin_refresh';
export const REFRESH_COOKIE_PATH = '/api/pageowners/refresh';
/**
 * Beside it, a cookie scripts may read, holding no secret: it tells the apps that this browser
 * has a session worth refreshing, so a visitor's page load asks nothing. It comes and goes with
 * the refresh cookie.
 */
export { SIGNED_IN_COOKIE };

/**
 * What kind of session a sign-in asks for: `browser` (the cookie and a short access token),
 * `console` (the same, for admins and auditors only: the console opens none for anyone else),
 * or the spec's bearer token without the header.
 */
export const sessionModeOf = (req: Request): 'browser' | 'console' | 'bearer' => {
  const asked = req.get(SESSION_MODE_HEADER)?.trim().toLowerCase();
  return asked === 'browser' || asked === 'console' ? asked : 'bearer';
};

/** The refresh cookie of a request, if it has one. */
export const refreshCookieOf = (req: Request): string | null => {
  const header = req.headers.cookie;
  if (!header) return null;
  const value = parseCookie(header)[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : null;
};

export type BrowserRefresh = Readonly<{ cookie: string; expiresAt: Date }>;

/** Sets (or, with null, clears) the refresh cookie and its readable companion on an answer. */
export const setRefreshCookie = (
  req: Request,
  res: Response,
  refresh: BrowserRefresh | null,
  httpsPublicUrl: boolean,
): void => {
  const lifetime = refresh ? { expires: refresh.expiresAt } : { maxAge: 0 };
  const secure = req.secure || httpsPublicUrl;
  res.append('Set-Cookie', [
    stringifySetCookie({
      name: REFRESH_COOKIE,
      value: refresh?.cookie ?? '',
      httpOnly: true,
      secure,
      sameSite: 'strict',
      path: REFRESH_COOKIE_PATH,
      ...lifetime,
    }),
    // The readable marker holds no secret and authorises nothing; Lax, so a signed-in person
    // who follows a link from elsewhere (a mail, another site) is known as signed in by the
    // pages the server paints (no visitor's view counted, no visitor's answers sent).
    stringifySetCookie({
      name: SIGNED_IN_COOKIE,
      value: refresh ? '1' : '',
      secure,
      sameSite: 'lax',
      path: '/',
      ...lifetime,
    }),
  ]);
};

export type IssuedBrowserSession = Readonly<{
  access: IssuedToken;
  refresh: BrowserRefresh | null;
  account: ActiveAccount;
}>;

/** Our metadata only: a client's idempotency key never reaches a session's stream. */
const ours = ({
  now,
  actorUserId,
  correlationId,
  causationId,
}: CommandMetadata): CommandMetadata => ({
  now,
  actorUserId,
  correlationId,
  causationId,
});

const COOKIE_SHAPE = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export const browserSessions = (deps: {
  commands: CommandHandler;
  tokens: SessionTokens;
  /** How long a browser stays signed in without signing in again (TOKEN_TTL_SECONDS). */
  sessionTtlSeconds: number;
  /** How long an access token lasts (ACCESS_TOKEN_TTL_SECONDS). */
  accessTtlSeconds: number;
  /** Keys the hashes of refresh secrets. */
  secret: string;
}) => {
  const hash = (secret: string) =>
    createHmac('sha256', deps.secret).update(`browser-session:${secret}`).digest('base64url');

  const accessFor = (account: ActiveAccount, now: Date, expiresAt: Date) =>
    deps.tokens.issue(
      { userId: account.userId, roles: rolesOf(account), tokenVersion: account.tokenVersion },
      now,
      Math.min(deps.accessTtlSeconds, (expiresAt.getTime() - now.getTime()) / 1000),
      { browserAccess: true },
    );

  /** Opens a session for a browser that just signed in. */
  const start = async (
    account: ActiveAccount,
    meta: CommandMetadata,
  ): Promise<IssuedBrowserSession> => {
    const sessionId = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(meta.now.getTime() + deps.sessionTtlSeconds * 1000);
    await deps.commands.handle(browserSessionDecider, browserSessionStreamId(sessionId), {
      type: 'StartBrowserSession',
      data: {
        sessionId,
        userId: account.userId,
        tokenVersion: account.tokenVersion,
        secretHash: hash(secret),
        expiresAt: expiresAt.toISOString(),
      },
      metadata: { ...ours(meta), actorUserId: account.userId },
    });
    return {
      access: await accessFor(account, meta.now, expiresAt),
      refresh: { cookie: `${sessionId}.${secret}`, expiresAt },
      account,
    };
  };

  const end = async (sessionId: string, reason: BrowserSessionEndReason, meta: CommandMetadata) =>
    deps.commands.handle(browserSessionDecider, browserSessionStreamId(sessionId), {
      type: 'EndBrowserSession',
      data: { reason },
      metadata: ours(meta),
    });

  /**
   * Exchanges the cookie for an access token, rotating the secret (`refresh` is then the new
   * cookie; null when another tab of the browser rotated it a moment ago). Refuses with 401 an
   * unknown, expired, ended or reused secret, and a session whose account logged out or changed
   * its password since.
   */
  const refresh = async (cookie: string, meta: CommandMetadata): Promise<IssuedBrowserSession> => {
    const match = COOKIE_SHAPE.exec(cookie);
    if (!match?.[1] || !match[2]) throw new DomainError('unauthorized', M.sessionExpired);
    const sessionId = match[1];
    const secret = randomBytes(32).toString('base64url');
    const result = await deps.commands.handle(
      browserSessionDecider,
      browserSessionStreamId(sessionId),
      {
        type: 'RefreshBrowserSession',
        data: { presentedHash: hash(match[2]), newHash: hash(secret) },
        metadata: ours(meta),
      },
    );
    const state = result.state;
    if (state.status !== 'active') throw new DomainError('unauthorized', M.sessionExpired);
    const { state: account } = await deps.commands.load(
      accountDecider,
      accountStreamId(state.userId),
    );
    if (account.status !== 'active' || account.tokenVersion !== state.tokenVersion) {
      await end(sessionId, 'revoked', meta);
      throw new DomainError('unauthorized', M.sessionExpired);
    }
    const rotated = result.events.some((event) => event.type === 'BrowserSessionRefreshed');
    const expiresAt = new Date(state.expiresAt);
    return {
      access: await accessFor(account, meta.now, expiresAt),
      refresh: rotated ? { cookie: `${sessionId}.${secret}`, expiresAt } : null,
      account,
    };
  };

  return { start, refresh };
};

export type BrowserSessions = ReturnType<typeof browserSessions>;

import { accountDecider, accountStreamId, rolesOf } from '@linkcoin/domain/accounts/account.ts';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { Clock } from '../platform/clock.ts';
import type { Authenticator, Principal } from '../platform/http/endpoint.ts';
import type { SessionTokens } from './session-tokens.ts';

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i;

/**
 * A bearer token is accepted when its signature and expiry hold and the account still exists at
 * the token's version (logout and password reset move the version on, revoking older tokens).
 * Roles come from the account now, so a granted role applies at once.
 */
export const createAuthenticator = (deps: {
  tokens: SessionTokens;
  commands: CommandHandler;
  clock: Clock;
}): Authenticator => {
  return async (req) => {
    const header = req.headers.authorization;
    if (!header) return { kind: 'anonymous' };
    const match = BEARER.exec(header);
    if (!match?.[1]) return { kind: 'rejected', message: M.sessionExpired };
    const verdict = await deps.tokens.verify(match[1], deps.clock.now());
    if (!verdict.valid) return { kind: 'rejected', message: M.sessionExpired };
    const { state } = await deps.commands.load(
      accountDecider,
      accountStreamId(verdict.claims.userId),
    );
    if (state.status !== 'active' || state.tokenVersion !== verdict.claims.tokenVersion) {
      return { kind: 'rejected', message: M.sessionExpired };
    }
    const principal: Principal = {
      userId: state.userId,
      email: state.email,
      role: state.role,
      roles: rolesOf(state),
      tokenVersion: state.tokenVersion,
      ...(verdict.claims.browserAccess ? { browserAccess: true } : {}),
    };
    return { kind: 'principal', principal };
  };
};

import {
  accountDecider,
  accountStreamId,
  rolesOf,
  type AccountState,
  type ActiveAccount,
} from '@linkcoin/domain/accounts/account.ts';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { Clock } from '../platform/clock.ts';
import type { AuthOutcome, Authenticator, Principal } from '../platform/http/endpoint.ts';
import type { SessionClaims, SessionTokens } from './session-tokens.ts';

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i;

const ANONYMOUS: AuthOutcome = Object.freeze({ kind: 'anonymous' });
const EXPIRED: AuthOutcome = Object.freeze({ kind: 'rejected', message: M.sessionExpired });

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
  // The account's stream id for a token's claims, made once per remembered token (the claims of
  // a remembered token are the same object every time): one string, hashed once, for the
  // account's snapshot lookups instead of a new one on every request.
  const streamIds = new WeakMap<SessionClaims, string>();
  const streamIdOf = (claims: SessionClaims): string => {
    let id = streamIds.get(claims);
    if (id === undefined) streamIds.set(claims, (id = accountStreamId(claims.userId)));
    return id;
  };
  // The outcome for an account as it is now, made once per account state (the command
  // handler's cached state is the same object until the account changes) and kind of token.
  const outcomes = new WeakMap<AccountState, { bearer?: AuthOutcome; browser?: AuthOutcome }>();
  const outcomeOf = (state: ActiveAccount, browserAccess: boolean): AuthOutcome => {
    let known = outcomes.get(state);
    if (!known) outcomes.set(state, (known = {}));
    const slot = browserAccess ? 'browser' : 'bearer';
    const made = known[slot];
    if (made) return made;
    const principal: Principal = {
      userId: state.userId,
      email: state.email,
      role: state.role,
      roles: rolesOf(state),
      tokenVersion: state.tokenVersion,
      ...(browserAccess ? { browserAccess: true } : {}),
    };
    return (known[slot] = { kind: 'principal', principal });
  };

  /** The outcome for a token's claims and the account's state as loaded. */
  const outcomeFor = (claims: SessionClaims, state: AccountState): AuthOutcome =>
    state.status !== 'active' || state.tokenVersion !== claims.tokenVersion
      ? EXPIRED
      : outcomeOf(state, claims.browserAccess);

  const slowly = async (token: string, claims: SessionClaims | null): Promise<AuthOutcome> => {
    let known = claims;
    if (!known) {
      const verdict = await deps.tokens.verify(token, deps.clock.now());
      if (!verdict.valid) return EXPIRED;
      known = verdict.claims;
    }
    const { state } = await deps.commands.load(accountDecider, streamIdOf(known));
    return outcomeFor(known, state);
  };

  // A remembered token of an account whose state is current is answered in the same turn (no
  // promise): the common request of a signed-in user. Anything else is checked asynchronously.
  return (req) => {
    const header = req.headers.authorization;
    if (!header) return ANONYMOUS;
    const match = BEARER.exec(header);
    if (!match?.[1]) return EXPIRED;
    const remembered = deps.tokens.verifyRemembered(match[1], deps.clock.now());
    if (remembered && !remembered.valid) return EXPIRED;
    if (!remembered) return slowly(match[1], null);
    const current = deps.commands.loadIfCurrent(accountDecider, streamIdOf(remembered.claims));
    return current
      ? outcomeFor(remembered.claims, current.state)
      : slowly(match[1], remembered.claims);
  };
};

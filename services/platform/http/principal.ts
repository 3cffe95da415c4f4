/**
 * Who is calling: the principal the endpoint router identified for a request, kept beside the
 * request for the handlers, the command metadata and the access log.
 */
import type { Request } from 'express';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import type { PrimaryRole, Role } from '@linkcoin/domain/accounts/roles.ts';
import { HttpError } from './errors.ts';

/** The authenticated caller of a request. */
export type Principal = Readonly<{
  userId: string;
  email: string;
  role: PrimaryRole;
  roles: readonly Role[];
  tokenVersion: number;
  /**
   * Signed in with a browser session's short access token (renewed by its cookie only, see
   * services/accounts/session-tokens.ts), not the spec's bearer token.
   */
  browserAccess?: boolean;
}>;

/**
 * Where a request keeps its caller: a property under a symbol of this module (nothing else can
 * name it, and it is not enumerable by JSON or the log), not a WeakMap. A WeakMap keyed by every
 * request costs an identity hash and an ephemeron entry per request, which the garbage collector
 * then has to walk: it was 1.6 % of a signed-in profile read's CPU.
 */
const PRINCIPAL = Symbol('principal');

type WithPrincipal = { [PRINCIPAL]?: Principal };

/** The edge records the caller once its access check has identified them. */
export const rememberPrincipal = (req: Request, principal: Principal): void => {
  (req as WithPrincipal)[PRINCIPAL] = principal;
};

export const principalOf = (req: Request): Principal | null =>
  (req as WithPrincipal)[PRINCIPAL] ?? null;

/** The caller of an endpoint whose access is `signed-in`. */
export const callerOf = (req: Request): Principal => {
  const principal = (req as WithPrincipal)[PRINCIPAL];
  if (!principal) throw new HttpError(401, M.notSignedIn);
  return principal;
};

export const isAdmin = (principal: Principal | null): boolean =>
  principal?.roles.includes('admin') ?? false;

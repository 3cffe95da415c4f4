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

const principals = new WeakMap<Request, Principal>();

/** The edge records the caller once its access check has identified them. */
export const rememberPrincipal = (req: Request, principal: Principal): void => {
  principals.set(req, principal);
};

export const principalOf = (req: Request): Principal | null => principals.get(req) ?? null;

/** The caller of an endpoint whose access is `signed-in`. */
export const callerOf = (req: Request): Principal => {
  const principal = principals.get(req);
  if (!principal) throw new HttpError(401, M.notSignedIn);
  return principal;
};

export const isAdmin = (principal: Principal | null): boolean =>
  principal?.roles.includes('admin') ?? false;

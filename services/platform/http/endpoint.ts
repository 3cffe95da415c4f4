import type { IncomingHttpHeaders } from 'node:http';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import type { Role } from '@linkcoin/domain/accounts/roles.ts';
import { HttpError } from './errors.ts';
import { acceptIdempotencyKey } from './idempotency.ts';
import { isAdmin, rememberPrincipal, type Principal } from './principal.ts';
import { checkInput, type EndpointInput } from './validate.ts';

export { callerOf, isAdmin, principalOf, type Principal } from './principal.ts';

/** Who may call an endpoint (DESIGN 5.3: checked here, on the server, for every endpoint). */
export type Access =
  | Readonly<{
      kind: 'anyone';
      /** Identify the caller when a valid token comes along (answers may differ for owners). */
      identifyIfPossible?: boolean;
    }>
  | Readonly<{
      kind: 'signed-in';
      roles?: readonly Role[];
      /** Refused even with one of `roles` (a brand's account that also holds a console role). */
      excluding?: readonly Role[];
    }>;

export const anyone: Access = { kind: 'anyone' };
export const anyoneIdentified: Access = { kind: 'anyone', identifyIfPossible: true };
export const signedIn = (...roles: Role[]): Access =>
  roles.length > 0 ? { kind: 'signed-in', roles } : { kind: 'signed-in' };

/** The console's roles: a brand's account holding one is no brand to the brands' endpoints. */
export const CONSOLE_ROLES: readonly Role[] = ['admin', 'auditor'];

/**
 * Brands only: the `user` role, without a console role on the account (an auditor's account
 * keeps its brand role and changes nothing outside the console).
 */
export const brandsOnly: Access = {
  kind: 'signed-in',
  roles: ['user'],
  excluding: CONSOLE_ROLES,
};

/** Where a request names a user; only that user, or an admin, may send it (DESIGN 5.4). */
export type Subject = Readonly<{
  in: 'params' | 'body' | 'query';
  field: string;
  /** Only that user, admins included (buying coins: a payment credits who started it). */
  ownOnly?: boolean;
}>;

export type Endpoint = Readonly<{
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Relative to /api, in express 5 syntax: `/pageowners/user/:userId`. */
  path: string;
  summary: string;
  access: Access;
  subject?: Subject;
  /** Run before authentication: rate limits. */
  limits?: readonly RequestHandler[];
  /**
   * What it takes: checked after the access guard and before the handler, so anything else
   * (an unknown query parameter, a body it does not take, a malformed field) is refused with a
   * 400 and changes nothing. The handler's own parseBody/parseQuery reuse the parsed values.
   */
  input?: EndpointInput;
  /**
   * Takes a client's Idempotency-Key (signed-in endpoints only): its handler makes the one
   * command a retry must not repeat with `keyedMetadata` (http/idempotency.ts). Without this,
   * the header is ignored.
   */
  acceptsIdempotencyKey?: boolean;
  handler: (req: Request, res: Response) => unknown;
}>;

export type AuthOutcome =
  | Readonly<{ kind: 'anonymous' }>
  | Readonly<{ kind: 'principal'; principal: Principal }>
  | Readonly<{ kind: 'rejected'; message: string }>;

/** Who is calling, from the request's headers (an HTTP request, or a WebSocket upgrade). */
export type Authenticator = (
  req: Readonly<{ headers: IncomingHttpHeaders }>,
) => Promise<AuthOutcome>;

const subjectValue = (req: Request, subject: Subject): unknown => {
  const source =
    subject.in === 'params' ? req.params : subject.in === 'query' ? req.query : req.body;
  return source && typeof source === 'object'
    ? (source as Record<string, unknown>)[subject.field]
    : undefined;
};

/**
 * Lets a request through to its endpoint's handler, or throws the refusal (401, 403). Nothing to
 * wait for (undefined) when the endpoint is open to anyone and no token came to identify.
 */
const admit = (
  endpoint: Endpoint,
  authenticate: Authenticator,
  req: Request,
): Promise<void> | undefined => {
  const { access } = endpoint;
  if (access.kind === 'anyone') {
    return access.identifyIfPossible && req.headers.authorization
      ? identify(authenticate, req)
      : undefined;
  }
  return admitSignedIn(endpoint, access, authenticate, req);
};

/** An open endpoint's caller, when their token is valid (a bad one is ignored: they are anyone). */
const identify = async (authenticate: Authenticator, req: Request): Promise<void> => {
  const outcome = await authenticate(req);
  if (outcome.kind === 'principal') rememberPrincipal(req, outcome.principal);
};

const admitSignedIn = async (
  endpoint: Endpoint,
  access: Extract<Access, { kind: 'signed-in' }>,
  authenticate: Authenticator,
  req: Request,
): Promise<void> => {
  const outcome = await authenticate(req);
  if (outcome.kind === 'anonymous') throw new HttpError(401, M.notSignedIn);
  if (outcome.kind === 'rejected') throw new HttpError(401, outcome.message);
  const { principal } = outcome;
  if (
    (access.roles && !access.roles.some((role) => principal.roles.includes(role))) ||
    access.excluding?.some((role) => principal.roles.includes(role))
  ) {
    const adminOnly = access.roles?.length === 1 && access.roles[0] === 'admin';
    throw new HttpError(403, adminOnly ? M.adminOnly : M.forbidden);
  }
  if (endpoint.subject) {
    const named = subjectValue(req, endpoint.subject);
    const mayActForOthers = isAdmin(principal) && !endpoint.subject.ownOnly;
    if (named !== undefined && named !== principal.userId && !mayActForOthers) {
      throw new HttpError(403, M.notYourAccount);
    }
  }
  rememberPrincipal(req, principal);
  if (endpoint.acceptsIdempotencyKey) {
    acceptIdempotencyKey(
      req,
      `${endpoint.method.toUpperCase()} ${endpoint.path}`,
      principal.userId,
    );
  }
};

/** One endpoint's route: its limits, then the access guard, the input check and the handler. */
const mount = (router: Router, endpoint: Endpoint, authenticate: Authenticator): void => {
  if (endpoint.acceptsIdempotencyKey && endpoint.access.kind !== 'signed-in') {
    // A key is scoped to its caller: an anonymous endpoint has nobody to scope it to.
    throw new Error(`${endpoint.path}: only signed-in endpoints may accept an Idempotency-Key`);
  }
  router[endpoint.method](
    endpoint.path,
    ...(endpoint.limits ?? []),
    async (req: Request, res: Response) => {
      const admitting = admit(endpoint, authenticate, req);
      if (admitting) await admitting;
      if (endpoint.input) checkInput(endpoint.input, req);
      await endpoint.handler(req, res);
    },
  );
};

/** Characters that make a path segment a pattern (express 5 syntax) rather than literal text. */
const PATTERN = /[:*{}()?+\\]/;

/**
 * The literal start of a path, at most its first two segments, lower-cased (routes match without
 * regard to case) and without a trailing slash (routes are not strict about one); null when one
 * of those segments is a pattern.
 */
export const routeKeyOf = (path: string): string | null => {
  const segments = path.split('/').slice(1, 3);
  if (segments.at(-1) === '' && segments.length > 1) segments.pop();
  if (segments.some((segment) => PATTERN.test(segment))) return null;
  return `/${segments.join('/')}`.toLowerCase();
};

/** The same key for a request's path, found without splitting the whole path. */
const requestKeyOf = (path: string): string => {
  const first = path.indexOf('/', 1);
  const second = first === -1 ? -1 : path.indexOf('/', first + 1);
  let key = second === -1 ? path : path.slice(0, second);
  if (key.length > 1 && key.endsWith('/')) key = key.slice(0, -1);
  return key.toLowerCase();
};

/**
 * Mounts endpoints with their limits and access checks in front of their handlers.
 *
 * Express tries the routes of a router one by one, in order: with every endpoint in one router,
 * a request to the last one tested every other pattern first. Endpoints are grouped instead by
 * the literal start of their path (`/pageowners/user`), and a request goes straight to its group,
 * which holds the same routes in the same order as one router would (with any endpoint whose
 * start is a pattern). A request that no group's start fits only meets those pattern endpoints.
 */
export const endpointRouter = (
  endpoints: readonly Endpoint[],
  authenticate: Authenticator,
): RequestHandler => {
  const keyed = endpoints.map((endpoint) => ({ endpoint, key: routeKeyOf(endpoint.path) }));
  const routerOf = (fits: (key: string | null) => boolean): Router => {
    const router = express.Router();
    for (const { endpoint, key } of keyed) if (fits(key)) mount(router, endpoint, authenticate);
    return router;
  };
  const groups = new Map<string, Router>();
  for (const { key } of keyed) {
    if (key !== null && !groups.has(key)) {
      groups.set(
        key,
        routerOf((other) => other === key || other === null),
      );
    }
  }
  const patterns = routerOf((key) => key === null);
  return (req, res, next) => {
    (groups.get(requestKeyOf(req.path)) ?? patterns)(req, res, next);
  };
};

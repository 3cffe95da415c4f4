import type { IncomingHttpHeaders } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
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
/**
 * Who a request's token names. An outcome it can tell without waiting (a remembered token of an
 * account whose state is current) comes as it is, not as a promise.
 */
export type Authenticator = (
  req: Readonly<{ headers: IncomingHttpHeaders }>,
) => AuthOutcome | Promise<AuthOutcome>;

const subjectValue = (req: Request, subject: Subject): unknown => {
  const source =
    subject.in === 'params' ? req.params : subject.in === 'query' ? req.query : req.body;
  return source && typeof source === 'object'
    ? (source as Record<string, unknown>)[subject.field]
    : undefined;
};

/**
 * Lets a request through to its endpoint's handler, or throws the refusal (401, 403). Nothing to
 * wait for (undefined) when the endpoint is open to anyone and no token came to identify, or when
 * the authenticator could tell who the caller is without waiting.
 */
const admit = (
  endpoint: Endpoint,
  authenticate: Authenticator,
  req: Request,
): Promise<void> | undefined => {
  const { access } = endpoint;
  if (access.kind === 'anyone' && !(access.identifyIfPossible && req.headers.authorization)) {
    return undefined;
  }
  const outcome = authenticate(req);
  return outcome instanceof Promise
    ? outcome.then((known) => admitOutcome(endpoint, known, req))
    : admitOutcome(endpoint, outcome, req);
};

/**
 * What an authenticator's outcome lets through. An open endpoint's caller is remembered when
 * their token is valid (a bad one is ignored: they are anyone); a signed-in endpoint refuses
 * anything but a principal with the access it asks for.
 */
const admitOutcome = (endpoint: Endpoint, outcome: AuthOutcome, req: Request): undefined => {
  const { access } = endpoint;
  if (access.kind === 'anyone') {
    if (outcome.kind === 'principal') rememberPrincipal(req, outcome.principal);
    return undefined;
  }
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
  return undefined;
};

/**
 * One endpoint's handlers, as its route runs them: its limits, then the access guard, the input
 * check and the handler. The last is no async function: an open endpoint without a token to
 * identify, or a caller the authenticator knows at once, has nothing to wait for before its
 * handler, and is not made to wait for a promise.
 */
const handlersOf = (endpoint: Endpoint, authenticate: Authenticator): RequestHandler[] => {
  if (endpoint.acceptsIdempotencyKey && endpoint.access.kind !== 'signed-in') {
    // A key is scoped to its caller: an anonymous endpoint has nobody to scope it to.
    throw new Error(`${endpoint.path}: only signed-in endpoints may accept an Idempotency-Key`);
  }
  const { input, handler } = endpoint;
  const answer = (req: Request, res: Response): unknown => {
    if (input) checkInput(input, req);
    return handler(req, res);
  };
  return [
    ...(endpoint.limits ?? []),
    (req, res) => {
      const admitting = admit(endpoint, authenticate, req);
      return admitting ? admitting.then(() => answer(req, res)) : answer(req, res);
    },
  ];
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

/** A route's path, segment by segment: a literal (lower-cased) or a parameter's name. */
type Segment = Readonly<{ literal: string } | { param: string }>;

const PARAMETER = /^:([A-Za-z_$][A-Za-z0-9_$]*)$/;

/**
 * The segments of an endpoint's path. Paths are literal segments and whole-segment parameters
 * (`/admin/audit/:id/ledger.csv`); anything else of express's syntax (optional parts, wildcards)
 * is refused when the routes are built, not matched differently from express.
 */
export const segmentsOf = (path: string): readonly Segment[] => {
  if (!path.startsWith('/')) throw new Error(`${path}: a route's path starts with /`);
  const parts = path.split('/').slice(1);
  if (parts.at(-1) === '') parts.pop();
  return parts.map((part) => {
    const parameter = PARAMETER.exec(part);
    if (parameter) return { param: parameter[1]! };
    if (part === '' || PATTERN.test(part)) {
      throw new Error(`${path}: only literal segments and :parameters are routed`);
    }
    return { literal: part.toLowerCase() };
  });
};

/** A parameter's value as express decodes it: a malformed escape is the client's 400. */
const decodeParameter = (value: string): string => {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch (error) {
    if (!(error instanceof URIError)) throw error;
    throw Object.assign(new URIError(`Failed to decode param '${value}'`), { status: 400 });
  }
};

type Route = Readonly<{
  /** The method it answers, lower-case (a HEAD is answered by a GET route, as by express). */
  method: Endpoint['method'];
  /** What an OPTIONS request is told it allows, as express's router tells it. */
  allows: readonly string[];
  segments: readonly Segment[];
  handlers: readonly RequestHandler[];
}>;

/**
 * The parameters of a request's path (split at '/', the leading empty part included) when it
 * is a route's: the same literals regardless of case, one optional trailing slash, a non-empty
 * value for each parameter, decoded. Null when it is not.
 */
const matchOf = (route: Route, parts: readonly string[]): Record<string, string> | null => {
  const { segments } = route;
  const count = segments.length;
  if (parts.length !== count + 1 && !(parts.length === count + 2 && parts[count + 1] === '')) {
    return null;
  }
  if (count === 0) return parts.length === 2 ? {} : null;
  let params: Record<string, string> | null = null;
  for (let index = 0; index < count; index++) {
    const segment = segments[index]!;
    const part = parts[index + 1]!;
    if ('literal' in segment) {
      if (part.length !== segment.literal.length || part.toLowerCase() !== segment.literal) {
        return null;
      }
    } else {
      if (part === '') return null;
      (params ??= {})[segment.param] = part;
    }
  }
  if (!params) return {};
  for (const name in params) params[name] = decodeParameter(params[name]!);
  return params;
};

/** Express's answer to an OPTIONS request that no route takes: the methods its path allows. */
const answerOptions = (res: Response, methods: readonly string[]): void => {
  const allow = [...new Set(methods)].sort().join(', ');
  res.setHeader('Allow', allow);
  res.setHeader('Content-Length', Buffer.byteLength(allow));
  res.setHeader('Content-Type', 'text/plain');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(allow);
};

/**
 * Runs a route's handlers as express 5 runs a route's layers: each calls `next` to go on (a
 * returned promise that rejects, or a throw, is an error), `next('route')` leaves for the next
 * route, an error skips the rest.
 */
const runRoute = (
  handlers: readonly RequestHandler[],
  req: Request,
  res: Response,
  out: (error?: unknown) => void,
): void => {
  let index = 0;
  const step = (error?: unknown): void => {
    if (error === 'route') return out();
    if (error) return out(error);
    const handler = handlers[index++];
    if (!handler) return out();
    try {
      const returned: unknown = handler(req, res, step);
      if (returned instanceof Promise) {
        returned.then(undefined, (rejection: unknown) =>
          step(rejection ?? new Error('Rejected promise')),
        );
      }
    } catch (thrown) {
      step(thrown);
    }
  };
  step();
};

/**
 * Dispatches a request to the first of its routes that takes its path and method, in order, as
 * an express router holding them would: a handler that passes it on (`next()`) hands it to the
 * next such route, a malformed parameter is a 400, an OPTIONS request no route takes is told the
 * methods its path allows, and whatever no route answers goes to `done` (an error, or nothing).
 */
const dispatch = (
  routes: readonly Route[],
  req: Request,
  res: Response,
  done: (error?: unknown) => void,
): void => {
  const parts = req.path.split('/');
  const method = req.method === 'HEAD' ? 'get' : req.method.toLowerCase();
  const allowed: string[] | null = req.method === 'OPTIONS' ? [] : null;
  let index = 0;
  const next = (error?: unknown): void => {
    if (error === 'router') return done();
    if (error) return done(error);
    while (index < routes.length) {
      const route = routes[index++]!;
      let params: Record<string, string> | null;
      try {
        params = matchOf(route, parts);
      } catch (malformed) {
        return done(malformed);
      }
      if (!params) continue;
      if (route.method !== method) {
        allowed?.push(...route.allows);
        continue;
      }
      req.params = params;
      return runRoute(route.handlers, req, res, next);
    }
    if (allowed?.length) return answerOptions(res, allowed);
    done();
  };
  next();
};

/**
 * Mounts endpoints with their limits and access checks in front of their handlers.
 *
 * Express tries the routes of a router one by one, in order: with every endpoint in one router,
 * a request to the last one tested every other pattern first. Endpoints are grouped instead by
 * the literal start of their path (`/pageowners/user`), and a request goes straight to its group,
 * which holds the same routes in the same order as one router would (with any endpoint whose
 * start is a pattern). A request that no group's start fits only meets those pattern endpoints.
 *
 * A group is a plain list matched segment by segment (`dispatch`), not an express router: the
 * router's per-request work (its regular expressions, its layers' closures and bookkeeping, a
 * route's own dispatch) was about a tenth of a profile read's CPU. It answers as one would
 * (endpoint-router.test.ts holds them side by side), for the paths endpoints use: literal
 * segments and whole-segment parameters.
 */
export const endpointRouter = (
  endpoints: readonly Endpoint[],
  authenticate: Authenticator,
): RequestHandler => {
  const keyed = endpoints.map((endpoint) => ({
    key: routeKeyOf(endpoint.path),
    route: {
      method: endpoint.method,
      allows: endpoint.method === 'get' ? ['GET', 'HEAD'] : [endpoint.method.toUpperCase()],
      segments: segmentsOf(endpoint.path),
      handlers: handlersOf(endpoint, authenticate),
    } satisfies Route,
  }));
  const routesOf = (fits: (key: string | null) => boolean): readonly Route[] =>
    keyed.filter(({ key }) => fits(key)).map(({ route }) => route);
  const groups = new Map<string, readonly Route[]>();
  for (const { key } of keyed) {
    if (key !== null && !groups.has(key)) {
      groups.set(
        key,
        routesOf((other) => other === key || other === null),
      );
    }
  }
  const patterns = routesOf((key) => key === null);
  return (req, res, next) => {
    dispatch(groups.get(requestKeyOf(req.path)) ?? patterns, req, res, next);
  };
};

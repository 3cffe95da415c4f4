import type { Request } from 'express';
import { z } from 'zod';
import { fieldWords } from '@linkcoin/domain/shared/field-words.ts';
import { HttpError } from './errors.ts';

/**
 * What a refusal says when a schema wrote no message of its own: a sentence in the product's
 * voice that names the field in words ("Enter the user id."), never a field path or a code
 * (issue 19). Messages written in a schema (the spec's texts, the contracts' sentences) are
 * kept exactly as written.
 */
export const voicedError: z.core.$ZodErrorMap = (issue) => {
  const key = [...(issue.path ?? [])].reverse().find((part) => typeof part === 'string');
  const field = typeof key === 'string' ? fieldWords(key) : null;
  const the = field ? `the ${field}` : 'this request';
  const The = field ? `The ${field}` : 'This request';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `Enter ${the}.` : `${The} is not in the expected form.`;
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1
        ? `Enter ${the}.`
        : `${The} is too short or too small.`;
    case 'too_big':
      return `${The} is too long or too large.`;
    case 'invalid_value':
      return `Choose a valid ${field ?? 'value'}.`;
    case 'unrecognized_keys':
      return 'This request has fields it does not take.';
    default:
      return `${The} is not valid.`;
  }
};

/** Parses input with a schema; a ZodError becomes a 400 with the first problem's message. */
export const parse = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> =>
  schema.parse(input, { error: voicedError });

type Part = 'body' | 'query' | 'params';

/**
 * What the router already parsed for a request, by part and schema: parsed once, used twice.
 * Kept on the request under this module's symbol (as the principal is, http/principal.ts), not
 * in a WeakMap keyed by every request, whose entries the garbage collector has to walk.
 */
const PARSED = Symbol('parsed');
type Parsed = { [part in Part]?: Map<z.ZodType, unknown> };
type WithParsed = Request & { [PARSED]?: Parsed };

const sourceOf = (req: Request, part: Part): unknown =>
  part === 'body' ? (req.body ?? {}) : part === 'query' ? req.query : req.params;

const parsePart = <S extends z.ZodType>(schema: S, req: Request, part: Part): z.output<S> => {
  let parts = (req as WithParsed)[PARSED];
  const schemas = parts?.[part];
  if (schemas?.has(schema)) return schemas.get(schema) as z.output<S>;
  const value = parse(schema, sourceOf(req, part));
  if (!parts) (req as WithParsed)[PARSED] = parts = {};
  (parts[part] ??= new Map()).set(schema, value);
  return value;
};

export const parseBody = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  parsePart(schema, req, 'body');
export const parseQuery = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  parsePart(schema, req, 'query');
export const parseParams = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  parsePart(schema, req, 'params');

/**
 * What an endpoint takes, declared beside it so the router can refuse anything else before the
 * handler runs (and the security sweep can walk every endpoint's inputs). A part left out is a
 * part the endpoint does not take: a body, or query parameters, sent to it are refused. The
 * body may be `'multipart'` (a form the endpoint reads itself, such as an upload).
 */
export type EndpointInput = Readonly<{
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | 'multipart';
}>;

const isEmptyBody = (body: unknown): boolean =>
  body === undefined ||
  (typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.keys(body).length === 0);

/** Whether a request came with a body at all, parsed or not. */
const hasBody = (req: Request): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * The keys a query schema names, when it is an object schema (or one piped into a transform,
 * such as the directory's query, whose `sort=match` becomes a flag).
 */
const keysOf = (schema: z.ZodType): ReadonlySet<string> | null =>
  schema instanceof z.ZodObject
    ? new Set(Object.keys(schema.shape))
    : schema instanceof z.ZodPipe
      ? keysOf(schema.in as z.ZodType)
      : null;

/** Without a '?' there is no query to parse (express parses it again at every `req.query`). */
const hasQuery = (req: Request): boolean => req.url.includes('?');

/** Checks a request against an endpoint's declared input; a refusal is a 400 naming the problem. */
export const checkInput = (input: EndpointInput, req: Request): void => {
  if (input.params) parseParams(input.params, req);
  if (input.query) {
    const known = keysOf(input.query);
    const unknown = known ? Object.keys(req.query).filter((key) => !known.has(key)) : [];
    if (unknown.length > 0)
      throw new HttpError(400, `This request does not take the "${unknown[0]}" parameter.`);
    parseQuery(input.query, req);
  } else if (hasQuery(req) && Object.keys(req.query).length > 0) {
    throw new HttpError(400, 'This request takes no query parameters.');
  }
  if (input.body === 'multipart') return;
  if (input.body) {
    const body: unknown = req.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw new HttpError(400, 'The request body must be a JSON object.');
    }
    if (body === undefined && req.headers['content-length'] && !req.is('application/json')) {
      throw new HttpError(415, 'Send the request body as JSON.');
    }
    parseBody(input.body, req);
  } else if (!isEmptyBody(req.body) || (req.body === undefined && hasBody(req))) {
    // A body of any type (text, a form) sent where none is taken is refused all the same.
    throw new HttpError(400, 'This request takes no body.');
  }
};

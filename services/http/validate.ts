import type { Request } from 'express';
import { z } from 'zod';

const english = z.locales.en().localeError;

/**
 * Zod's default messages do not say which field is wrong; this names it ("email: Invalid email
 * address"). Messages written in a schema (the spec's texts) are kept exactly as written.
 */
const namedFieldError: z.core.$ZodErrorMap = (issue) => {
  const base = english(issue);
  const text = typeof base === 'string' ? base : (base?.message ?? 'Invalid input');
  const path = (issue.path ?? []).join('.');
  return path ? `${path}: ${text}` : text;
};

/** Parses input with a schema; a ZodError becomes a 400 with the first problem's message. */
export const parse = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> =>
  schema.parse(input, { error: namedFieldError });

export const parseBody = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  parse(schema, req.body ?? {});
export const parseQuery = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  parse(schema, req.query);
export const parseParams = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  parse(schema, req.params);

import type { Request, Response } from 'express';
import { z } from 'zod';
import type { Query, ReadCollection } from '@linkcoin/infra/readstore/port.ts';
import { parseQuery } from './validate.ts';

/**
 * The list protocol of ra-data-simple-rest, which the console speaks:
 * `?filter={"q":"asha"}&range=[0,24]&sort=["registeredAt","DESC"]`, answered with a JSON array
 * and `Content-Range: <resource> 0-24/319`.
 */
const json = <S extends z.ZodType>(schema: S) =>
  z
    .string()
    .max(2000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

export const MAX_PAGE_SIZE = 100;

export const listQuery = z.object({
  filter: json(z.record(z.string(), z.unknown())).optional(),
  range: json(z.tuple([z.number().int().min(0), z.number().int().min(0)]))
    .refine(([from, to]) => to >= from && to - from < MAX_PAGE_SIZE, {
      message: `a page holds 1 to ${MAX_PAGE_SIZE} rows`,
    })
    .optional(),
  sort: json(z.tuple([z.string().max(60), z.enum(['ASC', 'DESC'])])).optional(),
});

export type ListRequest = Readonly<{
  filter: Record<string, unknown>;
  skip: number;
  limit: number;
  sort: { field: string; direction: 1 | -1 } | null;
}>;

export const parseListRequest = (req: Request): ListRequest => {
  const parsed = parseQuery(listQuery, req);
  const [from, to] = parsed.range ?? [0, 24];
  return {
    filter: parsed.filter ?? {},
    skip: from,
    limit: to - from + 1,
    sort: parsed.sort
      ? { field: parsed.sort[0], direction: parsed.sort[1] === 'DESC' ? -1 : 1 }
      : null,
  };
};

/** Sort only by the fields a resource allows (they are indexed), falling back to its default. */
export const sortOf = (
  list: ListRequest,
  allowed: readonly string[],
  fallback: readonly [string, 1 | -1],
): Query['sort'] => {
  const field = list.sort?.field === 'id' ? null : list.sort?.field;
  return field && allowed.includes(field) ? [[field, list.sort!.direction]] : [fallback];
};

/**
 * The page a list request asks for from a read-model collection, sorted by one of the
 * resource's allowed (indexed) fields or its default, with the count of every match.
 */
export const findPage = async <T extends object>(
  collection: ReadCollection<T>,
  query: Omit<Query, 'sort' | 'skip' | 'limit'>,
  list: ListRequest,
  allowedSorts: readonly string[],
  defaultSort: readonly [string, 1 | -1],
): Promise<{ rows: T[]; total: number }> => {
  const [rows, total] = await Promise.all([
    collection.find({
      ...query,
      sort: sortOf(list, allowedSorts, defaultSort),
      skip: list.skip,
      limit: list.limit,
    }),
    collection.count(query),
  ]);
  return { rows, total };
};

export const sendList = (
  res: Response,
  resource: string,
  rows: readonly object[],
  skip: number,
  total: number,
) => {
  const end = rows.length === 0 ? skip : skip + rows.length - 1;
  res.setHeader('Content-Range', `${resource} ${skip}-${end}/${total}`);
  res.json(rows);
};

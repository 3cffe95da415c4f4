/**
 * Translates the ReadStore query language into MongoDB filters and sorts, matching what the
 * SQLite adapter answers (sqlite-query.ts), which is the reference:
 * - `null` / `$eq: null` / `$exists: false` match a missing or null field (`IS NULL`);
 *   `$exists: true` / `$ne: null` match a present, non-null one (`IS NOT NULL`).
 * - `$ne: value` also matches a missing field, as `expr IS NULL OR expr != ?` does.
 * - `$contains` / `$containsAny` test the elements of an array field.
 * - text: every document keeps the folded words of its text-search fields in `_w`, as
 *   `<field index>:<word>` under a multikey index (mongodb.ts); a search word is an anchored
 *   prefix of one of them (`^0:pri`), which the index answers as a range, with accents and case
 *   folded as FTS5 folds them (domain/shared/search-text.ts).
 * - sort ties are broken by `_id` (the document id), as SQLite's `id ASC`.
 * Field paths are validated, so no `$`-operator can be smuggled in through a field name.
 */
import { textWords } from '@linkcoin/domain/shared/search-text.ts';
import {
  assertFieldPath,
  textAt,
  textConditions,
  type FieldCondition,
  type Query,
  type Scalar,
} from './port.ts';

/** The hidden field holding a document's word tokens. */
export const WORDS_FIELD = '_w';

/** A MongoDB filter document; kept loose because it is built from validated parts. */
export type MongoFilter = Record<string, unknown>;
export type MongoSort = Array<[field: string, direction: 1 | -1]>;

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The word tokens of a document: `<index of the text field>:<folded word>`, each once. */
export const wordTokens = (document: object, textSearch: readonly string[]): string[] => [
  ...new Set(
    textSearch.flatMap((field, index) =>
      textWords(textAt(document, field)).map((word) => `${index}:${word}`),
    ),
  ),
];

/** The anchored regex for a folded search word in the field at `index`: a prefix of a token. */
export const tokenPrefixPattern = (index: number, word: string): string =>
  `^${index}:${escapeRegex(word)}`;

const conditionClauses = (field: string, condition: FieldCondition): MongoFilter[] => {
  assertFieldPath(field);
  if (condition === null) return [{ [field]: null }];
  if (typeof condition !== 'object') return [{ [field]: { $eq: condition } }];
  const clauses: MongoFilter[] = [];
  for (const [operator, operand] of Object.entries(condition)) {
    switch (operator) {
      case '$eq':
        clauses.push({ [field]: operand === null ? null : { $eq: operand } });
        break;
      case '$ne':
        // Mongo's $ne already matches documents where the field is missing.
        clauses.push({ [field]: { $ne: operand } });
        break;
      case '$in':
        clauses.push({ [field]: { $in: [...(operand as readonly Scalar[])] } });
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        clauses.push({ [field]: { [operator]: operand } });
        break;
      case '$contains':
        // $all with one value: the array holds it (a scalar field equal to it also matches,
        // as json_each over a scalar does in SQLite).
        clauses.push({ [field]: { $all: [operand] } });
        break;
      case '$containsAny':
        // $in against an array field matches when any element is one of the values.
        clauses.push({ [field]: { $in: [...(operand as readonly Scalar[])] } });
        break;
      case '$exists':
        clauses.push({ [field]: operand ? { $ne: null } : null });
        break;
      default:
        throw new Error(`Unsupported query operator: ${operator}`);
    }
  }
  return clauses;
};

const textClauses = (
  query: Pick<Query, 'text'>,
  textSearch: readonly string[] | undefined,
): MongoFilter[] =>
  textConditions(query, textSearch).map(({ words, fields, exclude }) => {
    const indexes = fields.map((field) => textSearch!.indexOf(field));
    const perWord = words.map((word) => {
      const alternatives = indexes.map((index) => ({
        [WORDS_FIELD]: { $regex: tokenPrefixPattern(index, word) },
      }));
      return alternatives.length === 1 ? alternatives[0]! : { $or: alternatives };
    });
    const all = perWord.length === 1 ? perWord[0]! : { $and: perWord };
    return exclude ? { $nor: [all] } : all;
  });

/** The filter for a query's `where` and `text` on a collection with these text-search fields. */
export const toMongoFilter = (
  query: Pick<Query, 'where' | 'text'>,
  textSearch?: readonly string[],
): MongoFilter => {
  const clauses = [
    ...Object.entries(query.where ?? {}).flatMap(([field, condition]) =>
      conditionClauses(field, condition),
    ),
    ...textClauses(query, textSearch),
  ];
  if (clauses.length === 0) return {};
  if (clauses.length === 1) return clauses[0]!;
  return { $and: clauses };
};

/** The query's sort, then `_id` ascending so equal keys always come back in the same order. */
export const toMongoSort = (query: Pick<Query, 'sort'>): MongoSort => {
  const sort: MongoSort = [];
  const seen = new Set<string>();
  for (const [field, direction] of query.sort ?? []) {
    assertFieldPath(field);
    if (seen.has(field)) continue;
    seen.add(field);
    sort.push([field, direction === -1 ? -1 : 1]);
  }
  if (!seen.has('_id')) sort.push(['_id', 1]);
  return sort;
};

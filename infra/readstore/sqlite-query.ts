import {
  assertFieldPath,
  textConditions,
  type FieldCondition,
  type Query,
  type Scalar,
} from './port.ts';

export type SqlFragment = { sql: string; params: (string | number | null)[] };

/** The side tables of a collection a query may use besides its own table. */
export type CollectionTables = Readonly<{
  /** The FTS5 table, one column per text-search field (`c0`, `c1`, … in declaration order). */
  fts: Readonly<{ table: string; fields: readonly string[] }> | null;
  /** The per-element table of the list fields declared in `listIndexes`. */
  lists: Readonly<{ table: string; fields: ReadonlySet<string> }> | null;
}>;

export const NO_SIDE_TABLES: CollectionTables = { fts: null, lists: null };

export const bind = (value: Scalar): string | number | null =>
  typeof value === 'boolean' ? (value ? 1 : 0) : value;

/** The SQL expression reading a document field; the path is validated, never interpolated raw. */
export const fieldExpression = (field: string): string => {
  assertFieldPath(field);
  return `json_extract(doc, '$.${field}')`;
};

/** The FTS5 column of the text-search field at `index`. */
export const ftsColumn = (index: number): string => `c${index}`;

const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

const conditionSql = (
  field: string,
  condition: FieldCondition,
  tables: CollectionTables,
): SqlFragment => {
  const expr = fieldExpression(field);
  if (condition === null) return { sql: `${expr} IS NULL`, params: [] };
  if (typeof condition !== 'object') return { sql: `${expr} = ?`, params: [bind(condition)] };
  const parts: string[] = [];
  const params: (string | number | null)[] = [];
  const add = (sql: string, ...values: (string | number | null)[]) => {
    parts.push(sql);
    params.push(...values);
  };
  const list = (values: readonly Scalar[]) => placeholders(values.length);
  // A declared list field is filtered through its side table's index, not by reading every list.
  const elementsIn = (values: readonly Scalar[]) =>
    tables.lists?.fields.has(field)
      ? add(
          `rowid IN (SELECT rid FROM "${tables.lists.table}" WHERE field = ? AND value IN (${list(values)}))`,
          field,
          ...values.map(bind),
        )
      : add(
          `EXISTS (SELECT 1 FROM json_each(doc, '$.${field}') WHERE value IN (${list(values)}))`,
          ...values.map(bind),
        );
  for (const [operator, operand] of Object.entries(condition)) {
    switch (operator) {
      case '$eq':
        if (operand === null) add(`${expr} IS NULL`);
        else add(`${expr} = ?`, bind(operand as Scalar));
        break;
      case '$ne':
        if (operand === null) add(`${expr} IS NOT NULL`);
        else add(`(${expr} IS NULL OR ${expr} != ?)`, bind(operand as Scalar));
        break;
      case '$in': {
        const values = operand as readonly Scalar[];
        if (values.length === 0) add('0');
        else add(`${expr} IN (${list(values)})`, ...values.map(bind));
        break;
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        const sign = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[operator];
        add(`${expr} ${sign} ?`, operand as string | number);
        break;
      }
      case '$contains':
        elementsIn([operand as Scalar]);
        break;
      case '$containsAny': {
        const values = operand as readonly Scalar[];
        if (values.length === 0) add('0');
        else elementsIn(values);
        break;
      }
      case '$exists':
        add(operand ? `${expr} IS NOT NULL` : `${expr} IS NULL`);
        break;
      default:
        throw new Error(`Unsupported query operator: ${operator}`);
    }
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
};

/**
 * The FTS5 query for words that must all begin a word of the given columns: words are letters
 * and digits only (searchWords), so quoting them is enough.
 */
export const ftsMatch = (
  words: readonly string[],
  fields: readonly string[],
  all: readonly string[],
): string => {
  const phrases = words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(' AND ');
  if (fields.length === all.length) return phrases;
  const columns = fields.map((field) => ftsColumn(all.indexOf(field))).join(' ');
  return `{${columns}} : (${phrases})`;
};

/** WHERE clause (without the keyword) for a query over a collection with these side tables. */
export const whereSql = (query: Query, tables: CollectionTables): SqlFragment => {
  const parts: string[] = [];
  const params: (string | number | null)[] = [];
  for (const [field, condition] of Object.entries(query.where ?? {})) {
    const fragment = conditionSql(field, condition, tables);
    parts.push(`(${fragment.sql})`);
    params.push(...fragment.params);
  }
  for (const text of textConditions(query, tables.fts?.fields)) {
    const fts = tables.fts!;
    parts.push(
      `rowid ${text.exclude ? 'NOT IN' : 'IN'} (SELECT rowid FROM "${fts.table}" WHERE "${fts.table}" MATCH ?)`,
    );
    params.push(ftsMatch(text.words, text.fields, fts.fields));
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
};

export const orderSql = (query: Query): string => {
  const terms = (query.sort ?? []).map(
    ([field, direction]) => `${fieldExpression(field)} ${direction === -1 ? 'DESC' : 'ASC'}`,
  );
  return [...terms, 'id ASC'].join(', ');
};

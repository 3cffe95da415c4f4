import {
  assertFieldPath,
  searchWords,
  type FieldCondition,
  type Query,
  type Scalar,
} from './port.ts';

export type SqlFragment = { sql: string; params: (string | number | null)[] };

const bind = (value: Scalar): string | number | null =>
  typeof value === 'boolean' ? (value ? 1 : 0) : value;

/** The SQL expression reading a document field; the path is validated, never interpolated raw. */
export const fieldExpression = (field: string): string => {
  assertFieldPath(field);
  return `json_extract(doc, '$.${field}')`;
};

const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

const conditionSql = (field: string, condition: FieldCondition): SqlFragment => {
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
        add(
          `EXISTS (SELECT 1 FROM json_each(doc, '$.${field}') WHERE value = ?)`,
          bind(operand as Scalar),
        );
        break;
      case '$containsAny': {
        const values = operand as readonly Scalar[];
        if (values.length === 0) add('0');
        else {
          add(
            `EXISTS (SELECT 1 FROM json_each(doc, '$.${field}') WHERE value IN (${list(values)}))`,
            ...values.map(bind),
          );
        }
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

/** WHERE clause (without the keyword) for a query over `table`, using its FTS table for text. */
export const whereSql = (query: Query, ftsTable: string | null): SqlFragment => {
  const parts: string[] = [];
  const params: (string | number | null)[] = [];
  for (const [field, condition] of Object.entries(query.where ?? {})) {
    const fragment = conditionSql(field, condition);
    parts.push(`(${fragment.sql})`);
    params.push(...fragment.params);
  }
  if (query.text !== undefined) {
    const words = searchWords(query.text);
    if (words.length > 0) {
      if (!ftsTable) throw new Error('This collection has no text search');
      parts.push(`rowid IN (SELECT rowid FROM "${ftsTable}" WHERE "${ftsTable}" MATCH ?)`);
      params.push(words.map((word) => `"${word}"*`).join(' '));
    }
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
};

export const orderSql = (query: Query): string => {
  const terms = (query.sort ?? []).map(
    ([field, direction]) => `${fieldExpression(field)} ${direction === -1 ? 'DESC' : 'ASC'}`,
  );
  return [...terms, 'id ASC'].join(', ');
};

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
  lists: Readonly<{ table: string; fields: ReadonlySet<string>; owner: string }> | null;
  /**
   * The fields kept in the row's small `keys` column (every field of the collection's indexes):
   * read there, where the expression indexes are, rather than in the whole document.
   */
  keys: ReadonlySet<string>;
}>;

export const NO_SIDE_TABLES: CollectionTables = { fts: null, lists: null, keys: new Set() };

export const bind = (value: Scalar): string | number | null =>
  typeof value === 'boolean' ? (value ? 1 : 0) : value;

/**
 * The SQL expression reading a document field: in the `keys` column for an indexed field (the
 * very expression its index is built on, so SQLite uses the index), else in the document. The
 * path is validated, never interpolated raw.
 */
export const fieldExpression = (field: string, keyed: ReadonlySet<string>): string => {
  assertFieldPath(field);
  return `json_extract(${keyed.has(field) ? 'keys' : 'doc'}, '$.${field}')`;
};

/** The FTS5 column of the text-search field at `index`. */
export const ftsColumn = (index: number): string => `c${index}`;

const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

const conditionSql = (
  field: string,
  condition: FieldCondition,
  tables: CollectionTables,
  readInOrder: boolean,
): SqlFragment => {
  // Read in order, a condition on a field other than the sort's first is checked on each
  // document read (a unary + keeps SQLite from starting from that field's index instead).
  const column = fieldExpression(field, tables.keys);
  const expr = readInOrder ? `+${column}` : column;
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
          // In order: a probe of the side table per document read (its rid index); otherwise
          // the side table's (field, value) index gives the matching documents.
          readInOrder
            ? `EXISTS (SELECT 1 FROM "${tables.lists.table}" AS l WHERE l.rid = "${tables.lists.owner}".rowid AND l.field = ? AND l.value IN (${list(values)}))`
            : `rowid IN (SELECT rid FROM "${tables.lists.table}" WHERE field = ? AND value IN (${list(values)}))`,
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

/** The values of a list field's lone `$contains`/`$containsAny` (non-empty), else null. */
const listValues = (
  field: string,
  condition: FieldCondition,
  tables: CollectionTables,
): readonly Scalar[] | null => {
  if (!tables.lists?.fields.has(field) || condition === null || typeof condition !== 'object') {
    return null;
  }
  if (Object.keys(condition).length !== 1) return null;
  const values =
    '$contains' in condition
      ? [condition.$contains as Scalar]
      : '$containsAny' in condition
        ? (condition.$containsAny ?? [])
        : null;
  return values && values.length > 0 ? values : null;
};

/** WHERE clause (without the keyword) for a query over a collection with these side tables. */
export const whereSql = (query: Query, tables: CollectionTables): SqlFragment => {
  const parts: string[] = [];
  const params: (string | number | null)[] = [];
  const inOrder = query.readIn === 'order' && (query.sort?.length ?? 0) > 0;
  // Starting from the conditions, every list condition and text condition is a set of rowids
  // from its own index: two or more are intersected from those indexes alone, so only the
  // documents in every set are read (not each match of one set, to check the others on it).
  const sets: SqlFragment[] = [];
  const texts = textConditions(query, tables.fts?.fields);
  for (const [field, condition] of Object.entries(query.where ?? {})) {
    const values = inOrder ? null : listValues(field, condition, tables);
    if (values) {
      sets.push({
        sql: `SELECT rid FROM "${tables.lists!.table}" WHERE field = ? AND value IN (${placeholders(values.length)})`,
        params: [field, ...values.map(bind)],
      });
    }
  }
  if (!inOrder) {
    for (const text of texts) {
      if (text.exclude) continue;
      sets.push({
        sql: `SELECT rowid FROM "${tables.fts!.table}" WHERE "${tables.fts!.table}" MATCH ?`,
        params: [ftsMatch(text.words, text.fields, tables.fts!.fields)],
      });
    }
  }
  const intersect = sets.length >= 2;
  if (intersect) {
    parts.push(`rowid IN (${sets.map((set) => set.sql).join(' INTERSECT ')})`);
    params.push(...sets.flatMap((set) => set.params));
  }
  for (const [field, condition] of Object.entries(query.where ?? {})) {
    if (intersect && listValues(field, condition, tables)) continue;
    const fragment = conditionSql(
      field,
      condition,
      tables,
      query.readIn === 'order' && (query.sort?.length ?? 0) > 0 && query.sort?.[0]?.[0] !== field,
    );
    parts.push(`(${fragment.sql})`);
    params.push(...fragment.params);
  }
  // Read in order, a text condition is checked on each document read (its matches looked up in
  // a set built once), rather than being where the reading starts: the unary + keeps SQLite from
  // reading the matches by rowid and sorting them all.
  const rowid = inOrder ? '+rowid' : 'rowid';
  for (const text of texts) {
    if (intersect && !text.exclude) continue;
    const fts = tables.fts!;
    parts.push(
      `${rowid} ${text.exclude ? 'NOT IN' : 'IN'} (SELECT rowid FROM "${fts.table}" WHERE "${fts.table}" MATCH ?)`,
    );
    params.push(ftsMatch(text.words, text.fields, fts.fields));
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
};

export const orderSql = (query: Query, tables: CollectionTables): string => {
  const terms = (query.sort ?? []).map(
    ([field, direction]) =>
      `${fieldExpression(field, tables.keys)} ${direction === -1 ? 'DESC' : 'ASC'}`,
  );
  return [...terms, 'id ASC'].join(', ');
};

/**
 * A count that the list table answers alone: a query whose only condition is one list field's
 * `$contains`/`$containsAny` (no text), counted as distinct documents in the side table's
 * (field, value, rid) index, without looking up each document. Null for any other query.
 */
export const listOnlyCount = (
  query: Pick<Query, 'where' | 'text'>,
  tables: CollectionTables,
): SqlFragment | null => {
  const entries = Object.entries(query.where ?? {});
  if (entries.length !== 1 || textConditions(query, tables.fts?.fields).length > 0) return null;
  const [field, condition] = entries[0]!;
  if (!tables.lists?.fields.has(field) || condition === null || typeof condition !== 'object') {
    return null;
  }
  const operators = Object.keys(condition);
  if (operators.length !== 1) return null;
  const values =
    '$contains' in condition
      ? [condition.$contains as Scalar]
      : '$containsAny' in condition
        ? (condition.$containsAny ?? [])
        : null;
  if (values === null || values.length === 0) return null;
  return {
    sql: `SELECT count(DISTINCT rid) AS n FROM "${tables.lists.table}" WHERE field = ? AND value IN (${placeholders(values.length)})`,
    params: [field, ...values.map(bind)],
  };
};

/**
 * A count that the text index answers alone: a query whose only condition is one text condition
 * (no field conditions, no exclusion), counted in the FTS5 table (one row per document) without
 * looking up each matching document. Null for any other query. (A second condition as
 * `rowid IN (…)` on the FTS5 table would be asked of it rowid by rowid: far slower.)
 */
export const textOnlyCount = (
  query: Pick<Query, 'where' | 'text'>,
  tables: CollectionTables,
): SqlFragment | null => {
  if (Object.keys(query.where ?? {}).length > 0 || !tables.fts) return null;
  const texts = textConditions(query, tables.fts.fields);
  if (texts.length !== 1 || texts[0]!.exclude) return null;
  const fts = tables.fts;
  return {
    sql: `SELECT count(*) AS n FROM "${fts.table}" WHERE "${fts.table}" MATCH ?`,
    params: [ftsMatch(texts[0]!.words, texts[0]!.fields, fts.fields)],
  };
};

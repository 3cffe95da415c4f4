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
  /**
   * The FTS5 table, one column per text-search field (`c0`, `c1`, … in declaration order), and
   * with `lists` the column of list tokens (listToken): one per element of each list field, so
   * a text condition and list conditions are one FTS5 query (combinedMatch).
   */
  fts: Readonly<{
    table: string;
    fields: readonly string[];
    lists?: Readonly<{ column: string; fields: readonly string[] }> | null;
    /** The word lengths the index keeps prefix lists for (textPrefixes): such a word seeks. */
    prefixes?: readonly number[];
  }> | null;
  /** The per-element table of the list fields declared in `listIndexes`. */
  lists: Readonly<{ table: string; fields: ReadonlySet<string>; owner: string }> | null;
  /**
   * The fields kept in the row's small `keys` column (every field of the collection's indexes):
   * read there, where the expression indexes are, rather than in the whole document.
   */
  keys: ReadonlySet<string>;
  /** The fields that begin one of the collection's indexes (a range of them is an index range). */
  leading?: ReadonlySet<string>;
  /** The fields whose documents `counts` also holds per band of values (rangeCounts, bandSql). */
  banded?: ReadonlySet<string>;
  /**
   * The number of documents holding each (list field, value) (`listIndexes`), kept by triggers
   * on the list table; absent (the table missing) while a rebuild from zero defers them.
   */
  counts?: string | null;
  /**
   * The elements of the list fields that orders are kept for (`perListValue`), each with its
   * document's id and keys, indexed by (field, value) then each such order: a page of one value
   * in one of them, however deep, is read from one index. Kept by triggers; absent while a
   * rebuild from zero defers it.
   */
  ordered?: Readonly<{
    table: string;
    fields: ReadonlySet<string>;
    orders: readonly Readonly<{
      fields: readonly string[];
      order: readonly (1 | -1)[];
      lists: ReadonlySet<string>;
    }>[];
  }> | null;
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

/**
 * How a query names its document's row: its rowid in the table read (`rowid`), and that same
 * rowid as a correlated subquery reaches it (`"rm_x".rowid`). Reading the ordered list table,
 * both are its `rid`.
 */
type RowReference = Readonly<{ rowid: string; outer: string }>;

const ownRow = (tables: CollectionTables): RowReference => ({
  rowid: 'rowid',
  outer: `"${tables.lists?.owner ?? ''}".rowid`,
});

const conditionSql = (
  field: string,
  condition: FieldCondition,
  tables: CollectionTables,
  readInOrder: boolean,
  row: RowReference = ownRow(tables),
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
            ? `EXISTS (SELECT 1 FROM "${tables.lists.table}" AS l WHERE l.rid = ${row.outer} AND l.field = ? AND l.value IN (${list(values)}))`
            : `${row.rowid} IN (SELECT rid FROM "${tables.lists.table}" WHERE field = ? AND value IN (${list(values)}))`,
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

/** The FTS5 column of list tokens (listToken), after the text columns. */
export const FTS_LIST_COLUMN = 'lists';

/**
 * The token of a list field's element in the text index's list column: `0`, the field's index
 * in `listIndexes`, `q`, the value's type (`s` string, `n` number; a boolean is bound as a
 * number) and the value spelled in letters a to y and digits, every other character as `z`,
 * its code point in hex, `z`. One token (the tokenizer keeps letters and digits together, and
 * lower case is left as it is), distinct for every (field, value). A text condition never
 * reads the list column (ftsMatch names its columns whenever there is one).
 */
export const listToken = (field: number, value: string | number): string => {
  const text = String(value);
  let spelled = '';
  if (PLAIN_TOKEN.test(text)) spelled = text;
  else {
    for (const char of text) {
      spelled += PLAIN_TOKEN.test(char) ? char : `z${char.codePointAt(0)!.toString(16)}z`;
    }
  }
  return `0${field}q${typeof value === 'number' ? 'n' : 's'}${spelled}`;
};

const PLAIN_TOKEN = /^[a-y0-9]*$/;

/**
 * The FTS5 query for words that must all begin a word of the given columns: words are letters
 * and digits only (searchWords), so quoting them is enough. With a list column, the text
 * columns are always named (the list tokens are not text).
 */
export const ftsMatch = (
  words: readonly string[],
  fields: readonly string[],
  all: readonly string[],
  listColumn = false,
): string => {
  const phrases = words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(' AND ');
  if (fields.length === all.length && !listColumn) return phrases;
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

/**
 * A query's text conditions and list conditions as one FTS5 query, when the text index holds
 * list tokens and there is a text condition to look for (not only ones to exclude): FTS5 then
 * intersects the text's matches with the lists' by skipping ahead in each, instead of SQLite
 * intersecting every match of a broad prefix (half the documents for `re`) with a list's
 * documents. `fields`: the list fields it covers (each a lone `$contains`/`$containsAny`);
 * excluded texts are in it too (NOT). Null when it does not apply.
 */
export const combinedMatch = (
  query: Pick<Query, 'where' | 'text'>,
  tables: CollectionTables,
): { match: string; fields: ReadonlySet<string> } | null => {
  const lists = tables.fts?.lists;
  if (!lists) return null;
  const texts = textConditions(query, tables.fts!.fields);
  if (!texts.some((text) => !text.exclude)) return null;
  const all = tables.fts!.fields;
  const included: string[] = [];
  const excluded: string[] = [];
  for (const text of texts) {
    (text.exclude ? excluded : included).push(`(${ftsMatch(text.words, text.fields, all, true)})`);
  }
  const { parts, fields } = listMatches(query, tables);
  const match = [...included, ...parts].join(' AND ');
  return {
    match: excluded.length ? `(${match}) NOT (${excluded.join(' OR ')})` : match,
    fields,
  };
};

/**
 * The list conditions of a query as FTS5 queries of the text index's list column (one per
 * field, its values' tokens ORed), the fields they cover, and how many tokens they name.
 */
const listMatches = (
  query: Pick<Query, 'where'>,
  tables: CollectionTables,
): { parts: string[]; fields: Set<string>; tokens: number } => {
  const lists = tables.fts?.lists;
  const parts: string[] = [];
  const fields = new Set<string>();
  let tokens = 0;
  if (!lists) return { parts, fields, tokens };
  for (const [field, condition] of Object.entries(query.where ?? {})) {
    const at = lists.fields.indexOf(field);
    const values = at === -1 ? null : listValues(field, condition, tables);
    // A null element is never in the list table (nor a token): such a condition stays apart.
    if (!values || values.some((value) => value === null || typeof value === 'object')) continue;
    parts.push(
      `({${lists.column}} : (${values.map((value) => `"${listToken(at, bind(value)!)}"`).join(' OR ')}))`,
    );
    fields.add(field);
    tokens += values.length;
  }
  return { parts, fields, tokens };
};

/**
 * Whether each word of a query's text conditions has a prefix list of its length in the text
 * index (CollectionTables' `prefixes`): FTS5 then finds whether one document matches by seeking
 * in those lists. A longer word's prefix is answered by merging the lists of every word it
 * begins, again at each such lookup.
 */
export const textSeeks = (query: Pick<Query, 'text'>, tables: CollectionTables): boolean => {
  const prefixes = tables.fts?.prefixes;
  if (!prefixes?.length) return false;
  return textConditions(query, tables.fts!.fields).every((text) =>
    text.words.every((word) => prefixes.includes([...word].length)),
  );
};

/** The statement part checking one document (`outer`) against an FTS5 query (a bound MATCH). */
const ftsProbe = (fts: string, outer: string, negate = false): string =>
  `${negate ? 'NOT ' : ''}EXISTS (SELECT 1 FROM "${fts}" WHERE "${fts}" MATCH ? AND "${fts}".rowid = ${outer})`;

/**
 * WHERE clause (without the keyword) for a query over a collection with these side tables.
 * `probe`: read in order, the text conditions are looked up in the text index for each document
 * read (ftsProbe), not gathered into a set of every match first; right when few documents are
 * read and each lookup seeks (textSeeks).
 */
export const whereSql = (
  query: Query,
  tables: CollectionTables,
  row: RowReference = ownRow(tables),
  probe = false,
): SqlFragment => {
  const parts: string[] = [];
  const params: (string | number | null)[] = [];
  const inOrder = query.readIn === 'order' && (query.sort?.length ?? 0) > 0;
  const probing = probe && inOrder;
  const combined = combinedMatch(query, tables);
  if (combined) {
    // The text and list conditions as one set (read in order, looked up in that set, built
    // once, or in the text index itself for each document read); the other conditions checked
    // on each document as below.
    const fts = tables.fts!.table;
    parts.push(
      probing
        ? ftsProbe(fts, row.outer)
        : `${inOrder ? '+' : ''}${row.rowid} IN (SELECT rowid FROM "${fts}" WHERE "${fts}" MATCH ?)`,
    );
    params.push(combined.match);
    for (const [field, condition] of Object.entries(query.where ?? {})) {
      if (combined.fields.has(field)) continue;
      const fragment = conditionSql(
        field,
        condition,
        tables,
        inOrder && query.sort?.[0]?.[0] !== field,
        row,
      );
      parts.push(`(${fragment.sql})`);
      params.push(...fragment.params);
    }
    return { sql: parts.join(' AND '), params };
  }
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
        params: [ftsMatch(text.words, text.fields, tables.fts!.fields, Boolean(tables.fts!.lists))],
      });
    }
  }
  const intersect = sets.length >= 2;
  if (intersect) {
    parts.push(`${row.rowid} IN (${sets.map((set) => set.sql).join(' INTERSECT ')})`);
    params.push(...sets.flatMap((set) => set.params));
  }
  for (const [field, condition] of Object.entries(query.where ?? {})) {
    if (intersect && listValues(field, condition, tables)) continue;
    const fragment = conditionSql(
      field,
      condition,
      tables,
      query.readIn === 'order' && (query.sort?.length ?? 0) > 0 && query.sort?.[0]?.[0] !== field,
      row,
    );
    parts.push(`(${fragment.sql})`);
    params.push(...fragment.params);
  }
  // Read in order, a text condition is checked on each document read (its matches looked up in
  // a set built once), rather than being where the reading starts: the unary + keeps SQLite from
  // reading the matches by rowid and sorting them all.
  const rowid = inOrder ? `+${row.rowid}` : row.rowid;
  for (const text of texts) {
    if (intersect && !text.exclude) continue;
    const fts = tables.fts!;
    parts.push(
      probing
        ? ftsProbe(fts.table, row.outer, text.exclude)
        : `${rowid} ${text.exclude ? 'NOT IN' : 'IN'} (SELECT rowid FROM "${fts.table}" WHERE "${fts.table}" MATCH ?)`,
    );
    params.push(ftsMatch(text.words, text.fields, fts.fields, Boolean(fts.lists)));
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
};

/** The ORDER BY of a query's sort then the id; `reverse`: the same order backwards. */
export const orderSql = (query: Query, tables: CollectionTables, reverse = false): string => {
  const terms = (query.sort ?? []).map(
    ([field, direction]) =>
      `${fieldExpression(field, tables.keys)} ${(direction === -1) !== reverse ? 'DESC' : 'ASC'}`,
  );
  return [...terms, reverse ? 'id DESC' : 'id ASC'].join(', ');
};

/**
 * A statement, and the one to run instead when its side table is missing (a deferred rebuild);
 * `stored`: a count read from one stored row.
 */
export type Statement = SqlFragment & Readonly<{ fallback?: SqlFragment; stored?: boolean }>;

/** The name a banded field's rows have in the counts table (no field path begins with `#`). */
export const bandField = (field: string): string => `#${field}`;

/** A band's value for numbers outside every band (below 1, 10^15 or more), or not numbers. */
export const OTHER_BAND = -1;

/**
 * The SQL of the band of a number (`value`, an SQL expression): its integer part to two
 * significant digits (5,000 to 5,099 are 5000; 1 to 99 each their own), OTHER_BAND for a value
 * below 1, from 10^15, or not a number. A band runs from its value to the next (bandAfter).
 */
export const bandSql = (value: string): string =>
  `(CASE WHEN typeof(${value}) IN ('integer', 'real') AND ${value} >= 1 AND ${value} < 1e15 THEN CAST(substr(CAST(CAST(${value} AS INTEGER) AS TEXT), 1, 2) || substr('0000000000000', 1, length(CAST(CAST(${value} AS INTEGER) AS TEXT)) - 2) AS INTEGER) ELSE ${OTHER_BAND} END)`;

/** Where the bands end (bandSql): larger numbers are in none. */
const BANDS_END = 1e15;

/** The band holding a number from 1 to BANDS_END (bandSql's, in JavaScript). */
export const bandOf = (value: number): number => {
  const digits = String(Math.floor(value));
  return digits.length <= 2
    ? Number(digits)
    : Number(digits.slice(0, 2)) * 10 ** (digits.length - 2);
};

/** The start of the band after the band starting at `band`. */
export const bandAfter = (band: number): number =>
  band < 100 ? band + 1 : band + 10 ** (String(band).length - 2);

/**
 * The count of a range of a banded field alone: the stored counts of the bands inside it, and
 * the field's index entries between each bound and the nearest band start inside the range.
 * When some document's value is in no band (OTHER_BAND counted), the index entries instead.
 */
const bandedCount = (
  field: string,
  condition: Readonly<Record<string, unknown>>,
  tables: CollectionTables,
  table: string,
): Statement => {
  const expr = fieldExpression(field, tables.keys);
  const bounds = Object.entries(condition) as [string, number][];
  const range = (all: readonly [string, number][]) => {
    return {
      sql: `SELECT count(*) FROM "${table}" WHERE ${all
        .map(
          ([operator]) => `${expr} ${{ $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[operator]} ?`,
        )
        .join(' AND ')}`,
      params: all.map(([, operand]) => operand),
    };
  };
  const plain = range(bounds);
  // The first band start at or above the lower bound (1 without one: every value is in a band
  // then), and the last band start at or below the upper bound (none without one).
  const low = bounds.find(([operator]) => operator === '$gt' || operator === '$gte');
  const lower = low?.[1];
  const upper = bounds.find(([operator]) => operator === '$lt' || operator === '$lte')?.[1];
  // A band starting at the lower bound is inside the range only with `$gte`.
  const from =
    lower === undefined || lower < 1
      ? 1
      : lower >= BANDS_END
        ? null
        : bandOf(lower) === lower && low![0] === '$gte'
          ? lower
          : bandAfter(bandOf(lower));
  const to = upper === undefined || upper >= BANDS_END ? null : upper < 1 ? 1 : bandOf(upper);
  const parts: SqlFragment[] = [];
  if (from !== null && (to === null || from < to)) {
    parts.push({
      sql: `SELECT coalesce(sum(n), 0) FROM "${tables.counts}" WHERE field = ? AND value >= ?${to === null ? '' : ' AND value < ?'}`,
      params: [bandField(field), from, ...(to === null ? [] : [to])],
    });
    // The ends of the range outside those bands, from the field's index (each bound of an end
    // its own: SQLite's index range takes one lower and one upper bound).
    const high = bounds.find(([operator]) => operator === '$lt' || operator === '$lte');
    if (low && low[1] < from) parts.push(range([low, ['$lt', from]]));
    if (to !== null) parts.push(range([['$gte', to], high!]));
  } else {
    parts.push(plain);
  }
  const counted = parts.map((part) => `(${part.sql})`).join(' + ');
  return {
    sql: `SELECT CASE WHEN coalesce((SELECT n FROM "${tables.counts}" WHERE field = ? AND value = ${OTHER_BAND}), 0) > 0 THEN (${plain.sql}) ELSE ${counted} END AS n`,
    params: [bandField(field), ...plain.params, ...parts.flatMap((part) => part.params)],
    fallback: {
      sql: `${plain.sql.replace('SELECT count(*)', 'SELECT count(*) AS n')}`,
      params: plain.params,
    },
  };
};

/** The count of an FTS5 query's matches in a text index (`match`: a bound MATCH). */
export const ftsCount = (fts: string, match: string): SqlFragment => ({
  sql: `SELECT count(*) AS n FROM "${fts}" WHERE "${fts}" MATCH ?`,
  params: [match],
});

/**
 * A count answered without reading the documents, or null for a count that must read them:
 * - no condition: the stored count of documents (tables.counts; else the table's rows, counted
 *   from its b-tree without a WHERE to check);
 * - one list field's one value: the stored count of its documents (tables.counts; else its
 *   index entries, one per document);
 * - one list field's values: the union of their index entries' documents;
 * - one text condition: the text index's matches;
 * - only list and text conditions: the size of the intersection of their sets of rowids (less
 *   the excluded texts' matches), from their indexes alone.
 */
export const countSql = (
  query: Pick<Query, 'where' | 'text'>,
  tables: CollectionTables,
  table: string,
): Statement | null => {
  const entries = Object.entries(query.where ?? {});
  const texts = textConditions(query, tables.fts?.fields);
  if (entries.length === 0 && texts.length === 0) {
    const rows = { sql: `SELECT count(*) AS n FROM "${table}"`, params: [] };
    return tables.counts
      ? {
          sql: `SELECT coalesce((SELECT n FROM "${tables.counts}" WHERE field = '' AND value = ''), 0) AS n`,
          params: [],
          fallback: rows,
          stored: true,
        }
      : rows;
  }
  if (entries.length === 1 && texts.length === 0 && tables.counts) {
    // A range of a banded field alone: its bands' stored counts.
    const [field, condition] = entries[0]!;
    if (
      tables.banded?.has(field) &&
      condition !== null &&
      typeof condition === 'object' &&
      Object.keys(condition).length > 0 &&
      Object.entries(condition).every(
        ([operator, operand]) =>
          ['$gt', '$gte', '$lt', '$lte'].includes(operator) &&
          typeof operand === 'number' &&
          Number.isFinite(operand),
      ) &&
      Object.keys(condition).filter((operator) => operator.startsWith('$g')).length <= 1 &&
      Object.keys(condition).filter((operator) => operator.startsWith('$l')).length <= 1
    ) {
      return bandedCount(field, condition as Record<string, unknown>, tables, table);
    }
  }
  if (texts.length === 0 && entries.length > 0) {
    // List conditions alone, two or more of them or one of several values: the count of one
    // FTS5 query of the list column, a third of the time of merging the list table's ranges
    // (at 1,000,000 entries: 5 ms against 15 for a union of two cities, 2 against 10 for a
    // category in a city). One value of one field has its count stored (below).
    const lists = listMatches(query, tables);
    if (lists.fields.size === entries.length && lists.tokens > 1) {
      return ftsCount(tables.fts!.table, lists.parts.join(' AND '));
    }
  }
  const combined = combinedMatch(query, tables);
  if (combined) {
    // Every condition a list or text one: the count of one FTS5 query's matches.
    if (entries.some(([field]) => !combined.fields.has(field))) return null;
    return ftsCount(tables.fts!.table, combined.match);
  }
  const sets: SqlFragment[] = [];
  for (const [field, condition] of entries) {
    const values = listValues(field, condition, tables);
    if (!values) return null;
    sets.push({
      sql: `SELECT rid FROM "${tables.lists!.table}" WHERE field = ? AND value IN (${placeholders(values.length)})`,
      params: [field, ...values.map(bind)],
    });
  }
  const excluded: SqlFragment[] = [];
  for (const text of texts) {
    const set = {
      sql: `SELECT rowid FROM "${tables.fts!.table}" WHERE "${tables.fts!.table}" MATCH ?`,
      params: [ftsMatch(text.words, text.fields, tables.fts!.fields, Boolean(tables.fts!.lists))],
    };
    (text.exclude ? excluded : sets).push(set);
  }
  if (sets.length === 0) return null;
  if (sets.length === 1 && excluded.length === 0) {
    if (texts.length === 1) {
      return {
        sql: `SELECT count(*) AS n ${sets[0]!.sql.slice('SELECT rowid '.length)}`,
        params: sets[0]!.params,
      };
    }
    const [field, condition] = entries[0]!;
    const values = listValues(field, condition, tables)!;
    if (values.length > 1) {
      // Each value's entries come in rowid order from the index: their union is a merge (ORDER
      // BY), not a temporary b-tree of every entry as count(DISTINCT rid) builds.
      const one = `SELECT rid FROM "${tables.lists!.table}" WHERE field = ? AND value = ?`;
      return {
        sql: `SELECT count(*) AS n FROM (${values.map(() => one).join(' UNION ')} ORDER BY 1)`,
        params: values.flatMap((value) => [field, bind(value)]),
      };
    }
    // A document holds a value once in the list table: its entries are its documents.
    const entriesCount = {
      sql: `SELECT count(*) AS n FROM "${tables.lists!.table}" WHERE field = ? AND value = ?`,
      params: [field, bind(values[0]!)],
    };
    return tables.counts
      ? {
          sql: `SELECT coalesce((SELECT n FROM "${tables.counts}" WHERE field = ? AND value = ?), 0) AS n`,
          params: [field, bind(values[0]!)],
          fallback: entriesCount,
          stored: true,
        }
      : entriesCount;
  }
  return {
    sql: `SELECT count(*) AS n FROM (${[
      sets.map((set) => set.sql).join(' INTERSECT '),
      ...excluded.map((set) => set.sql),
    ].join(' EXCEPT ')})`,
    params: [...sets, ...excluded].flatMap((set) => set.params),
  };
};

/**
 * A sorted page read from the ordered list table (tables.ordered), or null when it does not
 * serve the query: the sort is one of the collection's ordered indexes, one condition is a
 * single value of an ordered list field, and the other conditions can be checked there (on the
 * keys, in the list table, in the text index), the caller reading in order when there are any.
 * The page's rowids come from that table's index of (field, value, the order), skipped entries
 * read from the index alone; then their documents, in the same order.
 */
export const orderedListFind = (
  query: Query,
  tables: CollectionTables,
  reverse = false,
  probe = false,
): Statement | null => {
  const ordered = tables.ordered;
  const sort = query.sort ?? [];
  if (!ordered || sort.length === 0) return null;
  const served = ordered.orders.find(
    (index) =>
      index.fields.length === sort.length &&
      index.fields.every(
        (field, at) => sort[at]![0] === field && sort[at]![1] === (index.order[at] ?? 1),
      ),
  );
  if (!served) return null;
  const entries = Object.entries(query.where ?? {});
  const chosen = entries.find(
    ([field, condition]) =>
      served.lists.has(field) && listValues(field, condition, tables)?.length === 1,
  );
  if (!chosen) return null;
  const rest = entries.filter((entry) => entry !== chosen);
  const checkable = rest.every(
    ([field, condition]) =>
      tables.keys.has(field) ||
      (tables.lists?.fields.has(field) && listValues(field, condition, tables) !== null),
  );
  const texts = textConditions(query, tables.fts?.fields);
  if (!checkable || ((rest.length > 0 || texts.length > 0) && query.readIn !== 'order'))
    return null;
  const [field, condition] = chosen;
  const value = listValues(field, condition, tables)![0]!;
  const others = whereSql(
    { ...query, where: Object.fromEntries(rest), readIn: 'order' },
    tables,
    { rowid: 'rid', outer: `"${ordered.table}".rid` },
    probe,
  );
  const order = orderSql(query, tables, reverse);
  return {
    sql: `SELECT r.doc FROM (SELECT rid FROM "${ordered.table}" WHERE field = ? AND value = ? AND ${others.sql} ORDER BY ${order} LIMIT ? OFFSET ?) AS p CROSS JOIN "${tables.lists!.owner}" AS r ON r.rowid = p.rid ORDER BY ${order}`,
    params: [field, bind(value), ...others.params, query.limit ?? -1, query.skip ?? 0],
  };
};

const RANGE_COMPLEMENTS: Readonly<Record<string, string>> = {
  $gt: '<=',
  $gte: '<',
  $lt: '>=',
  $lte: '>',
};

/**
 * For a query that starts from sets of rowids (list or text conditions) and checks a range of
 * an indexed field on each document they find: per such range, the statement finding one
 * document outside it, read in the field's index (its complement: the field missing or null,
 * or beyond a bound; SQLite compares any two values that are not null). A range no document
 * falls outside is no condition, and dropping it spares reading each document the sets found
 * (a minimum of followers below every creator's).
 */
export const rangeChecks = (
  query: Pick<Query, 'where' | 'text'>,
  tables: CollectionTables,
  table: string,
): { field: string; check: SqlFragment }[] => {
  const entries = Object.entries(query.where ?? {});
  const fromSets =
    entries.some(([field, condition]) => listValues(field, condition, tables) !== null) ||
    textConditions(query, tables.fts?.fields).some((text) => !text.exclude);
  if (!fromSets) return [];
  return entries.flatMap(([field, condition]) => {
    if (!tables.leading?.has(field) || condition === null || typeof condition !== 'object') {
      return [];
    }
    const bounds = Object.entries(condition);
    if (bounds.length === 0 || bounds.some(([operator]) => !(operator in RANGE_COMPLEMENTS))) {
      return [];
    }
    const expr = fieldExpression(field, tables.keys);
    return [
      {
        field,
        check: {
          sql: `SELECT 1 AS outside FROM "${table}" WHERE ${[
            `${expr} IS NULL`,
            ...bounds.map(([operator]) => `${expr} ${RANGE_COMPLEMENTS[operator]} ?`),
          ].join(' OR ')} LIMIT 1`,
          params: bounds.map(([, operand]) => operand as string | number),
        },
      },
    ];
  });
};

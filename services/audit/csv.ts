import { once } from 'node:events';
import { stringify, type Options } from 'csv-stringify/sync';
import type { Response } from 'express';

/** A CSV column: the row's field and its header. */
export type CsvColumns<Row> = readonly (readonly [keyof Row & string, string])[];

/** Rows turned into CSV text at once: a 10,000-line ledger is ten writes, not 10,000. */
const BATCH = 1000;

/**
 * Resolves when the response drained or closed, leaving no listener behind: the one of the two
 * that did not happen is removed (a listener per wait would pile up on a long export).
 */
export const drainedOrClosed = async (res: Response): Promise<void> => {
  const waiting = new AbortController();
  try {
    await Promise.race([
      once(res, 'drain', { signal: waiting.signal }),
      once(res, 'close', { signal: waiting.signal }),
    ]);
  } finally {
    waiting.abort();
  }
};

/**
 * Streams rows to the response as a CSV download (csv-stringify: RFC 4180 quoting, a BOM so
 * spreadsheets read it as UTF-8). Text that a spreadsheet would run as a formula (`=`, `+`,
 * `-`, `@`, tab, CR at the start, as a grant's reason could be) is escaped with a quote:
 * an auditor opening the export runs nothing that a user typed. Numbers stay numbers.
 */
export const sendCsv = async <Row extends object>(
  res: Response,
  filename: string,
  columns: CsvColumns<Row>,
  rows: AsyncIterable<Row> | Iterable<Row>,
): Promise<void> => {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  const options: Options = {
    escape_formulas: true,
    columns: columns.map(([key, header]) => ({ key, header })),
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  };
  let first = true;
  const write = async (batch: Row[]) => {
    const text = stringify(batch, { ...options, header: first, bom: first });
    first = false;
    // Wait for the client to take what was written; a client gone stops the export.
    if (!res.write(text)) await drainedOrClosed(res);
  };
  let batch: Row[] = [];
  for await (const row of rows) {
    if (res.destroyed) return;
    batch.push(row);
    if (batch.length === BATCH) {
      await write(batch);
      batch = [];
    }
  }
  if (batch.length > 0 || first) await write(batch);
  res.end();
};

/** A file name safe in a Content-Disposition header: the id is already letters, digits, - and _. */
export const csvName = (what: string, userId: string, at: Date): string =>
  `${what}-${userId}-${at.toISOString().slice(0, 10)}.csv`;

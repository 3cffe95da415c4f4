import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';

/** A CSV column: the row's field and its header. */
export type CsvColumns<Row> = readonly (readonly [keyof Row & string, string])[];

/**
 * Streams rows to the response as a CSV download (csv-stringify: RFC 4180 quoting, a BOM so
 * spreadsheets read it as UTF-8). Text that a spreadsheet would run as a formula (`=`, `+`,
 * `-`, `@`, tab, CR at the start, as a grant's reason could be) is escaped with a quote:
 * an auditor opening the export runs nothing that a user typed.
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
  const csv = stringify({
    header: true,
    bom: true,
    escape_formulas: true,
    columns: columns.map(([key, header]) => ({ key, header })),
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  });
  await pipeline(Readable.from(rows), csv, res);
};

/** A file name safe in a Content-Disposition header: the id is already letters, digits, - and _. */
export const csvName = (what: string, userId: string, at: Date): string =>
  `${what}-${userId}-${at.toISOString().slice(0, 10)}.csv`;

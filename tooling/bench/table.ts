/**
 * The bench's one table: every figure beside a baseline measured in the same run, their ratio,
 * the target ratio and a verdict. Absolute figures depend on the machine and its load; ratios
 * to a baseline measured seconds apart much less, so only ratios are judged.
 */

/** Whether a larger figure is better (throughput) or a smaller one (latency, memory). */
export type Better = 'higher' | 'lower';

export type Row = Readonly<{
  measure: string;
  value: number;
  unit: string;
  /** The same work done by the simplest thing that could do it, in the same unit. */
  baseline: number;
  /** What the baseline is, for the legend under the table. */
  baselineIs: string;
  better: Better;
  /**
   * value / baseline must be at least this (better: higher) or at most this (better: lower).
   * Absent: the figure is reported, not judged.
   */
  target?: number;
  /** Anything a reader needs beside the figure (counts of errors, settings). */
  note?: string;
}>;

/** A measure that could not be taken: reported in the table, and `make bench` fails. */
export type Failure = Readonly<{ measure: string; error: string }>;

export type Verdict = 'meets' | 'MISSES' | '';

export const ratioOf = (row: Pick<Row, 'value' | 'baseline'>): number =>
  row.baseline === 0 ? Number.NaN : row.value / row.baseline;

export const verdictOf = (row: Row): Verdict => {
  if (row.target === undefined) return '';
  const ratio = ratioOf(row);
  if (!Number.isFinite(ratio)) return 'MISSES';
  return (row.better === 'higher' ? ratio >= row.target : ratio <= row.target) ? 'meets' : 'MISSES';
};

const number = (value: number): string => {
  if (!Number.isFinite(value)) return String(value);
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 1 ? 2 : 3;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits });
};

const ratioText = (ratio: number): string =>
  Number.isFinite(ratio) ? ratio.toFixed(ratio >= 10 ? 1 : 2) : 'n/a';

const targetText = (row: Row): string =>
  row.target === undefined ? '' : `${row.better === 'higher' ? '≥' : '≤'} ${ratioText(row.target)}`;

const render = (header: readonly string[], cells: readonly (readonly string[])[]): string[] => {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...cells.map((row) => row[i]!.length)),
  );
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)];
};

/** The table, the legend of baselines, and the summary of misses and failures. */
export const report = (rows: readonly Row[], failures: readonly Failure[]): string => {
  const header = ['measure', 'value', 'unit', 'baseline', 'ratio', 'target', 'verdict'];
  const cells = [
    ...rows.map((row) => [
      row.measure,
      number(row.value),
      row.unit,
      number(row.baseline),
      ratioText(ratioOf(row)),
      targetText(row),
      verdictOf(row),
    ]),
    ...failures.map((failure) => [failure.measure, '-', '', '-', '', '', 'NOT MEASURED']),
  ];
  const lines = render(header, cells);
  const baselines = [...new Set(rows.map((row) => row.baselineIs))];
  if (baselines.length) {
    lines.push('', 'Baselines (measured in this run, interleaved with the figures they judge):');
    for (const baseline of baselines) lines.push(`  - ${baseline}`);
  }
  const notes = rows.filter((row) => row.note);
  if (notes.length) {
    lines.push('', 'Notes:');
    for (const row of notes) lines.push(`  - ${row.measure}: ${row.note}`);
  }
  const misses = rows.filter((row) => verdictOf(row) === 'MISSES');
  lines.push('');
  if (misses.length === 0) {
    if (rows.some((row) => row.target !== undefined))
      lines.push('Every judged ratio meets its target.');
  } else {
    lines.push(`${misses.length} ratio(s) miss their target (reported, not a failure):`);
    for (const row of misses) {
      lines.push(`  - ${row.measure}: ${ratioText(ratioOf(row))}, target ${targetText(row)}`);
    }
  }
  if (failures.length) {
    lines.push('', `${failures.length} measure(s) could not be taken:`);
    for (const failure of failures) lines.push(`  - ${failure.measure}: ${failure.error}`);
  }
  return lines.join('\n');
};

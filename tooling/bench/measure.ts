import type { HttpHarness } from './http/harness.ts';
import type { Row } from './table.ts';

/** What every measure may use: progress output, and the shared HTTP harness (started once). */
export type BenchContext = Readonly<{
  /** A progress line on stderr (the table goes to stdout). */
  progress: (line: string) => void;
  /** The real runtime and the bare express endpoint in their own processes, started lazily. */
  http: () => Promise<HttpHarness>;
  /** When set, the HTTP measures also record CPU profiles of the server into this directory. */
  profileDir: string | null;
  /** A section printed after the table (profile summaries, settings). */
  appendix: (title: string, text: string) => void;
}>;

/**
 * One measure: a module under measures/ that answers its rows, each with its own baseline
 * measured in the same run. A measure that throws is reported as not measured.
 */
export type Measure = Readonly<{
  name: string;
  run: (context: BenchContext) => Promise<Row[]>;
}>;

/**
 * Runs baseline and subject alternately, `rounds` times each, and keeps the best of each (the
 * largest throughput, or the smallest latency): on a shared machine noise only ever slows a
 * run down, and alternating spreads a burst of load over both sides.
 */
export const bestOfAlternating = async (
  rounds: number,
  baseline: () => Promise<number>,
  subject: () => Promise<number>,
  better: 'higher' | 'lower' = 'higher',
): Promise<{ baseline: number; value: number }> => {
  const pick = better === 'higher' ? Math.max : Math.min;
  let best = { baseline: Number.NaN, value: Number.NaN };
  for (let round = 0; round < rounds; round++) {
    const b = await baseline();
    const v = await subject();
    best = {
      baseline: round === 0 ? b : pick(best.baseline, b),
      value: round === 0 ? v : pick(best.value, v),
    };
  }
  return best;
};

export const perSecond = (count: number, elapsedMs: number): number =>
  Math.round(count / (elapsedMs / 1000));

/** Runs `work` and answers its throughput in operations per second. */
export const timed = async (count: number, work: () => Promise<unknown> | unknown) => {
  const started = performance.now();
  await work();
  return perSecond(count, performance.now() - started);
};

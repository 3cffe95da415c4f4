// `make bench`: the event store, the command path and the HTTP API on this machine, each figure
// beside a baseline measured in the same run. A ratio that misses its target is reported and
// the exit code stays 0; only a measure that could not be taken (a crash, a tool missing)
// makes it non-zero. Not part of `make test`.
//
//   node tooling/bench/run.ts [--profile] [--only <measure name part>]...
import { mkdtemp } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startHarness, type HttpHarness } from './http/harness.ts';
import type { BenchContext } from './measure.ts';
import { measures } from './measures/index.ts';
import { report, type Failure, type Row } from './table.ts';

const { values } = parseArgs({
  options: {
    profile: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
  },
});

const progress = (line: string) => process.stderr.write(`bench: ${line}\n`);
const appendices: { title: string; text: string }[] = [];
let harness: Promise<HttpHarness> | null = null;
const profileDir =
  values.profile || process.env.BENCH_PROFILE
    ? await mkdtemp(join(tmpdir(), 'linkcoin-bench-profiles-'))
    : null;

const context: BenchContext = {
  progress,
  http: () => (harness ??= startHarness(progress)),
  profileDir,
  appendix: (title, text) => appendices.push({ title, text }),
};

const selected = measures.filter(
  (measure) =>
    !values.only?.length ||
    values.only.some((part) => measure.name.toLowerCase().includes(part.toLowerCase())),
);
const rows: Row[] = [];
const failures: Failure[] = [];
/** The machine's load (1, 5 and 15 minutes): figures are judged by the load they ran under. */
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
const loadAtStart = load();
const started = performance.now();
for (const measure of selected) {
  try {
    rows.push(...(await measure.run(context)));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    progress(`${measure.name} could not be measured: ${message}`);
    failures.push({ measure: measure.name, error: message.split('\n')[0]! });
  }
}
if (harness) {
  await (harness as Promise<HttpHarness>).then(
    (h) => h.stop(),
    () => undefined,
  );
}

console.log(
  `\nLinkCoin bench (Node ${process.version}, ${new Date().toISOString()}, ${Math.round((performance.now() - started) / 1000)} s; ${cpus().length} cores, load average ${loadAtStart} at the start, ${load()} at the end)\n`,
);
console.log(report(rows, failures));
for (const { title, text } of appendices) console.log(`\n${title}:\n${text}`);
if (failures.length) process.exitCode = 2;

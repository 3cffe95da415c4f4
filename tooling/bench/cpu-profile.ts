// Summarises a V8 CPU profile (.cpuprofile, from `node --cpu-prof` or the bench's --profile):
// the functions with the most self time, and self time per package or source folder.
//   node tooling/bench/cpu-profile.ts <file.cpuprofile> [top]
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; hitCount?: number; children?: number[] };
export type CpuProfile = {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
};

const root = fileURLToPath(new URL('../../', import.meta.url));

const where = (url: string): string => {
  if (!url) return '(native)';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (modules) return modules[1]!;
  if (path.startsWith('node:')) return 'node (built-in)';
  if (path.startsWith(root)) return relative(root, path).split('/').slice(0, 2).join('/');
  return path;
};

const label = (frame: CallFrame): string => {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const path = frame.url.startsWith('file://') ? fileURLToPath(frame.url) : frame.url;
  const short = path.startsWith(root) ? relative(root, path) : path.replace(/.*node_modules\//, '');
  return `${name}  ${short}:${frame.lineNumber + 1}`;
};

/** Self time per node id, in microseconds, from the samples (or hit counts). */
const selfTimes = (profile: CpuProfile): Map<number, number> => {
  const times = new Map<number, number>();
  if (profile.samples && profile.timeDeltas) {
    // Each sample's duration is the delta to the next sample.
    for (let i = 0; i < profile.samples.length; i++) {
      const next = profile.timeDeltas[i + 1] ?? 0;
      const id = profile.samples[i]!;
      times.set(id, (times.get(id) ?? 0) + next);
    }
    return times;
  }
  const total = profile.endTime - profile.startTime;
  const hits = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0) || 1;
  for (const node of profile.nodes) times.set(node.id, ((node.hitCount ?? 0) * total) / hits);
  return times;
};

const table = (entries: [string, number][], total: number, top: number): string[] =>
  entries
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([name, us]) =>
        `${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`,
    );

const isOurs = (url: string): boolean => {
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  return path.startsWith(root) && !path.includes('/node_modules/');
};

/**
 * Total time (self and callees) of each function of this repository, each sample counted once
 * per function however deep the recursion: which of our calls the time is spent under.
 */
const inclusiveOurs = (profile: CpuProfile, times: Map<number, number>): Map<string, number> => {
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const inclusive = new Map<string, number>();
  for (const [id, us] of times) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (!isOurs(frame.url)) continue;
      const name = label(frame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }
  return inclusive;
};

/** The top self-time functions and the self time per package or folder, as text. */
export const summariseProfile = (profile: CpuProfile, top = 25): string => {
  const times = selfTimes(profile);
  const total = [...times.values()].reduce((a, b) => a + b, 0) || 1;
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = times.get(node.id) ?? 0;
    if (!us) continue;
    const fn = label(node.callFrame);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const place = node.callFrame.url ? where(node.callFrame.url) : node.callFrame.functionName;
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  return [
    `Sampled ${(total / 1000).toFixed(0)} ms of CPU.`,
    `Top ${top} functions by self time:`,
    ...table([...byFunction], total, top),
    '',
    'Self time by package or source folder:',
    ...table([...byPlace], total, 20),
    '',
    `Top ${top} functions of this repository by total time (self and callees, synchronous part):`,
    ...table([...inclusiveOurs(profile, times)], total, top),
  ].join('\n');
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node tooling/bench/cpu-profile.ts <file.cpuprofile> [top]');
    process.exit(2);
  }
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  console.log(summariseProfile(profile, top ? Number(top) : 25));
}

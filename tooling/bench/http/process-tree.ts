// The CPU time and peak memory of a process and its children (a cluster's primary and its
// workers), read from Linux's /proc: what a bench child that serves through other processes
// reports instead of its own (child.ts).
import { readdir, readFile } from 'node:fs/promises';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

type ProcStat = { pid: number; ppid: number; cpuTicks: number };

const statOf = async (pid: number): Promise<ProcStat | null> => {
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces), from the state on.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      ppid: Number(fields[1]),
      cpuTicks: Number(fields[11]) + Number(fields[12]), // utime + stime
    };
  } catch {
    return null; // gone
  }
};

/** The process and its descendants that are running now. */
const treeOf = async (root: number): Promise<ProcStat[]> => {
  const all = (
    await Promise.all(
      (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry)).map((pid) => statOf(+pid)),
    )
  ).filter((stat): stat is ProcStat => stat !== null);
  const tree = all.filter((stat) => stat.pid === root);
  for (let at = 0; at < tree.length; at++) {
    tree.push(...all.filter((stat) => stat.ppid === tree[at]!.pid));
  }
  return tree;
};

/** CPU time (user + system) the tree's running processes have used, in microseconds. */
export const treeCpuMicros = async (root: number): Promise<number> =>
  ((await treeOf(root)).reduce((sum, stat) => sum + stat.cpuTicks, 0) * 1_000_000) /
  TICKS_PER_SECOND;

/** The sum of the tree's processes' peak resident memory (VmHWM), in bytes. */
export const treePeakRss = async (root: number): Promise<number> => {
  let total = 0;
  for (const { pid } of await treeOf(root)) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const kib = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
    if (kib) total += Number(kib) * 1024;
  }
  return total;
};

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { treeCpuMicros, treePeakRss } from './process-tree.ts';

/**
 * A parent that idles while its child burns 300 ms of CPU, then tells it and waits: the tree's
 * figures are the child's added to the parent's.
 */
const CHILD = `
const until = 300_000;
while (process.cpuUsage().user + process.cpuUsage().system < until) {}
console.log('burnt');
setInterval(() => {}, 1000);
`;
const PARENT = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', ${JSON.stringify(CHILD)}], { stdio: ['ignore', 'pipe', 'inherit'] });
child.stdout.on('data', () => console.log('ready'));
process.on('SIGTERM', () => { child.kill(); process.exit(0); });
setInterval(() => {}, 1000);
`;

describe('the figures of a process tree', () => {
  it('add the CPU time and peak memory of the children to the parent’s', async () => {
    const parent = spawn(process.execPath, ['-e', PARENT], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        parent.stdout.on('data', (chunk: Buffer) => chunk.includes('ready') && resolve());
        parent.once('exit', () => reject(new Error('the parent exited')));
      });
      const tree = await treeCpuMicros(parent.pid!);
      // The child's 300 ms (the parent alone spent far less: it only started a process).
      expect(tree).toBeGreaterThanOrEqual(290_000);
      // Two Node processes: more than one Node's resident memory (about 40 MiB or more each).
      expect(await treePeakRss(parent.pid!)).toBeGreaterThan(60 * 2 ** 20);
      // A process that does not exist has no figures.
      expect(await treeCpuMicros(2 ** 22 + 1)).toBe(0);
    } finally {
      parent.kill('SIGTERM');
    }
  });
});

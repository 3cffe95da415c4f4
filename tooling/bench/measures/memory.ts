import type { Measure } from '../measure.ts';
import type { Row } from '../table.ts';

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The server's memory after the HTTP measures, beside the bare express app's after the same. */
export const serverMemory: Measure = {
  name: 'Server memory',
  run: async ({ http }) => {
    const harness = await http();
    const [server, bare] = await Promise.all([harness.server.memory(), harness.bare.memory()]);
    const baselineIs = 'memory: the bare express app after the same wrk load, in its own process';
    return [
      {
        measure: 'Server heap retained after the HTTP load (full GC)',
        value: mib(server.retainedHeap),
        unit: 'MiB',
        baseline: mib(bare.retainedHeap),
        baselineIs,
        better: 'lower',
        target: 8,
        note: `peak heap used ${mib(server.peakHeapUsed)} MiB (garbage included); bare ${mib(bare.peakHeapUsed)} MiB`,
      },
      {
        measure: 'Server peak resident set size',
        value: mib(server.maxRss),
        unit: 'MiB',
        baseline: mib(bare.maxRss),
        baselineIs,
        better: 'lower',
        target: 5,
      },
    ] satisfies Row[];
  },
};

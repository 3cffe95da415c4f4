import { describe, expect, it } from 'vitest';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';
import { checkpointProgress } from './projection-progress.ts';

/**
 * A log whose positions are not event numbers, as KurrentDB's (byte offsets in `$all`): three
 * events at 1000, 2500 and 4000.
 */
const positions = [1000, 2500, 4000];
const sparseLog = {
  headPosition: async () => positions.at(-1)!,
  eventsAfter: async (after: number | null, atMost: number) =>
    Math.min(atMost, positions.filter((position) => position > (after ?? -1)).length),
};
const projection = (name: string): Projection => ({
  name,
  version: 1,
  collections: [],
  eventTypes: [],
  apply: () => undefined,
});

describe('projection progress read from the checkpoints', () => {
  it('reports every lag in events, whatever the event store positions are', async () => {
    const checkpoints = new Map([
      ['behind', 1000],
      ['live', 4000],
    ]);
    const progress = checkpointProgress(
      sparseLog,
      {
        getCheckpoint: async (name) => {
          const position = checkpoints.get(name);
          return position === undefined ? null : { position, version: 1 };
        },
      },
      [projection('behind'), projection('live'), projection('new')],
    );
    expect(await progress.statuses()).toEqual([
      { name: 'behind', state: 'catching_up', position: 1000, head: 4000, lag: 2 },
      { name: 'live', state: 'live', position: 4000, head: 4000, lag: 0 },
      { name: 'new', state: 'catching_up', position: null, head: 4000, lag: 3 },
    ]);
  });
});

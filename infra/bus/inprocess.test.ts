import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { silentLogger } from '../shared/logger.ts';
import { describeBusContract } from './contract.ts';
import { InProcessBus } from './inprocess.ts';

describeBusContract('inprocess', async (logger) => {
  const bus = new InProcessBus({ logger, retryDelayMs: () => 5 });
  return { bus, dispose: () => bus.close() };
});

describe('InProcessBus retention', () => {
  it('keeps no message for a group whose consumer stopped beyond the retention', async () => {
    const bus = new InProcessBus({ logger: silentLogger, retention: 10 });
    onTestFinished(() => bus.close());
    // A gateway node's group: it consumes a while, then its worker goes away.
    const gone = await bus.subscribe({
      groupId: 'gateway-gone-node',
      topics: ['conversation'],
      handler: async () => undefined,
    });
    await bus.publish('conversation', [{ key: 'a', value: 0 }]);
    await gone.stop();
    for (let i = 1; i <= 100; i++) await bus.publish('conversation', [{ key: 'a', value: i }]);
    // What a new group starting from the beginning finds is what the bus still holds.
    const held: unknown[] = [];
    await bus.subscribe({
      groupId: 'late-reader',
      topics: ['conversation'],
      fromBeginning: true,
      handler: async (message) => {
        held.push(message.value);
      },
    });
    await vi.waitFor(() => expect(held).toHaveLength(10));
    expect(held).toEqual(Array.from({ length: 10 }, (_, i) => 91 + i));
  });
});

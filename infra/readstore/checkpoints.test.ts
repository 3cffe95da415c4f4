import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { eventsAfterCheckpoint, leaseFor, movesForward } from './checkpoints.ts';

const at = (position: number) => ({ position }) as RecordedEvent;

describe('checkpoint rules (both read stores)', () => {
  const batch = [at(10), at(20), at(30)];

  it('applies only the events after the stored checkpoint of the same version', () => {
    expect(eventsAfterCheckpoint(null, 1, batch)).toEqual(batch);
    expect(eventsAfterCheckpoint({ position: 20, version: 1 }, 1, batch)).toEqual([at(30)]);
    expect(eventsAfterCheckpoint({ position: 30, version: 1 }, 1, batch)).toEqual([]);
    expect(eventsAfterCheckpoint({ position: null, version: 1 }, 1, batch)).toEqual(batch);
    // Another version is rebuilt from zero: its checkpoint says nothing of this one.
    expect(eventsAfterCheckpoint({ position: 30, version: 1 }, 2, batch)).toEqual(batch);
  });

  it('moves a checkpoint forward only', () => {
    expect(movesForward(null, 1, 5)).toBe(true);
    expect(movesForward({ position: 10, version: 1 }, 1, 11)).toBe(true);
    expect(movesForward({ position: 10, version: 1 }, 1, 10)).toBe(false);
    expect(movesForward({ position: 10, version: 1 }, 1, 3)).toBe(false);
    expect(movesForward({ position: 10, version: 1 }, 2, 3)).toBe(true);
  });
});

describe('lease rules (both read stores)', () => {
  it('gives a lease to one holder until it expires, and renews it for that holder', () => {
    const taken = leaseFor(null, 'a', 1000, 500);
    expect(taken).toEqual({ holder: 'a', expiresAt: 1500 });
    expect(leaseFor(taken, 'b', 1499, 500)).toBeNull();
    expect(leaseFor(taken, 'a', 1400, 500)).toEqual({ holder: 'a', expiresAt: 1900 });
    expect(leaseFor(taken, 'b', 1500, 500)).toEqual({ holder: 'b', expiresAt: 2000 });
  });
});

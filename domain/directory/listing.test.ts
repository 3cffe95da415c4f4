import { describe, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import { listingDecider, type EndNewCreatorBoost, type NewCreatorBoostEnded } from './listing.ts';
import { DIRECTORY_MESSAGES as M } from './messages.ts';

const spec = DeciderSpecification.for(listingDecider);
const registeredAt = '2026-01-01T09:00:00.000Z';
const end = (now: string): EndNewCreatorBoost => ({
  type: 'EndNewCreatorBoost',
  data: { userId: 'u1', registeredAt },
  metadata: testMetadata({ now: new Date(now) }),
});
const ended: NewCreatorBoostEnded = {
  type: 'NewCreatorBoostEnded',
  data: { userId: 'u1', registeredAt, at: '2026-01-31T09:00:00.000Z' },
};

describe("a new creator's boost", () => {
  it('ends 30 days after sign-up', () => {
    spec().when(end('2026-01-31T09:00:00.000Z')).then(ended);
  });

  it('cannot end earlier', () => {
    spec().when(end('2026-01-31T08:59:59.999Z')).thenRefused('conflict', M.boostNotOver);
  });

  it('ends once', () => {
    spec(ended).when(end('2026-03-01T00:00:00.000Z')).thenNothingHappens();
  });
});

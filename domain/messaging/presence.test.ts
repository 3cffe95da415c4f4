import { describe, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import { presenceDecider, type PresenceChanged, type RecordPresence } from './presence.ts';

const given = DeciderSpecification.for(presenceDecider);
const record = (online: boolean): RecordPresence => ({
  type: 'RecordPresence',
  data: { userId: 'u-1', online },
  metadata: testMetadata(),
});
const changed = (online: boolean): PresenceChanged => ({
  type: 'PresenceChanged',
  data: { userId: 'u-1', online, at: '2026-01-15T10:00:00.000Z' },
});

describe('presence', () => {
  it('records a flip once, however many nodes report it', () => {
    given([]).when(record(true)).then(changed(true));
    given([changed(true)])
      .when(record(true))
      .thenNothingHappens();
    given([changed(true)])
      .when(record(false))
      .then(changed(false));
    given([]).when(record(false)).thenNothingHappens();
  });
});

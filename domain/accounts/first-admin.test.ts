import { describe, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import { firstAdminDecider } from './first-admin.ts';

const given = DeciderSpecification.for(firstAdminDecider);
const meta = testMetadata({ now: new Date('2026-03-01T00:00:00.000Z') });

describe('the first admin record', () => {
  it('is written once', () => {
    given([])
      .when({
        type: 'RecordFirstAdmin',
        data: { userId: 'a1', email: 'admin@x.in' },
        metadata: meta,
      })
      .then({
        type: 'FirstAdminRecorded',
        data: { userId: 'a1', email: 'admin@x.in', at: '2026-03-01T00:00:00.000Z' },
      });
    given({ type: 'FirstAdminRecorded', data: { userId: 'a1', email: 'admin@x.in', at: 'then' } })
      .when({
        type: 'RecordFirstAdmin',
        data: { userId: 'a2', email: 'other@x.in' },
        metadata: meta,
      })
      .thenNothingHappens();
  });
});

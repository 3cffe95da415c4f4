import { describe, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import { emailClaimDecider, emailClaimStreamId, type EmailClaimed } from './email-claim.ts';
import { expect } from 'vitest';

const given = DeciderSpecification.for(emailClaimDecider);
const claimedAt = '2026-03-01T09:00:00.000Z';
const claimed: EmailClaimed = {
  type: 'EmailClaimed',
  data: { email: 'asha@example.in', userId: 'u1', at: claimedAt, replacesOrphanedClaimOf: null },
};
const at = (iso: string) => testMetadata({ now: new Date(iso) });

describe('an e-mail claim', () => {
  it('is one stream per lower-cased address', () => {
    expect(emailClaimStreamId('  Asha@Example.IN ')).toBe('email-asha@example.in');
  });

  it('goes to the first account that claims the address', () => {
    given([])
      .when({
        type: 'ClaimEmail',
        data: { email: 'asha@example.in', userId: 'u1', orphanedClaimant: null },
        metadata: at(claimedAt),
      })
      .then(claimed);
  });

  it('refuses a second account', () => {
    given(claimed)
      .when({
        type: 'ClaimEmail',
        data: { email: 'asha@example.in', userId: 'u2', orphanedClaimant: null },
        metadata: at('2026-03-01T09:00:01.000Z'),
      })
      .thenRefused('conflict', 'Email already registered. Please login instead.');
  });

  it('is a no-op when the same account claims again', () => {
    given(claimed)
      .when({
        type: 'ClaimEmail',
        data: { email: 'asha@example.in', userId: 'u1', orphanedClaimant: null },
        metadata: at('2026-03-01T09:00:01.000Z'),
      })
      .thenNothingHappens();
  });

  it('lets an old claim whose account was never written be taken over', () => {
    given(claimed)
      .when({
        type: 'ClaimEmail',
        data: { email: 'asha@example.in', userId: 'u2', orphanedClaimant: 'u1' },
        metadata: at('2026-03-01T09:05:00.000Z'),
      })
      .then({
        type: 'EmailClaimed',
        data: {
          email: 'asha@example.in',
          userId: 'u2',
          at: '2026-03-01T09:05:00.000Z',
          replacesOrphanedClaimOf: 'u1',
        },
      });
  });

  it('never overtakes a registration that may still be in flight', () => {
    given(claimed)
      .when({
        type: 'ClaimEmail',
        data: { email: 'asha@example.in', userId: 'u2', orphanedClaimant: 'u1' },
        metadata: at('2026-03-01T09:04:59.000Z'),
      })
      .thenRefused('conflict');
  });
});

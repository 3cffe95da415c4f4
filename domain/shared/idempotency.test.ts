import { describe, it } from 'vitest';
import {
  idempotencyDecider,
  IDEMPOTENCY_MESSAGES,
  type ClaimIdempotencyKey,
} from './idempotency.ts';
import { DeciderSpecification, testMetadata } from './testing.ts';

const given = DeciderSpecification.for(idempotencyDecider);
const claim = (endpoint: string, fingerprint: string): ClaimIdempotencyKey => ({
  type: 'ClaimIdempotencyKey',
  data: { endpoint, fingerprint },
  metadata: testMetadata(),
});
const claimed = {
  type: 'IdempotencyKeyClaimed' as const,
  data: { endpoint: 'POST /payment/pay', fingerprint: 'f1', at: '2026-01-15T10:00:00.000Z' },
};

describe('a client idempotency key', () => {
  it('is claimed by the first request that uses it', () => {
    given([]).when(claim('POST /payment/pay', 'f1')).then(claimed);
  });

  it('repeats nothing new for the very same request: a retry', () => {
    given([claimed]).when(claim('POST /payment/pay', 'f1')).thenNothingHappens();
  });

  it('is refused with another payload', () => {
    given([claimed])
      .when(claim('POST /payment/pay', 'f2'))
      .thenRefused('unprocessable', IDEMPOTENCY_MESSAGES.keyReused);
  });

  it('is refused on another endpoint, even with an equal payload fingerprint', () => {
    given([claimed])
      .when(claim('POST /collection/users/add', 'f1'))
      .thenRefused('unprocessable', IDEMPOTENCY_MESSAGES.keyReused);
  });
});

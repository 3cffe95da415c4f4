/**
 * The limits' keys and answers in one process (the sharing across API workers is in
 * services/runtime/workers.test.ts; each context's limits by network in its own tests): an IPv6
 * client counts by its network, a used-up allowance is a refusal, and a count that cannot be
 * taken is "unavailable", never "too many".
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { addressKey, LIMIT_UNAVAILABLE_MESSAGE, refusalOf } from './shared-limits.ts';

describe('shared limits', () => {
  it('keys an IPv4 address as it is and an IPv6 address by its /56 network', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:ffff::9'));
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:ff::1'));
    expect(addressKey('2001:db8:1:100::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('answers null while allowed, the refusal once the allowance is used up', async () => {
    const limiter = new RateLimiterMemory({ points: 2, duration: 60 });
    expect(await refusalOf(limiter, 'k')).toBeNull();
    expect(await refusalOf(limiter, 'k')).toBeNull();
    const refused = await refusalOf(limiter, 'k');
    expect(refused).toBeInstanceOf(RateLimiterRes);
    expect(refused!.msBeforeNext).toBeGreaterThan(0);
  });

  it('refuses as unavailable when the count cannot be taken (the writer did not answer)', async () => {
    const limiter = new RateLimiterMemory({ points: 2, duration: 60 });
    limiter.consume = () => Promise.reject(new Error('RateLimiterCluster timeout'));
    const refused = refusalOf(limiter, 'k');
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({
      kind: 'unavailable',
      message: LIMIT_UNAVAILABLE_MESSAGE,
    });
  });
});

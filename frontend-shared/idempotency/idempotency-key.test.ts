import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN } from '@linkcoin/domain/shared/idempotency.ts';
import { idempotencyKeys, newIdempotencyKey } from './idempotency-key.ts';

describe('newIdempotencyKey', () => {
  it('makes keys the server accepts, different each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });

  it('falls back to random hex where the browser has no randomUUID (plain http)', () => {
    const key = newIdempotencyKey({
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
        if (array instanceof Uint8Array) array.fill(171);
        return array;
      },
    });
    expect(key).toBe('ab'.repeat(16));
    expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });
});

describe('idempotencyKeys', () => {
  const counter = () => {
    let n = 0;
    return () => `key-000${(n += 1)}`;
  };

  it('keeps one key while the payload stays the same (double click, retry)', () => {
    const keys = idempotencyKeys(counter());
    const first = keys.keyFor({ packageId: 'growth' });
    expect(keys.keyFor({ packageId: 'growth' })).toBe(first);
  });

  it('gives a changed payload a new key, and a reset starts afresh', () => {
    const keys = idempotencyKeys(counter());
    expect(keys.keyFor({ packageId: 'growth' })).toBe('key-0001');
    expect(keys.keyFor({ coins: 12 })).toBe('key-0002');
    expect(keys.keyFor({ packageId: 'growth' })).toBe('key-0003');
    keys.reset();
    expect(keys.keyFor({ packageId: 'growth' })).toBe('key-0004');
  });
});

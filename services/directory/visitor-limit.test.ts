/** The visitors' listing limit counts an IPv6 client by its network (shared-limits.ts). */
import { describe, expect, it } from 'vitest';
import { visitorLimit } from './visitor-limit.ts';

describe('visitor limit', () => {
  it('gives a visitor on IPv6 one allowance for the whole network', async () => {
    const limit = visitorLimit(2);
    await expect(limit('2001:db8:aa:1::1')).resolves.toBeUndefined();
    await expect(limit('2001:db8:aa:1::2')).resolves.toBeUndefined();
    await expect(limit('2001:db8:aa:1:abcd::3')).rejects.toMatchObject({ kind: 'rate_limited' });
    // Another network has its own.
    await expect(limit('2001:db8:bb:1::1')).resolves.toBeUndefined();
  });
});

/** The per-address Instagram caps count an IPv6 client by its network (shared-limits.ts). */
import { describe, expect, it } from 'vitest';
import { addressCaps } from './address-caps.ts';

describe('Instagram address caps', () => {
  it('caps Instagram code requests per IPv6 network, and gives points back to it', async () => {
    const caps = addressCaps({ requestsPerDay: 2, triesPerDay: 2 });
    await caps.reserve('requests', '2001:db8:cc:1::1');
    const release = await caps.reserve('requests', '2001:db8:cc:1::2');
    await expect(caps.reserve('requests', '2001:db8:cc:1::3')).rejects.toMatchObject({
      kind: 'rate_limited',
    });
    await release();
    await expect(caps.reserve('requests', '2001:db8:cc:1::4')).resolves.toBeTypeOf('function');
  });
});

import { describe, expect, it } from 'vitest';
import { approvalDestination } from './payments';

describe('approvalDestination', () => {
  const base = 'http://127.0.0.1:8080/';

  it('takes absolute and same-site http(s) addresses', () => {
    expect(approvalDestination('https://rzp.io/i/abc', base)).toBe('https://rzp.io/i/abc');
    expect(approvalDestination('/sandbox-pay?token=t', base)).toBe(
      'http://127.0.0.1:8080/sandbox-pay?token=t',
    );
  });

  it('refuses script and data addresses', () => {
    expect(approvalDestination('javascript:alert(1)', base)).toBeNull();
    expect(approvalDestination('data:text/html,hi', base)).toBeNull();
    expect(approvalDestination('http://[bad', base)).toBeNull();
  });
});

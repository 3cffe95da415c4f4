import { describe, expect, it } from 'vitest';
import { instantOf, localInputValue } from './instant';

describe('the as-of instant', () => {
  it('reads the local date and time typed and sends it as UTC', () => {
    const local = new Date(2026, 2, 1, 17, 30, 5);
    expect(localInputValue(local)).toBe('2026-03-01T17:30:05');
    expect(instantOf('2026-03-01T17:30:05')).toBe(local.toISOString());
    expect(instantOf('2026-03-01T17:30')).toBe(new Date(2026, 2, 1, 17, 30).toISOString());
  });

  it('refuses what is not a date and time', () => {
    for (const value of ['', '2026-03-01', 'yesterday', '2026-13-45T99:99']) {
      expect(instantOf(value)).toBeNull();
    }
  });
});

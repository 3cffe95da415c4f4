import { describe, expect, it } from 'vitest';
import { pageOf } from './history';

describe('pageOf', () => {
  it('reads the page of the history from the address', () => {
    expect(pageOf(new URLSearchParams('page=3'))).toBe(3);
    expect(pageOf(new URLSearchParams(''))).toBe(1);
  });

  it('reads anything but a positive whole number as the first page', () => {
    for (const raw of ['0', '-2', '1.5', 'abc', '1e3', '9999999']) {
      expect(pageOf(new URLSearchParams({ page: raw }))).toBe(1);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { sameList } from './lists.ts';

describe('sameList', () => {
  it('holds for the same values in the same order', () => {
    expect(sameList(['cars', 'food'], ['cars', 'food'])).toBe(true);
    expect(sameList([], [])).toBe(true);
    const list = [1, 2];
    expect(sameList(list, list)).toBe(true);
  });

  it('fails for another order, another length or another value', () => {
    expect(sameList(['cars', 'food'], ['food', 'cars'])).toBe(false);
    expect(sameList(['cars'], ['cars', 'food'])).toBe(false);
    expect(sameList([1000, 2000], [1000, 2001])).toBe(false);
  });

  it('compares values, not their contents: two equal objects are not the same value', () => {
    expect(sameList([{ id: 'a' }], [{ id: 'a' }])).toBe(false);
  });
});

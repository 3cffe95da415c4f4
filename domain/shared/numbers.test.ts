import { describe, expect, it } from 'vitest';
import { wholeNumberField } from './numbers.ts';

const coins = wholeNumberField('coins', 1, 2000);

describe('whole numbers from clients', () => {
  it('accepts JSON integers and plain decimal digits', () => {
    expect(coins.parse(10)).toBe(10);
    expect(coins.parse('25')).toBe(25);
    expect(coins.parse('0007')).toBe(7);
  });

  it.each(['0x10', '1e3', ' 12', '12 ', '+5', '-5', '1.5', '', '١٢', 'Infinity', 'NaN'])(
    'refuses the string %j',
    (input) => {
      expect(coins.safeParse(input).success).toBe(false);
    },
  );

  it.each([0, -1, 1.5, 2001, Number.NaN, Number.POSITIVE_INFINITY, null, true, [], {}])(
    'refuses %j',
    (input) => {
      expect(coins.safeParse(input).success).toBe(false);
    },
  );

  it('names the field in its message', () => {
    const result = coins.safeParse('0x10');
    expect(result.error?.issues[0]?.message).toBe('Coins must be a whole number, in digits only.');
  });
});

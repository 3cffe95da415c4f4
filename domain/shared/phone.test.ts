import { describe, expect, it } from 'vitest';
import { phoneField } from './phone.ts';

const mobile = phoneField('Phone numbers');

describe('one phone rule', () => {
  it.each(['', '+91 98765 43210', '98765-43210', '022 1234 5678', '  +1 555 0100  '])(
    'accepts %j',
    (value) => {
      expect(mobile.safeParse(value).success).toBe(true);
    },
  );

  it.each([
    '<b>x</b>',
    '12\u000034',
    '+',
    '++91',
    '91+',
    '(022) 1234',
    '1'.repeat(21),
    'call me',
    '١٢٣',
  ])('refuses %j', (value) => {
    expect(mobile.safeParse(value).success).toBe(false);
  });

  it('trims and names the field', () => {
    expect(mobile.parse(' +91 1 ')).toBe('+91 1');
    expect(mobile.safeParse('abc').error?.issues[0]?.message).toBe(
      'Phone numbers may contain digits, spaces, dashes and a leading +',
    );
  });
});

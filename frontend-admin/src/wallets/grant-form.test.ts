import { describe, expect, it } from 'vitest';
import { grantBody, validateGrant } from './grant-form';

describe('the grant dialog', () => {
  it('takes whole coins from 1 to 10000 with a reason', () => {
    expect(validateGrant({ coins: 5, reason: 'Launch week bonus' })).toEqual({});
    expect(grantBody({ coins: 5, reason: '  Launch week bonus  ' })).toEqual({
      coins: 5,
      reason: 'Launch week bonus',
    });
  });

  it('requires a reason', () => {
    for (const reason of [undefined, null, '', '  ', 'ok']) {
      expect(validateGrant({ coins: 5, reason }).reason).toBe(
        'Say why these coins are granted (3 to 500 characters).',
      );
    }
    expect(validateGrant({ coins: 5, reason: 'x'.repeat(501) }).reason).toBeDefined();
    expect(grantBody({ coins: 5, reason: '' })).toBeNull();
  });

  it('refuses no coins, zero, negative, fractional and too many', () => {
    const wanted = 'Coins must be a whole number from 1 to 10000.';
    for (const coins of [null, 0, -3, 1.5, 10001]) {
      expect(validateGrant({ coins, reason: 'A reason' }).coins).toBe(wanted);
    }
    expect(grantBody({ coins: 0, reason: 'A reason' })).toBeNull();
  });
});

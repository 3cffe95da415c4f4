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
        'Say why these coins are granted (3 to 500 characters)',
      );
    }
    expect(validateGrant({ coins: 5, reason: 'x'.repeat(501) }).reason).toBeDefined();
    expect(grantBody({ coins: 5, reason: '' })).toBeNull();
  });

  it('refuses no coins, zero, negative, fractional and too many', () => {
    expect(validateGrant({ coins: null, reason: 'A reason' }).coins).toBe(
      'Expected a whole number',
    );
    expect(validateGrant({ coins: 0, reason: 'A reason' }).coins).toBe('At least 1');
    expect(validateGrant({ coins: -3, reason: 'A reason' }).coins).toBe('At least 1');
    expect(validateGrant({ coins: 1.5, reason: 'A reason' }).coins).toBe('Expected a whole number');
    expect(validateGrant({ coins: 10001, reason: 'A reason' }).coins).toBe('At most 10000');
    expect(grantBody({ coins: 0, reason: 'A reason' })).toBeNull();
  });
});

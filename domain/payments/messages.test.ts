import { describe, expect, it } from 'vitest';
import { failureMessageFor, OTHER_FAILURE_MESSAGE } from './messages.ts';

describe('the payment failure screen message', () => {
  it('is the text of each code of the spec, UNKNOWN_ERROR by default', () => {
    expect(failureMessageFor('CARD_DECLINED')).toBe('Your card was declined by the issuer.');
    expect(failureMessageFor('INSUFFICIENT_FUNDS')).toBe(
      'Your payment was declined due to insufficient funds.',
    );
    expect(failureMessageFor('EXPIRED_CARD')).toBe('The card you used has expired.');
    expect(failureMessageFor(null)).toBe('We encountered an issue processing your payment.');
    expect(failureMessageFor(undefined)).toBe('We encountered an issue processing your payment.');
  });

  it('is the generic text for any other code, prototype names included', () => {
    for (const code of ['PAYMENT_EXPIRED', 'toString', '__proto__', 'constructor', '']) {
      expect(failureMessageFor(code)).toBe(OTHER_FAILURE_MESSAGE);
    }
  });
});

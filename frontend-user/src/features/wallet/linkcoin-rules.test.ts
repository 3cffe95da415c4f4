import { describe, expect, it } from 'vitest';
import { HOW_LINKCOINS_WORK } from './linkcoin-rules';

// The purchase dialog and the home page explain LinkCoins with these (docs/product-spec.md sections 2 and 9).
describe('How LinkCoins work', () => {
  const text = HOW_LINKCOINS_WORK.map((rule) => `${rule.title} ${rule.description}`).join('\n');

  it('says what a coin buys and what the refund guarantee is', () => {
    expect(text).toContain('1 coin = 7 days of chat');
    expect(text).toContain('does not reply within 48 hours, your coin is refunded');
  });

  it('says coins do not expire and 5 more coins unlock 1 extra page', () => {
    expect(text).toContain('Coins never expire');
    expect(text).toContain('Every 5 additional coins in your balance unlock 1 extra page');
  });
});

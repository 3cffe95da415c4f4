import { describe, expect, it } from 'vitest';
import { LINKCOIN_PACKAGES, RUPEES_PER_LINKCOIN } from './constants';

describe('LinkCoin packages', () => {
  it('are the three packages of the spec', () => {
    expect(
      LINKCOIN_PACKAGES.map((p) => [p.coins, p.bonusCoins, p.priceRupees, p.originalPriceRupees]),
    ).toEqual([
      [10, 1, 50, 55],
      [25, 5, 125, 150],
      [50, 12, 250, 310],
    ]);
    expect(LINKCOIN_PACKAGES.filter((p) => p.mostPopular).map((p) => p.coins)).toEqual([25]);
  });

  it('price the original at the standard rate of all coins received', () => {
    for (const p of LINKCOIN_PACKAGES) {
      expect(p.originalPriceRupees).toBe((p.coins + p.bonusCoins) * RUPEES_PER_LINKCOIN);
    }
  });

  it('advertise the discount the prices actually give', () => {
    for (const p of LINKCOIN_PACKAGES) {
      const discount = Math.round((1 - p.priceRupees / p.originalPriceRupees) * 100);
      expect(p.discountPercent).toBe(discount);
    }
  });
});

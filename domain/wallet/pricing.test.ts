import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { WALLET_MESSAGES as M } from './messages.ts';
import { COIN_PACKAGES, priceOrder, totalCoins, type OrderRequest } from './pricing.ts';

const refusal = (request: OrderRequest): string => {
  try {
    priceOrder(request);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).message;
  }
  throw new Error('expected a refusal');
};

describe('LinkCoin prices, decided on the server', () => {
  it('has the three packages of the spec, word for word', () => {
    expect(
      COIN_PACKAGES.map((p) => [
        p.coins,
        p.bonusCoins,
        p.priceRupees,
        p.originalPriceRupees,
        p.discountPercent,
        p.mostPopular,
      ]),
    ).toEqual([
      [10, 1, 50, 55, 9, false],
      [25, 5, 125, 150, 17, true],
      [50, 12, 250, 310, 19, false],
    ]);
  });

  it('prices a package with its free coins', () => {
    expect(priceOrder({ packageId: 'growth' })).toEqual({
      packageId: 'growth',
      coins: 25,
      bonusCoins: 5,
      rupees: 125,
    });
    expect(totalCoins(priceOrder({ packageId: 'scale' }))).toBe(62);
  });

  it('prices a custom quantity at ₹5 a coin, from 1 to 2000 coins', () => {
    expect(priceOrder({ coins: 1 })).toEqual({
      packageId: null,
      coins: 1,
      bonusCoins: 0,
      rupees: 5,
    });
    expect(priceOrder({ coins: 2000 }).rupees).toBe(10_000);
    for (const coins of [0, -1, 1.5, 2001, Number.NaN]) {
      expect(refusal({ coins })).toBe(M.invalidQuantity);
    }
  });

  it("reads the mobile app's amount as a package price first, else as whole coins", () => {
    expect(priceOrder({ totalAmount: 125 })).toMatchObject({ packageId: 'growth', coins: 25 });
    expect(priceOrder({ totalAmount: 50 })).toMatchObject({ packageId: 'starter', bonusCoins: 1 });
    expect(priceOrder({ totalAmount: 35 })).toEqual({
      packageId: null,
      coins: 7,
      bonusCoins: 0,
      rupees: 35,
    });
  });

  it('refuses an amount that is neither a package price nor whole coins', () => {
    for (const totalAmount of [1, 49, 124.5, 0, -50, 7.5]) {
      expect(refusal({ totalAmount })).toBe(totalAmount <= 0 ? M.invalidQuantity : M.invalidAmount);
    }
    expect(refusal({ totalAmount: 10_005 })).toBe(M.invalidQuantity);
  });

  it('refuses an unknown package', () => {
    expect(refusal({ packageId: 'free-coins' as never })).toBe(M.unknownPackage);
  });
});

import { describe, expect, it } from 'vitest';
import { COIN_PACKAGES, RUPEES_PER_LINKCOIN } from '@linkcoin/domain/wallet/pricing.ts';
import {
  PACKAGE_OFFERS,
  QUANTITY_MESSAGES,
  betterPackageFor,
  checkQuantity,
  checkoutOf,
  DEFAULT_CHOICE,
  DEFAULT_QUANTITY_TEXT,
  digitsOnly,
} from './purchase';

// Spaces in Indian rupee formatting may be narrow no-break spaces; compare without them.
const plain = (text: string) => text.replace(/\s/g, '');

describe('the packages the purchase dialog shows', () => {
  it('are the three of the spec: coins + free coins, price, original price, discount', () => {
    expect(
      PACKAGE_OFFERS.map((offer) => [
        offer.title,
        offer.freeText,
        offer.totalText,
        plain(offer.price),
        plain(offer.originalPrice),
        offer.discount,
      ]),
    ).toEqual([
      ['10 + 1 LinkCoins', '1 free coin', '11 LinkCoins in total', '₹50', '₹55', '9% off'],
      ['25 + 5 LinkCoins', '5 free coins', '30 LinkCoins in total', '₹125', '₹150', '17% off'],
      ['50 + 12 LinkCoins', '12 free coins', '62 LinkCoins in total', '₹250', '₹310', '19% off'],
    ]);
  });

  it('mark 25 + 5 as the most popular, and only it', () => {
    expect(PACKAGE_OFFERS.filter((o) => o.mostPopular).map((o) => o.title)).toEqual([
      '25 + 5 LinkCoins',
    ]);
  });
});

describe('the custom quantity', () => {
  it('opens on the custom quantity preset to 10 coins', () => {
    expect(DEFAULT_CHOICE).toEqual({ kind: 'custom' });
    expect(DEFAULT_QUANTITY_TEXT).toBe('10');
  });

  it('keeps digits only, at most four', () => {
    expect(digitsOnly('12')).toBe('12');
    expect(digitsOnly('-5')).toBe('5');
    expect(digitsOnly('1.5')).toBe('15');
    expect(digitsOnly('1e3')).toBe('13');
    expect(digitsOnly(' 2 0 ')).toBe('20');
    expect(digitsOnly('123456')).toBe('1234');
  });

  it('accepts 1 to 2000 coins', () => {
    expect(checkQuantity('1')).toEqual({ ok: true, coins: 1 });
    expect(checkQuantity('10')).toEqual({ ok: true, coins: 10 });
    expect(checkQuantity('2000')).toEqual({ ok: true, coins: 2000 });
  });

  it('refuses nothing, zero, too many and anything but digits', () => {
    expect(checkQuantity('')).toEqual({ ok: false, message: QUANTITY_MESSAGES.empty });
    expect(checkQuantity('0')).toEqual({ ok: false, message: QUANTITY_MESSAGES.tooFew });
    expect(checkQuantity('000')).toEqual({ ok: false, message: QUANTITY_MESSAGES.tooFew });
    expect(checkQuantity('2001')).toEqual({ ok: false, message: QUANTITY_MESSAGES.tooMany });
    expect(checkQuantity('1.5')).toMatchObject({ ok: false });
    expect(checkQuantity('-3')).toMatchObject({ ok: false });
    expect(QUANTITY_MESSAGES.tooFew).toBe('Buy at least 1 LinkCoin.');
    expect(QUANTITY_MESSAGES.tooMany).toBe('You can buy at most 2000 LinkCoins at a time.');
  });
});

describe('the running total and what is sent', () => {
  it('prices a custom quantity at ₹5 a coin and sends the number of coins only', () => {
    const checkout = checkoutOf({ kind: 'custom' }, '12');
    expect(checkout.ok).toBe(true);
    if (!checkout.ok) return;
    expect(checkout.order.body).toEqual({ coins: 12 });
    expect(checkout.order.rupees).toBe(60);
    expect(plain(checkout.order.total)).toBe('₹60');
    expect(plain(checkout.order.breakdown)).toBe('12×₹5');
    expect(checkout.order.title).toBe('12 LinkCoins');
    expect(checkout.order.totalCoins).toBe(12);
  });

  it('follows the quantity as it is typed', () => {
    const totals = ['1', '10', '2000'].map((text) => {
      const checkout = checkoutOf({ kind: 'custom' }, text);
      return checkout.ok ? plain(checkout.order.total) : null;
    });
    expect(totals).toEqual(['₹5', '₹50', '₹10,000']);
  });

  it('sends a package by its id, never by its price', () => {
    const checkout = checkoutOf({ kind: 'package', packageId: 'growth' }, 'ignored');
    expect(checkout).toMatchObject({
      ok: true,
      order: { body: { packageId: 'growth' }, title: '25 + 5 LinkCoins', totalCoins: 30 },
    });
    if (checkout.ok) expect(plain(checkout.order.total)).toBe('₹125');
  });

  it('has no order while the quantity is not valid', () => {
    expect(checkoutOf({ kind: 'custom' }, '0')).toEqual({
      ok: false,
      message: QUANTITY_MESSAGES.tooFew,
    });
    expect(checkoutOf({ kind: 'custom' }, '')).toEqual({
      ok: false,
      message: QUANTITY_MESSAGES.empty,
    });
  });
});

describe('betterPackageFor', () => {
  it('points out a package that costs the same and gives free coins', () => {
    expect(betterPackageFor(10)?.title).toBe('10 + 1 LinkCoins');
    expect(betterPackageFor(25)?.title).toBe('25 + 5 LinkCoins');
    expect(betterPackageFor(50)?.title).toBe('50 + 12 LinkCoins');
    expect(betterPackageFor(12)).toBeNull();
  });
});

describe('the price list the dialog reads (the domain one)', () => {
  it('prices the originals at ₹5 for every coin received', () => {
    for (const pack of COIN_PACKAGES) {
      expect(pack.originalPriceRupees).toBe((pack.coins + pack.bonusCoins) * RUPEES_PER_LINKCOIN);
    }
  });

  it('advertises the discount the prices actually give', () => {
    for (const pack of COIN_PACKAGES) {
      const discount = Math.round((1 - pack.priceRupees / pack.originalPriceRupees) * 100);
      expect(pack.discountPercent).toBe(discount);
    }
  });
});

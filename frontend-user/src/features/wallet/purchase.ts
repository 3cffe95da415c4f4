/**
 * What the purchase dialog shows and sends (docs/product-spec.md sections 2, 3 and 9). The packages and the rate
 * come from the domain's price list, the one the server prices every order with; the browser only
 * displays them and sends a package id or a number of coins, never a price.
 */
import {
  COIN_PACKAGES,
  DEFAULT_PURCHASE_COINS,
  MAX_PURCHASE_COINS,
  MIN_PURCHASE_COINS,
  RUPEES_PER_LINKCOIN,
  packageById,
  type CoinPackage,
  type CoinPackageId,
} from '@linkcoin/domain/wallet/pricing.ts';
import { coinsWithBonus, linkCoins } from '@linkcoin/frontend-shared/wallet/entry-text.ts';
import { formatRupees } from '../../lib/format';

/** Which option is picked: one of the packages, or the custom quantity typed in. */
export type PurchaseChoice =
  Readonly<{ kind: 'package'; packageId: CoinPackageId }> | Readonly<{ kind: 'custom' }>;

/** The dialog opens on the custom quantity, preset to 10 coins (docs/product-spec.md section 9). */
export const DEFAULT_CHOICE: PurchaseChoice = { kind: 'custom' };
export const DEFAULT_QUANTITY_TEXT = String(DEFAULT_PURCHASE_COINS);

/** The most digits the quantity field takes: enough for the largest allowed quantity. */
export const QUANTITY_MAX_DIGITS = String(MAX_PURCHASE_COINS).length;

export const QUANTITY_MESSAGES = {
  empty: 'Enter how many LinkCoins to buy.',
  tooFew: `Buy at least ${linkCoins(MIN_PURCHASE_COINS)}.`,
  tooMany: `You can buy at most ${MAX_PURCHASE_COINS} LinkCoins at a time.`,
} as const;

/** The quantity field keeps digits only (no signs, decimals, exponents or spaces). */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '').slice(0, QUANTITY_MAX_DIGITS);
}

export type QuantityCheck =
  Readonly<{ ok: true; coins: number }> | Readonly<{ ok: false; message: string }>;

/** Reads the quantity field: a whole number of coins from the minimum (1) to the maximum. */
export function checkQuantity(text: string): QuantityCheck {
  const digits = text.trim();
  if (digits === '') return { ok: false, message: QUANTITY_MESSAGES.empty };
  if (!/^\d+$/.test(digits)) return { ok: false, message: QUANTITY_MESSAGES.empty };
  const coins = Number.parseInt(digits, 10);
  if (coins < MIN_PURCHASE_COINS) return { ok: false, message: QUANTITY_MESSAGES.tooFew };
  if (coins > MAX_PURCHASE_COINS) return { ok: false, message: QUANTITY_MESSAGES.tooMany };
  return { ok: true, coins };
}

/** A package as its card reads. */
export type PackageOffer = Readonly<{
  id: CoinPackageId;
  /** "25 + 5 LinkCoins". */
  title: string;
  totalCoins: number;
  /** "30 LinkCoins in total". */
  totalText: string;
  /** "5 free coins". */
  freeText: string;
  price: string;
  originalPrice: string;
  /** "17% off". */
  discount: string;
  mostPopular: boolean;
}>;

const titleOf = (pack: Pick<CoinPackage, 'coins' | 'bonusCoins'>): string =>
  coinsWithBonus(pack.coins, pack.bonusCoins);

const offerOf = (pack: CoinPackage): PackageOffer => ({
  id: pack.id,
  title: titleOf(pack),
  totalCoins: pack.coins + pack.bonusCoins,
  totalText: `${linkCoins(pack.coins + pack.bonusCoins)} in total`,
  freeText: `${pack.bonusCoins} free coin${pack.bonusCoins === 1 ? '' : 's'}`,
  price: formatRupees(pack.priceRupees),
  originalPrice: formatRupees(pack.originalPriceRupees),
  discount: `${pack.discountPercent}% off`,
  mostPopular: pack.mostPopular,
});

/** The three packages, in the price list's order. */
export const PACKAGE_OFFERS: readonly PackageOffer[] = COIN_PACKAGES.map(offerOf);

/** What `POST /api/payment/pay` is sent besides the user id: a package or a number of coins. */
export type OrderBody = Readonly<{ packageId: CoinPackageId }> | Readonly<{ coins: number }>;

/** The order as the dialog sums it up next to the pay button. */
export type OrderSummary = Readonly<{
  body: OrderBody;
  /** "25 + 5 LinkCoins" or "12 LinkCoins". */
  title: string;
  coins: number;
  bonusCoins: number;
  totalCoins: number;
  rupees: number;
  /** "₹125" */
  total: string;
  /** How the total is made: "Package price" or "12 × ₹5". */
  breakdown: string;
}>;

export type Checkout =
  Readonly<{ ok: true; order: OrderSummary }> | Readonly<{ ok: false; message: string }>;

/** The order the current choice makes, or why the pay button cannot be used. */
export function checkoutOf(choice: PurchaseChoice, quantityText: string): Checkout {
  if (choice.kind === 'package') {
    const pack = packageById(choice.packageId);
    if (!pack) return { ok: false, message: 'Choose a package.' };
    return {
      ok: true,
      order: {
        body: { packageId: pack.id },
        title: titleOf(pack),
        coins: pack.coins,
        bonusCoins: pack.bonusCoins,
        totalCoins: pack.coins + pack.bonusCoins,
        rupees: pack.priceRupees,
        total: formatRupees(pack.priceRupees),
        breakdown: `${pack.discountPercent}% off the standard ${formatRupees(pack.originalPriceRupees)}`,
      },
    };
  }
  const quantity = checkQuantity(quantityText);
  if (!quantity.ok) return quantity;
  const rupees = quantity.coins * RUPEES_PER_LINKCOIN;
  return {
    ok: true,
    order: {
      body: { coins: quantity.coins },
      title: linkCoins(quantity.coins),
      coins: quantity.coins,
      bonusCoins: 0,
      totalCoins: quantity.coins,
      rupees,
      total: formatRupees(rupees),
      breakdown: `${quantity.coins} × ${formatRupees(RUPEES_PER_LINKCOIN)}`,
    },
  };
}

/**
 * A package that gives more coins for exactly what a custom quantity costs (10 coins cost ₹50,
 * as does 10 + 1), so the dialog can point it out.
 */
export function betterPackageFor(coins: number): PackageOffer | null {
  const rupees = coins * RUPEES_PER_LINKCOIN;
  const pack = COIN_PACKAGES.find((p) => p.priceRupees === rupees && p.bonusCoins > 0);
  return pack ? offerOf(pack) : null;
}

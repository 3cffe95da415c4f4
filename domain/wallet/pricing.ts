/**
 * What LinkCoins cost (docs/product-spec.md sections 3 and 9). The server prices every purchase from these; the
 * browser only shows them. 1 LinkCoin = 5 rupees; three packages add free coins.
 */
import { DomainError } from '../shared/errors.ts';
import { WALLET_MESSAGES as M } from './messages.ts';

export const RUPEES_PER_LINKCOIN = 5;
export const PAISE_PER_RUPEE = 100;

/** Purchase dialog: the preset it opens with and the smallest quantity it accepts. */
export const DEFAULT_PURCHASE_COINS = 10;
export const MIN_PURCHASE_COINS = 1;
/** The most coins one custom purchase may buy (₹10,000), against typing mistakes and abuse. */
export const MAX_PURCHASE_COINS = 2000;

export type CoinPackageId = 'starter' | 'growth' | 'scale';

export type CoinPackage = Readonly<{
  id: CoinPackageId;
  /** Coins paid for. */
  coins: number;
  /** Coins added free on top. */
  bonusCoins: number;
  /** What the buyer pays, in rupees. */
  priceRupees: number;
  /** What the coins would cost without the offer, in rupees (as the spec prints it). */
  originalPriceRupees: number;
  discountPercent: number;
  mostPopular: boolean;
}>;

export const COIN_PACKAGES: readonly CoinPackage[] = [
  {
    id: 'starter',
    coins: 10,
    bonusCoins: 1,
    priceRupees: 50,
    originalPriceRupees: 55,
    discountPercent: 9,
    mostPopular: false,
  },
  {
    id: 'growth',
    coins: 25,
    bonusCoins: 5,
    priceRupees: 125,
    originalPriceRupees: 150,
    discountPercent: 17,
    mostPopular: true,
  },
  {
    id: 'scale',
    coins: 50,
    bonusCoins: 12,
    priceRupees: 250,
    originalPriceRupees: 310,
    discountPercent: 19,
    mostPopular: false,
  },
];

export const COIN_PACKAGE_IDS = COIN_PACKAGES.map((p) => p.id) as [
  CoinPackageId,
  ...CoinPackageId[],
];

/** A priced order: what the buyer pays and what lands in the wallet. */
export type PricedOrder = Readonly<{
  packageId: CoinPackageId | null;
  coins: number;
  bonusCoins: number;
  rupees: number;
}>;

/** What a client may ask for: a package, a number of coins, or (the mobile app) an amount. */
export type OrderRequest =
  | Readonly<{ packageId: CoinPackageId }>
  | Readonly<{ coins: number }>
  | Readonly<{ totalAmount: number }>;

export const totalCoins = (order: Pick<PricedOrder, 'coins' | 'bonusCoins'>): number =>
  order.coins + order.bonusCoins;

export const packageById = (id: string): CoinPackage | undefined =>
  COIN_PACKAGES.find((candidate) => candidate.id === id);

const ofPackage = (pack: CoinPackage): PricedOrder => ({
  packageId: pack.id,
  coins: pack.coins,
  bonusCoins: pack.bonusCoins,
  rupees: pack.priceRupees,
});

const ofCoins = (coins: number): PricedOrder => {
  if (!Number.isInteger(coins) || coins < MIN_PURCHASE_COINS || coins > MAX_PURCHASE_COINS) {
    throw new DomainError('validation', M.invalidQuantity);
  }
  return { packageId: null, coins, bonusCoins: 0, rupees: coins * RUPEES_PER_LINKCOIN };
};

/**
 * Prices an order on the server. An amount (the spec's `{ userId, totalAmount }`) must be a
 * package's price (that package, with its free coins) or a whole number of coins at ₹5 each.
 */
export const priceOrder = (request: OrderRequest): PricedOrder => {
  if ('packageId' in request) {
    const pack = packageById(request.packageId);
    if (!pack) throw new DomainError('validation', M.unknownPackage);
    return ofPackage(pack);
  }
  if ('coins' in request) return ofCoins(request.coins);
  const amount = request.totalAmount;
  const pack = COIN_PACKAGES.find((candidate) => candidate.priceRupees === amount);
  if (pack) return ofPackage(pack);
  if (!Number.isInteger(amount) || amount % RUPEES_PER_LINKCOIN !== 0) {
    throw new DomainError('validation', M.invalidAmount);
  }
  return ofCoins(amount / RUPEES_PER_LINKCOIN);
};

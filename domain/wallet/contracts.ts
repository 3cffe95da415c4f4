/**
 * The wallet's and the payment's request and answer shapes (docs/product-spec.md sections 3, 7 and 9), shared by
 * the server, the user app and the console.
 */
import { z } from 'zod';
import { wholeNumberField } from '../shared/numbers.ts';
import { WALLET_MESSAGES as M } from './messages.ts';
import {
  COIN_PACKAGE_IDS,
  MAX_PURCHASE_COINS,
  MIN_PURCHASE_COINS,
  RUPEES_PER_LINKCOIN,
  type CoinPackageId,
} from './pricing.ts';
import { MAX_GRANT_COINS, MAX_GRANT_REASON } from './wallet.ts';

const userIdField = z
  .string('The user id is missing.')
  .min(1, 'The user id is missing.')
  .max(64, 'The user id is not valid.');

/**
 * `POST /api/payment/pay`: the spec's `{ userId, totalAmount }` (the mobile app), or
 * `{ userId, packageId }`, or `{ userId, coins }`: exactly one of the three. The server prices it.
 */
export const payRequest = z
  .object({
    userId: userIdField,
    totalAmount: wholeNumberField(
      'totalAmount',
      RUPEES_PER_LINKCOIN,
      MAX_PURCHASE_COINS * RUPEES_PER_LINKCOIN,
    ).optional(),
    packageId: z.enum(COIN_PACKAGE_IDS, M.unknownPackage).optional(),
    coins: wholeNumberField('coins', MIN_PURCHASE_COINS, MAX_PURCHASE_COINS).optional(),
  })
  .refine(
    (order) =>
      [order.totalAmount, order.packageId, order.coins].filter((v) => v !== undefined).length === 1,
    { error: M.oneOrderOnly },
  );
export type PayRequest = z.input<typeof payRequest>;

export type PayAnswer = { success: true; approvalURL: string; paymentId: string };

export type PaymentStatus = 'pending' | 'approved' | 'failed' | 'expired';

/** `GET /api/payment/:paymentId`, for its buyer (and admins): what the result screens show. */
export type PaymentView = {
  id: string;
  userId: string;
  status: PaymentStatus;
  packageId: CoinPackageId | null;
  coins: number;
  bonusCoins: number;
  rupees: number;
  provider: 'sandbox' | 'razorpay';
  failureCode: string | null;
  startedAt: string;
  settledAt: string | null;
  /** The coins are in the wallet. */
  credited: boolean;
};
export type PaymentAnswer = { success: true; payment: PaymentView };

/** What moved a wallet, as its history lists it. */
export type WalletEntryKind =
  'purchase' | 'grant' | 'connection' | 'renewal' | 'removal' | 'refund';

export type WalletEntry = {
  /** The event's id. */
  id: string;
  userId: string;
  at: string;
  kind: WalletEntryKind;
  /** Signed: + credited, − spent, 0 for a removal. */
  coins: number;
  balanceAfter: number;
  paymentId: string | null;
  /** A purchase's package and its free coins (included in `coins`). */
  packageId: CoinPackageId | null;
  bonusCoins: number;
  /** A grant's reason or a refund's. */
  reason: string | null;
  /** The admin who granted coins. */
  by: string | null;
  /** The creator a connection, renewal, removal or refund is about. */
  targetUserId: string | null;
  /** Who caused it: the request's correlation id, for auditors. */
  correlationId: string;
  /** The line's place in the wallet's stream: the history's order. */
  revision: number;
};

/** `GET /api/wallet/me`: the signed-in user's balance and history, newest first, by page. */
export const walletQuery = z.object({
  page: wholeNumberField('page', 1, 100_000).optional(),
  limit: wholeNumberField('limit', 1, 100).optional(),
});
/** A history line as its owner reads it: with the name of the person it is about. */
export type WalletEntryView = WalletEntry & {
  /** The creator (or user) a connection, renewal, removal or refund is about, by name now. */
  targetName: string | null;
};

export type WalletAnswer = {
  success: true;
  balance: number;
  entries: WalletEntryView[];
  page: number;
  totalPages: number;
};

/** The console's wallets resource: one row per user with coins. */
export type WalletView = {
  id: string;
  userId: string;
  balance: number;
  purchased: number;
  granted: number;
  spent: number;
  refunded: number;
  updatedAt: string;
};

/** `POST /api/admin/wallets/:id/grants`: coins from an admin, with the reason required. */
export const grantCoinsRequest = z.object({
  coins: wholeNumberField('coins', 1, MAX_GRANT_COINS),
  reason: z
    .string(M.grantReasonRequired)
    .trim()
    .min(3, M.grantReasonRequired)
    .max(MAX_GRANT_REASON, M.grantReasonRequired),
});
export type GrantCoinsRequest = z.input<typeof grantCoinsRequest>;

/** How the user app learns whether the pay button works (`GET /api/public-config`). */
export type PaymentsMode = 'sandbox' | 'razorpay' | 'disabled';

/**
 * The payment result screens (docs/product-spec.md section 2, "Payment result screens") and the rules the
 * screens follow a payment by. Pure: the routes read the query string and the payment with these.
 */
import type { PaymentView, WalletAnswer } from '@linkcoin/domain/wallet/contracts.ts';
import {
  OTHER_FAILURE_MESSAGE,
  failureMessageFor,
  isPaymentFailureCode,
} from '@linkcoin/domain/payments/messages.ts';
import { coinsWithBonus } from '@linkcoin/frontend-shared/wallet/entry-text.ts';
import { SUPPORT_EMAIL } from '../../config/contact';

export const RESULT_TEXTS = {
  failedHeading: 'Payment Failed',
  notCharged:
    'Your account has not been charged. Please try again or use a different payment method.',
  tryAgain: 'Try Again',
  successHeading: 'Payment Successful',
  thanks: 'Thank you for your purchase!',
  receipt: 'A receipt has been sent to your email address.',
  backToHome: 'Back to Home',
  transactionId: 'Transaction ID',
  noTransactionId: 'Not available',
} as const;

/** What the failure screen shows: the message chosen by `code` (default UNKNOWN_ERROR). */
export type FailureScreen = Readonly<{
  code: string;
  message: string;
  transactionId: string | null;
}>;

const param = (params: URLSearchParams, name: string): string | null => {
  const value = params.get(name)?.trim();
  return value ? value : null;
};

/**
 * The code comes from the address bar, so anything can arrive: only the listed codes pick their
 * message (`failureMessageFor` alone would look `toString` or `__proto__` up on the object's
 * prototype and hand back a function or an object).
 */
export function failureScreenOf(params: URLSearchParams): FailureScreen {
  const code = param(params, 'code') ?? 'UNKNOWN_ERROR';
  const message = isPaymentFailureCode(code) ? failureMessageFor(code) : OTHER_FAILURE_MESSAGE;
  return { code, message, transactionId: param(params, 'id') };
}

/** The payment a result screen is about (`?id=`). */
export const paymentIdOf = (params: URLSearchParams): string | null => param(params, 'id');

/** The support mail link, naming the payment when there is one. */
export function supportMailto(transactionId: string | null): string {
  const subject = transactionId ? `Payment ${transactionId}` : 'Payment help';
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;
}

/** Where a payment's state is shown: the success or failure screen once settled, else /payment. */
export function resultPathOf(payment: Pick<PaymentView, 'id' | 'status' | 'failureCode'>): string {
  const id = encodeURIComponent(payment.id);
  switch (payment.status) {
    case 'approved':
      return `/payment-success?id=${id}`;
    case 'failed':
      return `/payment-failure?id=${id}&code=${encodeURIComponent(payment.failureCode ?? 'UNKNOWN_ERROR')}`;
    case 'pending':
    case 'expired':
      return `/payment?id=${id}`;
  }
}

/**
 * Where a payment stands for its buyer: the provider has not answered yet (`confirming`), it was
 * approved and the coins are on their way (`crediting`) or in the wallet (`credited`), or it
 * failed or expired.
 */
export type PaymentStage = 'confirming' | 'crediting' | 'credited' | 'failed' | 'expired';

export function stageOf(payment: Pick<PaymentView, 'status' | 'credited'>): PaymentStage {
  switch (payment.status) {
    case 'pending':
      return 'confirming';
    case 'approved':
      return payment.credited ? 'credited' : 'crediting';
    case 'failed':
      return 'failed';
    case 'expired':
      return 'expired';
  }
}

/** How often a screen asks again while a payment is moving, and for how long at most. */
export const POLL_INTERVAL_MS = 1000;
export const MAX_POLLS = 180;

/**
 * The next poll of `GET /api/payment/:id`, or false: only while something is still to happen
 * (confirmation, crediting), and not forever (the screen then offers to check again).
 */
export function paymentPollDelay(
  payment: Pick<PaymentView, 'status' | 'credited'> | undefined,
  polls: number,
): number | false {
  if (payment === undefined || polls >= MAX_POLLS) return false;
  const stage = stageOf(payment);
  return stage === 'confirming' || stage === 'crediting' ? POLL_INTERVAL_MS : false;
}

/** What a payment buys, as the screens name it: "25 + 5 LinkCoins" or "12 LinkCoins". */
export function paymentTitle(payment: Pick<PaymentView, 'coins' | 'bonusCoins'>): string {
  return coinsWithBonus(payment.coins, payment.bonusCoins);
}

/**
 * Whether the wallet's answer already lists the purchase of this payment: the balance it gives
 * then includes the coins (the wallet's read model may trail the payment's by a moment).
 */
export function walletShowsPurchase(
  answer: Pick<WalletAnswer, 'entries'> | undefined,
  paymentId: string,
): boolean {
  return (
    answer?.entries.some((entry) => entry.kind === 'purchase' && entry.paymentId === paymentId) ??
    false
  );
}

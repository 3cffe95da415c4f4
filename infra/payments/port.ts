/**
 * The payment provider port: where a LinkCoin purchase is paid. Two adapters implement it:
 *
 * - `sandbox` (sandbox.ts, the embedded default): no money moves; the approval page is served by
 *   our own server (sandbox-page.ts) and its outcome comes back HMAC-signed.
 * - `razorpay` (razorpay.ts): Razorpay Payment Links; the browser's return and the webhook are
 *   verified by their HMAC-SHA256 signatures.
 *
 * The flow the services build on it:
 * 1. `createCheckout` when a payment starts (its `providerReference` and `approvalUrl` go into
 *    PaymentStarted; the browser is sent to `approvalUrl`).
 * 2. The browser comes back to `returnUrl` with provider parameters: `verifyReturn(query)`.
 * 3. The provider may call a webhook (Razorpay): `verifyWebhook(rawBody, headers)`.
 * 4. A reconciliation tick asks `fetchOutcome(providerReference)` for payments still pending, and
 *    `cancelCheckout` closes the provider's checkout when our payment expires.
 *
 * Trust: every outcome comes from data the provider signed or from the provider's authenticated
 * API, never from unsigned query parameters. In particular `paymentId` is the one the provider
 * signed (Razorpay: the link's `reference_id`), so the services must still check that the
 * payment's stored `providerReference` matches (ApprovePayment does) and that the amount is the
 * payment's amount (ApprovePayment does): an outcome carries the amount actually paid.
 *
 * Outcomes are deterministic: verifying the same return or webhook twice gives the same outcome.
 * Deduplication (a replayed webhook, a webhook and a return for the same payment) is the
 * domain's job, through the payment stream and idempotency keys.
 */
import { PAYMENT_MESSAGES, type PaymentFailureCode } from '@linkcoin/domain/payments/messages.ts';
import type { CoinPackageId } from '@linkcoin/domain/wallet/pricing.ts';
import type { Closeable, PortStatus } from '../shared/port-status.ts';

export type PaymentAdapterName = 'sandbox' | 'razorpay';

export type CheckoutRequest = Readonly<{
  /** Ours: the payment stream's id. Razorpay keeps it as the link's `reference_id` (≤ 40 chars). */
  paymentId: string;
  /** What the buyer pays, in paise (₹1 = 100 paise). A positive integer. */
  amountPaise: number;
  /** Shown to the buyer by the provider. */
  description: string;
  customer: Readonly<{ name: string; email: string }>;
  /** Our endpoint the browser comes back to after approving or declining (absolute URL). */
  returnUrl: string;
  /** After this the checkout can no longer be paid (Razorpay needs it ≥ 15 minutes ahead). */
  expiresAt: Date;
  /** What is being bought, for the sandbox page (the real provider shows `description`). */
  summary: Readonly<{
    coins: number;
    bonusCoins: number;
    rupees: number;
    packageId: CoinPackageId | null;
  }>;
}>;

export type Checkout = Readonly<{
  /** The provider's id of the checkout (a Razorpay payment link id `plink_…`). */
  providerReference: string;
  /** Where the browser approves the payment: the spec's `approvalURL` (absolute http(s)). */
  approvalUrl: string;
}>;

/** A settled checkout. `failed` is a terminal failure only (never a single declined attempt). */
export type PaymentOutcome =
  | Readonly<{
      kind: 'approved';
      paymentId: string;
      providerReference: string;
      /** The provider's id of the successful payment (Razorpay `pay_…`), when it gives one. */
      providerPaymentId: string | null;
      /** What was actually paid, in paise: the domain refuses it when it is not the price. */
      amountPaise: number;
    }>
  | Readonly<{
      kind: 'failed';
      paymentId: string;
      providerReference: string;
      code: PaymentFailureCode;
    }>
  | Readonly<{ kind: 'expired' | 'cancelled'; paymentId: string; providerReference: string }>;

/** Not settled yet: the buyer may still pay. Nothing to record. */
export type PaymentPending = Readonly<{ kind: 'pending'; providerReference: string }>;

export type WebhookResult = Readonly<{
  /** The provider's event id (Razorpay `x-razorpay-event-id`), for logs and deduplication. */
  eventId: string | null;
  /** null: authentic, but nothing to act on (a single failed attempt, an event for a checkout
   * that is not ours, an event type we do not use). */
  outcome: PaymentOutcome | null;
}>;

export interface PaymentProvider extends Closeable {
  readonly adapter: PaymentAdapterName;

  /** Opens a checkout for a payment. Rejects with PaymentProviderError when the provider refuses. */
  createCheckout(request: CheckoutRequest): Promise<Checkout>;

  /**
   * The browser's return to `returnUrl`: its query parameters as received (Express's `req.query`
   * as is; a parameter that is not a single string counts as forged). Parameters the provider
   * did not sign are ignored. Throws PaymentSignatureError when they are not the provider's
   * (forged, altered, signature missing or from another checkout). `pending` only if the
   * provider returned the browser before settling (Razorpay: a link not yet marked paid), which
   * does not happen in the normal flow.
   */
  verifyReturn(query: Readonly<Record<string, unknown>>): Promise<PaymentOutcome | PaymentPending>;

  /**
   * A provider's webhook call: the raw request body (exactly the bytes received, before any JSON
   * parsing) and the request headers. Throws PaymentSignatureError when the signature does not
   * match. The sandbox sends no webhooks, so it refuses every call.
   */
  verifyWebhook(
    rawBody: Buffer,
    headers: Readonly<Record<string, string | string[] | undefined>>,
  ): Promise<WebhookResult>;

  /** Reconciliation: asks the provider where a checkout stands. */
  fetchOutcome(providerReference: string): Promise<PaymentOutcome | PaymentPending>;

  /**
   * Makes the checkout unpayable (our payment expired). Resolves when it is already cancelled,
   * expired or declined; rejects with CheckoutNotCancellable when it was paid (then record the
   * approval: `fetchOutcome` gives it).
   */
  cancelCheckout(providerReference: string): Promise<void>;

  status(): Promise<PortStatus>;
}

/** The return or webhook is not the provider's: answer 400 and change nothing. */
export class PaymentSignatureError extends Error {
  /** For logs only: what was wrong. The message stays the same for every case. */
  readonly reason: 'missing' | 'mismatch' | 'malformed' | 'foreign';

  constructor(reason: PaymentSignatureError['reason']) {
    super(PAYMENT_MESSAGES.forgedSignature);
    this.name = 'PaymentSignatureError';
    this.reason = reason;
  }
}

/** The provider refused a call or could not be reached. Messages carry no secrets. */
export class PaymentProviderError extends Error {
  /** The provider's HTTP status when it refused a call; null when it could not be reached or
   * answered something we cannot use. */
  readonly status: number | null;

  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'PaymentProviderError';
    this.status = status;
  }
}

/** `cancelCheckout` on a checkout that was paid: the payment must be approved, not expired. */
export class CheckoutNotCancellable extends Error {
  readonly providerReference: string;

  constructor(providerReference: string) {
    super(`The checkout ${providerReference} was paid and cannot be cancelled`);
    this.name = 'CheckoutNotCancellable';
    this.providerReference = providerReference;
  }
}

/** Header lookup that ignores case (Node lower-cases them; other callers may not). */
export const headerValue = (
  headers: Readonly<Record<string, string | string[] | undefined>>,
  name: string,
): string | undefined => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
};

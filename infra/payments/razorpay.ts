/**
 * Razorpay Payment Links (https://razorpay.com/docs/api/payments/payment-links/), through the
 * REST API with Node's fetch and node:crypto.
 *
 * Why not the official `razorpay` SDK: its API host is hard-coded (`https://api.razorpay.com` in
 * its constructor, no option), so it cannot be pointed at a local test server without reaching
 * into its internals; it has no request timeout; and it turns a network failure into a TypeError
 * (its error normaliser reads `err.response.status` unconditionally). The four calls used here
 * are small and documented.
 *
 * - The link's `reference_id` is our paymentId and the link's `id` (plink_…) the provider
 *   reference. Payment ids in outcomes come from signed data only: the callback's signed
 *   `razorpay_payment_link_reference_id`, the signed webhook body, or the authenticated API.
 * - Browser return: razorpay_signature = HMAC-SHA256(key_secret,
 *   `link_id|reference_id|status|payment_id`) hex. The callback carries no amount: a `paid`
 *   return reads the link back for `amount_paid`.
 * - Webhook: X-Razorpay-Signature = HMAC-SHA256(webhook_secret, raw body) hex; the event id is in
 *   `x-razorpay-event-id`. `payment_link.paid` is an approval (amount from the payload),
 *   `payment_link.expired` / `payment_link.cancelled` close it. `payment.failed` is one failed
 *   attempt: the link stays payable until it expires, so it is not an outcome (logged with the
 *   failure code it maps to). A Razorpay link never ends "failed": it ends paid, expired or
 *   cancelled.
 */
import { z } from 'zod';
import type { PaymentFailureCode } from '@linkcoin/domain/payments/messages.ts';
import type { Logger } from '../shared/logger.ts';
import type { PortStatus } from '../shared/port-status.ts';
import {
  CheckoutNotCancellable,
  PaymentProviderError,
  PaymentSignatureError,
  headerValue,
  type Checkout,
  type CheckoutRequest,
  type PaymentOutcome,
  type PaymentPending,
  type PaymentProvider,
  type WebhookResult,
} from './port.ts';
import { hexSignatureMatches, hmacSha256Hex } from './signing.ts';

export type RazorpayOptions = Readonly<{
  keyId: string;
  keySecret: string;
  /** The secret set on the webhook in the Razorpay dashboard (not the key secret). */
  webhookSecret: string;
  /** Default https://api.razorpay.com; a local fake in tests. */
  apiBaseUrl?: string;
  /** Per API call; default 10 s. */
  timeoutMs?: number;
  logger?: Logger;
}>;

/** The query parameters Razorpay adds to callback_url. */
export const RAZORPAY_RETURN_PARAMS = {
  paymentId: 'razorpay_payment_id',
  linkId: 'razorpay_payment_link_id',
  referenceId: 'razorpay_payment_link_reference_id',
  status: 'razorpay_payment_link_status',
  signature: 'razorpay_signature',
} as const;

/**
 * Razorpay's failure reasons (payment `error_reason`) that clearly match one of ours; anything
 * else is UNKNOWN_ERROR.
 */
export const razorpayFailureCode = (reason: string | null | undefined): PaymentFailureCode => {
  switch (reason) {
    case 'insufficient_funds':
      return 'INSUFFICIENT_FUNDS';
    case 'card_declined':
      return 'CARD_DECLINED';
    case 'card_expired':
      return 'EXPIRED_CARD';
    default:
      return 'UNKNOWN_ERROR';
  }
};

const linkSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  amount_paid: z.number().int().nonnegative(),
  status: z.string(),
  reference_id: z.string().nullish(),
  short_url: z.string(),
  payments: z.array(z.object({ payment_id: z.string(), status: z.string() }).loose()).nullish(),
});
type Link = z.infer<typeof linkSchema>;

const errorSchema = z.object({
  error: z.object({ code: z.string().optional(), description: z.string().optional() }).loose(),
});

const webhookEnvelopeSchema = z.object({ event: z.string(), payload: z.unknown() });

/** The events we act on, read strictly; any other event is only acknowledged. */
const LINK_EVENTS = ['payment_link.paid', 'payment_link.expired', 'payment_link.cancelled'];
const linkEventSchema = z.object({
  payment_link: z.object({ entity: linkSchema }),
  payment: z.object({ entity: z.object({ id: z.string() }) }).optional(),
});
const failedPaymentSchema = z.object({
  payment: z.object({
    entity: z.object({ id: z.string(), error_reason: z.string().nullish() }),
  }),
});

const returnSchema = z.object({
  [RAZORPAY_RETURN_PARAMS.paymentId]: z.string(),
  [RAZORPAY_RETURN_PARAMS.linkId]: z.string().min(1),
  [RAZORPAY_RETURN_PARAMS.referenceId]: z.string(),
  [RAZORPAY_RETURN_PARAMS.status]: z.string().min(1),
  [RAZORPAY_RETURN_PARAMS.signature]: z.string().min(1),
});

export class RazorpayPaymentProvider implements PaymentProvider {
  readonly adapter = 'razorpay';
  readonly #options: RazorpayOptions;
  readonly #base: string;
  readonly #authorization: string;

  constructor(options: RazorpayOptions) {
    for (const name of ['keyId', 'keySecret', 'webhookSecret'] as const) {
      if (!options[name]) throw new Error(`Razorpay needs ${name}`);
    }
    this.#options = options;
    this.#base = (options.apiBaseUrl ?? 'https://api.razorpay.com').replace(/\/+$/, '');
    this.#authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const link = await this.#call('POST', '/v1/payment_links', {
      amount: request.amountPaise,
      currency: 'INR',
      accept_partial: false,
      reference_id: request.paymentId,
      description: request.description,
      customer: { name: request.customer.name, email: request.customer.email },
      notify: { sms: false, email: false },
      reminder_enable: false,
      notes: { paymentId: request.paymentId },
      callback_url: request.returnUrl,
      callback_method: 'get',
      expire_by: Math.floor(request.expiresAt.getTime() / 1000),
    });
    if (link.reference_id !== request.paymentId || link.amount !== request.amountPaise) {
      throw new PaymentProviderError('Razorpay answered with a link for another payment', null);
    }
    return { providerReference: link.id, approvalUrl: link.short_url };
  }

  async verifyReturn(
    query: Readonly<Record<string, unknown>>,
  ): Promise<PaymentOutcome | PaymentPending> {
    const P = RAZORPAY_RETURN_PARAMS;
    if (!query[P.signature]) throw new PaymentSignatureError('missing');
    const parsed = returnSchema.safeParse(query);
    if (!parsed.success) throw new PaymentSignatureError('malformed');
    const q = parsed.data;
    const signed = `${q[P.linkId]}|${q[P.referenceId]}|${q[P.status]}|${q[P.paymentId]}`;
    if (!hexSignatureMatches(hmacSha256Hex(this.#options.keySecret, signed), q[P.signature])) {
      throw new PaymentSignatureError('mismatch');
    }
    const paymentId = q[P.referenceId];
    if (!paymentId) throw new PaymentSignatureError('foreign'); // a link we did not create
    const providerReference = q[P.linkId];
    const base = { paymentId, providerReference };
    switch (q[P.status]) {
      case 'paid': {
        // The callback carries no amount: read what the link says was paid.
        const link = await this.#fetchLink(providerReference);
        if (link.reference_id !== paymentId) {
          throw new PaymentProviderError('Razorpay answered with a link for another payment', null);
        }
        if (link.status !== 'paid') return { kind: 'pending', providerReference };
        return {
          kind: 'approved',
          ...base,
          providerPaymentId: q[P.paymentId] || null,
          amountPaise: link.amount_paid,
        };
      }
      case 'expired':
        return { kind: 'expired', ...base };
      case 'cancelled':
        return { kind: 'cancelled', ...base };
      default:
        return { kind: 'pending', providerReference };
    }
  }

  async verifyWebhook(
    rawBody: Buffer,
    headers: Readonly<Record<string, string | string[] | undefined>>,
  ): Promise<WebhookResult> {
    const signature = headerValue(headers, 'x-razorpay-signature');
    if (!signature) throw new PaymentSignatureError('missing');
    if (!hexSignatureMatches(hmacSha256Hex(this.#options.webhookSecret, rawBody), signature)) {
      throw new PaymentSignatureError('mismatch');
    }
    const eventId = headerValue(headers, 'x-razorpay-event-id') || null;
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw unreadable();
    }
    const envelope = webhookEnvelopeSchema.safeParse(body);
    if (!envelope.success) throw unreadable();
    const { event, payload } = envelope.data;
    if (event === 'payment.failed') {
      const failed = failedPaymentSchema.safeParse(payload);
      if (!failed.success) throw unreadable();
      const payment = failed.data.payment.entity;
      this.#options.logger?.info(
        {
          eventId,
          razorpayPaymentId: payment.id,
          reason: payment.error_reason ?? null,
          code: razorpayFailureCode(payment.error_reason),
        },
        'razorpay payment attempt failed; the link stays payable',
      );
      return { eventId, outcome: null };
    }
    if (!LINK_EVENTS.includes(event)) return { eventId, outcome: null };
    const parsed = linkEventSchema.safeParse(payload);
    if (!parsed.success) throw unreadable();
    const link = parsed.data.payment_link.entity;
    const paymentId = link.reference_id;
    if (!paymentId) return { eventId, outcome: null }; // a link we did not create
    const base = { paymentId, providerReference: link.id };
    if (event === 'payment_link.paid') {
      const outcome: PaymentOutcome = {
        kind: 'approved',
        ...base,
        providerPaymentId: parsed.data.payment?.entity.id ?? lastCapturedPayment(link),
        amountPaise: link.amount_paid,
      };
      return { eventId, outcome };
    }
    return {
      eventId,
      outcome: { kind: event === 'payment_link.expired' ? 'expired' : 'cancelled', ...base },
    };
  }

  async fetchOutcome(providerReference: string): Promise<PaymentOutcome | PaymentPending> {
    return outcomeOf(await this.#fetchLink(providerReference));
  }

  async cancelCheckout(providerReference: string): Promise<void> {
    try {
      await this.#call('POST', `/v1/payment_links/${encodeURIComponent(providerReference)}/cancel`);
    } catch (error) {
      if (!(error instanceof PaymentProviderError) || error.status !== 400) throw error;
      // Refused: find out why. Already closed is fine; paid must be approved instead.
      const link = await this.#fetchLink(providerReference);
      if (link.status === 'cancelled' || link.status === 'expired') return;
      if (link.status === 'paid') throw new CheckoutNotCancellable(providerReference);
      throw error;
    }
  }

  async status(): Promise<PortStatus> {
    return { port: 'payments', adapter: this.adapter, ok: true, detail: new URL(this.#base).host };
  }

  async close(): Promise<void> {}

  #fetchLink(providerReference: string): Promise<Link> {
    return this.#call('GET', `/v1/payment_links/${encodeURIComponent(providerReference)}`);
  }

  /** One API call answering a payment link. Errors name the call and the status, never a key. */
  async #call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Link> {
    const what = `${method} ${path}`;
    let response: Response;
    try {
      response = await fetch(`${this.#base}${path}`, {
        method,
        headers: {
          Authorization: this.#authorization,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'error';
      throw new PaymentProviderError(`Razorpay could not be reached (${what}: ${reason})`, null);
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const description = errorSchema.safeParse(json).data?.error.description;
      const detail = description ? `: ${description.slice(0, 200)}` : '';
      throw new PaymentProviderError(
        `Razorpay refused ${what} (status ${response.status}${detail})`,
        response.status,
      );
    }
    const link = linkSchema.safeParse(json);
    if (!link.success) {
      throw new PaymentProviderError(`Razorpay answered ${what} with an unexpected body`, null);
    }
    return link.data;
  }
}

/** Signed by Razorpay but not what we expect: refused (not acknowledged) so Razorpay retries and
 * the error shows in our logs, rather than silently dropped. */
const unreadable = () =>
  new PaymentProviderError('Razorpay sent a signed webhook we cannot read', null);

const lastCapturedPayment = (link: Link): string | null =>
  (link.payments ?? []).findLast((payment) => payment.status === 'captured')?.payment_id ?? null;

const outcomeOf = (link: Link): PaymentOutcome | PaymentPending => {
  const paymentId = link.reference_id;
  if (!paymentId) return { kind: 'pending', providerReference: link.id };
  const base = { paymentId, providerReference: link.id };
  switch (link.status) {
    case 'paid':
      return {
        kind: 'approved',
        ...base,
        providerPaymentId: lastCapturedPayment(link),
        amountPaise: link.amount_paid,
      };
    case 'expired':
      return { kind: 'expired', ...base };
    case 'cancelled':
      return { kind: 'cancelled', ...base };
    default:
      return { kind: 'pending', providerReference: link.id };
  }
};

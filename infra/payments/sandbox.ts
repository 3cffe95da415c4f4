/**
 * The sandbox payment provider: the embedded default, in which no money moves.
 *
 * Stateless by design: the checkout travels in an HMAC-signed token inside the approval URL, so
 * a restart loses no checkout, and the approval page (sandbox-page.ts, served by our own server)
 * can show it and settle it. Settling sends the browser to the checkout's `returnUrl` with
 * outcome parameters signed by the same secret (with a different derived key), which
 * `verifyReturn` checks exactly as a real provider's callback is checked.
 *
 * Settlements are durable: given `settlements` (the services keep them in the payment's own
 * stream), a settlement is recorded there before the browser is sent back, and a checkout is
 * looked up there before it is shown or settled, so a declined checkout stays declined across
 * restarts. A small in-memory record (bounded) answers first: which checkouts this process
 * issued, settled or cancelled. Without `settlements` (the adapter's own tests) only that
 * record is kept.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  PAYMENT_FAILURE_CODES,
  type PaymentFailureCode,
} from '@linkcoin/domain/payments/messages.ts';
import { COIN_PACKAGE_IDS } from '@linkcoin/domain/wallet/pricing.ts';
import type { PortStatus } from '../shared/port-status.ts';
import {
  CheckoutNotCancellable,
  PaymentProviderError,
  PaymentSignatureError,
  type Checkout,
  type CheckoutRequest,
  type PaymentOutcome,
  type PaymentPending,
  type PaymentProvider,
  type WebhookResult,
} from './port.ts';
import { hexSignatureMatches, hmacSha256, hmacSha256Hex, signatureMatches } from './signing.ts';

export type SandboxPaymentOptions = Readonly<{
  /** Signs checkout tokens and outcomes: at least 32 characters, stable across restarts. */
  secret: string;
  /**
   * Absolute URL where the approval page is mounted, e.g. `http://localhost:8080/sandbox-pay`;
   * a function when the server's address is known only once it listens.
   */
  approvalPageUrl: string | (() => string);
  /** For tests; the real clock otherwise. */
  now?: () => Date;
  /** How many checkouts the in-memory record keeps (oldest forgotten first). */
  memory?: number;
  /** Where settlements outlive the process; in memory only without it. */
  settlements?: SandboxSettlements;
}>;

/**
 * The durable record of what became of each checkout. The services keep it in the payment's own
 * stream: `record` is the sandbox telling the shop server-to-server (as a provider's webhook
 * does), and `recall` reads it back.
 */
export type SandboxSettlements = Readonly<{
  /** Why a checkout can no longer be settled, by the durable record; null while it is open. */
  recall: (
    checkout: Readonly<{ ref: string; paymentId: string }>,
  ) => Promise<SandboxRefusal | null>;
  /** Records a settlement before the browser is sent back; rejects when it could not. */
  record: (outcome: PaymentOutcome) => Promise<void>;
}>;

/** The parameters `settle` adds to `returnUrl`, all covered by `sandbox_signature`. */
export const SANDBOX_RETURN_PARAMS = {
  reference: 'sandbox_reference',
  paymentId: 'sandbox_payment_id',
  status: 'sandbox_status',
  code: 'sandbox_code',
  amountPaise: 'sandbox_amount_paise',
  transaction: 'sandbox_transaction',
  signature: 'sandbox_signature',
} as const;

const checkoutSchema = z.object({
  v: z.literal(1),
  ref: z.string().min(1),
  paymentId: z.string().min(1),
  amountPaise: z.number().int().positive(),
  description: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  summary: z.object({
    coins: z.number().int().nonnegative(),
    bonusCoins: z.number().int().nonnegative(),
    rupees: z.number().nonnegative(),
    packageId: z.enum(COIN_PACKAGE_IDS).nullable(),
  }),
  returnUrl: z.url({ protocol: /^https?$/ }),
  /** Epoch milliseconds. */
  expiresAt: z.number().int(),
});

/** A checkout as the approval page shows it (decoded from a verified token). */
export type SandboxCheckout = Readonly<z.infer<typeof checkoutSchema>>;

export type SandboxRefusal = 'invalid' | 'expired' | 'settled' | 'cancelled';

export type SandboxDecision =
  Readonly<{ kind: 'approve' }> | Readonly<{ kind: 'decline'; code: PaymentFailureCode }>;

export type SandboxOpened =
  | Readonly<{ ok: true; checkout: SandboxCheckout }>
  | Readonly<{ ok: false; refusal: SandboxRefusal; checkout: SandboxCheckout | null }>;

export type SandboxSettled =
  | Readonly<{ ok: true; redirectUrl: string; outcome: PaymentOutcome }>
  | Readonly<{ ok: false; refusal: SandboxRefusal; checkout: SandboxCheckout | null }>;

const returnSchema = z.object({
  [SANDBOX_RETURN_PARAMS.reference]: z.string().min(1),
  [SANDBOX_RETURN_PARAMS.paymentId]: z.string().min(1),
  [SANDBOX_RETURN_PARAMS.status]: z.string(),
  [SANDBOX_RETURN_PARAMS.code]: z.string(),
  [SANDBOX_RETURN_PARAMS.amountPaise]: z.string(),
  [SANDBOX_RETURN_PARAMS.transaction]: z.string(),
});

/** A Map that forgets its oldest entries beyond a size. */
class BoundedMap<K, V> extends Map<K, V> {
  readonly #limit: number;
  constructor(limit: number) {
    super();
    this.#limit = limit;
  }
  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    while (this.size > this.#limit) {
      const oldest = this.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    return this;
  }
}

type Issued = Readonly<{ paymentId: string; expiresAt: number }>;

export class SandboxPaymentProvider implements PaymentProvider {
  readonly adapter = 'sandbox';
  readonly #checkoutKey: Buffer;
  readonly #returnKey: Buffer;
  readonly #approvalPageUrl: () => URL;
  readonly #now: () => Date;
  readonly #issued: BoundedMap<string, Issued>;
  readonly #settled: BoundedMap<string, PaymentOutcome>;
  /** Cancelled references, with the payment id when this process issued them. */
  readonly #cancelled: BoundedMap<string, string | null>;
  readonly #settlements: SandboxSettlements | null;

  constructor(options: SandboxPaymentOptions) {
    if (options.secret.length < 32) {
      throw new Error('The sandbox payment secret must be at least 32 characters long');
    }
    // Two keys derived from the one secret: a checkout token can never pass as an outcome.
    this.#checkoutKey = hmacSha256(options.secret, 'linkcoin/payments/sandbox/checkout');
    this.#returnKey = hmacSha256(options.secret, 'linkcoin/payments/sandbox/return');
    const pageUrl = options.approvalPageUrl;
    this.#approvalPageUrl = () => {
      const url = new URL(typeof pageUrl === 'function' ? pageUrl() : pageUrl);
      if (!/^https?:$/.test(url.protocol)) {
        throw new Error('The sandbox approval page URL must be an absolute http(s) URL');
      }
      return url;
    };
    if (typeof pageUrl === 'string') this.#approvalPageUrl();
    this.#now = options.now ?? (() => new Date());
    const memory = options.memory ?? 10_000;
    this.#issued = new BoundedMap(memory);
    this.#settled = new BoundedMap(memory);
    this.#cancelled = new BoundedMap(memory);
    this.#settlements = options.settlements ?? null;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const ref = `sbx_${randomBytes(12).toString('base64url')}`;
    const parsed = checkoutSchema.safeParse({
      v: 1,
      ref,
      paymentId: request.paymentId,
      amountPaise: request.amountPaise,
      description: request.description,
      customer: { name: request.customer.name, email: request.customer.email },
      summary: { ...request.summary },
      returnUrl: request.returnUrl,
      expiresAt: request.expiresAt.getTime(),
    });
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
      throw new PaymentProviderError(`The sandbox refused the checkout (invalid ${fields})`, 400);
    }
    this.#issued.set(ref, { paymentId: request.paymentId, expiresAt: parsed.data.expiresAt });
    const approvalUrl = this.#approvalPageUrl();
    approvalUrl.searchParams.set('token', this.#sign(parsed.data));
    return { providerReference: ref, approvalUrl: approvalUrl.toString() };
  }

  /** What the approval page shows for a token, or why it refuses it. */
  async open(token: string): Promise<SandboxOpened> {
    const checkout = this.#verifyToken(token);
    if (!checkout) return { ok: false, refusal: 'invalid', checkout: null };
    if (this.#settled.has(checkout.ref)) return { ok: false, refusal: 'settled', checkout };
    if (this.#cancelled.has(checkout.ref)) return { ok: false, refusal: 'cancelled', checkout };
    if (this.#now().getTime() >= checkout.expiresAt) {
      return { ok: false, refusal: 'expired', checkout };
    }
    // Settled or closed before a restart: the durable record knows it, not this process.
    const recalled = await this.#settlements?.recall(checkout);
    if (recalled) return { ok: false, refusal: recalled, checkout };
    return { ok: true, checkout };
  }

  /** Approves or declines a checkout once; gives the URL to send the browser to. */
  async settle(token: string, decision: SandboxDecision): Promise<SandboxSettled> {
    const opened = await this.open(token);
    if (!opened.ok) return opened;
    const { checkout } = opened;
    // Taken at once (before any await), so two settles racing in this process settle one.
    if (this.#settled.has(checkout.ref)) return { ok: false, refusal: 'settled', checkout };
    const transaction = `sbxpay_${randomBytes(9).toString('base64url')}`;
    const outcome: PaymentOutcome =
      decision.kind === 'approve'
        ? {
            kind: 'approved',
            paymentId: checkout.paymentId,
            providerReference: checkout.ref,
            providerPaymentId: transaction,
            amountPaise: checkout.amountPaise,
          }
        : {
            kind: 'failed',
            paymentId: checkout.paymentId,
            providerReference: checkout.ref,
            code: decision.code,
          };
    this.#settled.set(checkout.ref, outcome);
    try {
      await this.#settlements?.record(outcome);
    } catch (error) {
      // Not recorded: not settled either, so the buyer may answer again.
      this.#settled.delete(checkout.ref);
      throw error;
    }
    const fields = {
      reference: checkout.ref,
      paymentId: checkout.paymentId,
      status: decision.kind === 'approve' ? 'approved' : 'failed',
      code: decision.kind === 'decline' ? decision.code : '',
      amountPaise: String(checkout.amountPaise),
      transaction,
    };
    const redirect = new URL(checkout.returnUrl);
    const P = SANDBOX_RETURN_PARAMS;
    redirect.searchParams.set(P.reference, fields.reference);
    redirect.searchParams.set(P.paymentId, fields.paymentId);
    redirect.searchParams.set(P.status, fields.status);
    redirect.searchParams.set(P.code, fields.code);
    redirect.searchParams.set(P.amountPaise, fields.amountPaise);
    redirect.searchParams.set(P.transaction, fields.transaction);
    redirect.searchParams.set(P.signature, this.#returnSignature(fields));
    return { ok: true, redirectUrl: redirect.toString(), outcome };
  }

  async verifyReturn(query: Readonly<Record<string, unknown>>): Promise<PaymentOutcome> {
    const P = SANDBOX_RETURN_PARAMS;
    const signature = query[P.signature];
    if (!signature) throw new PaymentSignatureError('missing');
    if (typeof signature !== 'string') throw new PaymentSignatureError('malformed');
    const parsed = returnSchema.safeParse(query);
    if (!parsed.success) throw new PaymentSignatureError('malformed');
    const q = parsed.data;
    const fields = {
      reference: q[P.reference],
      paymentId: q[P.paymentId],
      status: q[P.status],
      code: q[P.code],
      amountPaise: q[P.amountPaise],
      transaction: q[P.transaction],
    };
    if (!hexSignatureMatches(this.#returnSignature(fields), signature)) {
      throw new PaymentSignatureError('mismatch');
    }
    const base = { paymentId: fields.paymentId, providerReference: fields.reference };
    if (fields.status === 'approved' && /^[1-9][0-9]*$/.test(fields.amountPaise)) {
      return {
        kind: 'approved',
        ...base,
        providerPaymentId: fields.transaction,
        amountPaise: Number(fields.amountPaise),
      };
    }
    const code = PAYMENT_FAILURE_CODES.find((candidate) => candidate === fields.code);
    if (fields.status === 'failed' && code) return { kind: 'failed', ...base, code };
    throw new PaymentSignatureError('malformed'); // signed by us, so never in practice
  }

  async verifyWebhook(
    _rawBody: Buffer,
    _headers: Readonly<Record<string, string | string[] | undefined>>,
  ): Promise<WebhookResult> {
    // The sandbox sends no webhooks: nothing that arrives on a webhook route is its.
    throw new PaymentSignatureError('foreign');
  }

  async fetchOutcome(providerReference: string): Promise<PaymentOutcome | PaymentPending> {
    const settled = this.#settled.get(providerReference);
    if (settled) return settled;
    const issued = this.#issued.get(providerReference);
    const cancelledPaymentId = this.#cancelled.get(providerReference) ?? issued?.paymentId;
    if (this.#cancelled.has(providerReference) && cancelledPaymentId) {
      return { kind: 'cancelled', paymentId: cancelledPaymentId, providerReference };
    }
    if (issued && this.#now().getTime() >= issued.expiresAt) {
      return { kind: 'expired', paymentId: issued.paymentId, providerReference };
    }
    return { kind: 'pending', providerReference };
  }

  async cancelCheckout(providerReference: string): Promise<void> {
    const settled = this.#settled.get(providerReference);
    if (settled?.kind === 'approved') throw new CheckoutNotCancellable(providerReference);
    if (settled || this.#cancelled.has(providerReference)) return;
    const issued = this.#issued.get(providerReference);
    if (issued && this.#now().getTime() >= issued.expiresAt) return; // already closed by expiry
    this.#cancelled.set(providerReference, issued?.paymentId ?? null);
  }

  async status(): Promise<PortStatus> {
    return { port: 'payments', adapter: this.adapter, ok: true, detail: 'sandbox: no money moves' };
  }

  async close(): Promise<void> {}

  #sign(checkout: SandboxCheckout): string {
    const body = Buffer.from(JSON.stringify(checkout)).toString('base64url');
    return `${body}.${hmacSha256(this.#checkoutKey, body).toString('base64url')}`;
  }

  #verifyToken(token: string): SandboxCheckout | null {
    const [body, signature, ...rest] = token.split('.');
    if (!body || !signature || rest.length > 0) return null;
    const expected = hmacSha256(this.#checkoutKey, body);
    if (!signatureMatches(expected, Buffer.from(signature, 'base64url'))) return null;
    // Base64url decoding ignores stray characters: insist on the canonical form we issued.
    if (expected.toString('base64url') !== signature) return null;
    try {
      const parsed = checkoutSchema.safeParse(
        JSON.parse(Buffer.from(body, 'base64url').toString()),
      );
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  #returnSignature(fields: Readonly<Record<string, string>>): string {
    return hmacSha256Hex(
      this.#returnKey,
      JSON.stringify([
        fields.reference,
        fields.paymentId,
        fields.status,
        fields.code,
        fields.amountPaise,
        fields.transaction,
      ]),
    );
  }
}

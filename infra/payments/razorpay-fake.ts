/**
 * Test support: a local stand-in for Razorpay's Payment Links API on 127.0.0.1 and a free port.
 *
 * It answers the documented shapes (create, fetch, cancel; basic auth checked; 400
 * BAD_REQUEST_ERROR bodies on bad input) and plays the customer and Razorpay's side: `pay` marks
 * a link paid and gives the signed browser callback and the signed `payment_link.paid` webhook;
 * `failAttempt` gives a signed `payment.failed`; `expire` closes a link and gives
 * `payment_link.expired`; cancelling through the API records `payment_link.cancelled`.
 * Signatures are computed as Razorpay documents them (HMAC-SHA256 hex).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { RAZORPAY_RETURN_PARAMS } from './razorpay.ts';
import { hmacSha256Hex } from './signing.ts';

export type RazorpayFakeOptions = Readonly<{
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  now?: () => Date;
}>;

export type SignedWebhook = Readonly<{
  eventId: string;
  event: string;
  rawBody: Buffer;
  /** As Node hands them to a handler (lower-case names). */
  headers: Readonly<Record<string, string>>;
}>;

type FakePayment = {
  amount: number;
  created_at: number;
  method: string;
  payment_id: string;
  plink_id: string;
  status: 'captured';
  updated_at: number;
};

/** A payment link entity as Razorpay answers it. */
export type FakeLink = {
  accept_partial: boolean;
  amount: number;
  amount_paid: number;
  callback_method: string;
  callback_url: string;
  cancelled_at: number;
  created_at: number;
  currency: string;
  customer: Record<string, string>;
  description: string;
  expire_by: number;
  expired_at: number;
  first_min_partial_amount: number;
  id: string;
  notes: Record<string, string>;
  notify: { sms: boolean; email: boolean };
  order_id: string;
  payments: FakePayment[];
  reference_id: string;
  reminder_enable: boolean;
  reminders: unknown[];
  short_url: string;
  status: 'created' | 'paid' | 'expired' | 'cancelled';
  updated_at: number;
  upi_link: boolean;
  user_id: string;
};

export type FakePaid = Readonly<{
  /** What Razorpay appends to callback_url. */
  callbackQuery: Readonly<Record<string, string>>;
  /** callback_url with that query: where the browser lands. */
  callbackUrl: string;
  webhook: SignedWebhook;
}>;

export type RazorpayFake = Readonly<{
  baseUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  link: (id: string) => FakeLink | undefined;
  /** Bodies of the create calls received, in order. */
  createRequests: readonly unknown[];
  /** Every webhook Razorpay would have sent, in order. */
  webhooks: readonly SignedWebhook[];
  /** The customer pays the link (by default its amount). */
  pay: (linkId: string, options?: { amountPaise?: number }) => FakePaid;
  /** One payment attempt fails; the link stays payable. */
  failAttempt: (linkId: string, reason: string) => SignedWebhook;
  /** The link reaches its expiry unpaid. */
  expire: (linkId: string) => SignedWebhook;
  stop: () => Promise<void>;
}>;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const razorpayId = (prefix: string): string =>
  `${prefix}${Array.from(randomBytes(14), (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;

const createSchema = z.object({
  amount: z.number().int().min(100, 'The amount must be atleast INR 1.00'),
  currency: z.literal('INR', 'The currency provided is not supported').default('INR'),
  accept_partial: z.boolean().default(false),
  reference_id: z
    .string()
    .max(40, 'The reference id may not be greater than 40 characters.')
    .default(''),
  description: z.string().max(2048).default(''),
  customer: z
    .object({ name: z.string(), email: z.email(), contact: z.string() })
    .partial()
    .default({}),
  notify: z.object({ sms: z.boolean(), email: z.boolean() }).partial().default({}),
  reminder_enable: z.boolean().default(true),
  notes: z.record(z.string(), z.string().max(256)).default({}),
  callback_url: z.url().optional(),
  callback_method: z.literal('get', 'callback_method must be get').optional(),
  expire_by: z.number().int().optional(),
});

const badRequest = (res: ServerResponse, description: string, field: string | null = null) =>
  json(res, 400, {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      field,
    },
  });

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(body));
};

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const startRazorpayFake = async (
  options: RazorpayFakeOptions = {},
): Promise<RazorpayFake> => {
  const keyId = options.keyId ?? 'rzp_test_fakeKey123';
  const keySecret = options.keySecret ?? `fake-key-secret-${randomBytes(8).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `fake-webhook-${randomBytes(8).toString('hex')}`;
  const now = options.now ?? (() => new Date());
  const seconds = () => Math.floor(now().getTime() / 1000);
  const links = new Map<string, FakeLink>();
  const createRequests: unknown[] = [];
  const webhooks: SignedWebhook[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const emit = (event: string, contains: string[], payload: object): SignedWebhook => {
    const eventId = razorpayId('');
    const rawBody = Buffer.from(
      JSON.stringify({
        entity: 'event',
        account_id: 'acc_FakeAccount0001',
        event,
        contains,
        payload,
        created_at: seconds(),
      }),
    );
    const webhook: SignedWebhook = {
      eventId,
      event,
      rawBody,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': eventId,
        'x-razorpay-signature': hmacSha256Hex(webhookSecret, rawBody),
      },
    };
    webhooks.push(webhook);
    return webhook;
  };

  const paymentEntity = (link: FakeLink, id: string, amount: number, failure?: string) => ({
    id,
    entity: 'payment',
    amount,
    currency: link.currency,
    status: failure ? 'failed' : 'captured',
    order_id: link.order_id,
    invoice_id: null,
    international: false,
    method: 'card',
    amount_refunded: 0,
    captured: !failure,
    description: `#${link.id.slice('plink_'.length)}`,
    email: link.customer.email ?? '',
    contact: link.customer.contact ?? '',
    notes: link.notes,
    error_code: failure ? 'BAD_REQUEST_ERROR' : null,
    error_description: failure ? 'Payment failed' : null,
    error_source: failure ? 'customer' : null,
    error_step: failure ? 'payment_authorization' : null,
    error_reason: failure ?? null,
    created_at: seconds(),
  });

  const payable = (linkId: string): FakeLink => {
    const link = links.get(linkId);
    if (!link) throw new Error(`No payment link ${linkId}`);
    if (link.status === 'created' && link.expire_by && seconds() >= link.expire_by) {
      link.status = 'expired';
      link.expired_at = seconds();
    }
    if (link.status !== 'created') throw new Error(`Payment link ${linkId} is ${link.status}`);
    return link;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.authorization !== expectedAuth) {
      json(res, 401, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
      });
      return;
    }
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (req.method === 'POST' && path === '/v1/payment_links') {
      let body: unknown;
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        badRequest(res, 'The request body is not valid JSON');
        return;
      }
      createRequests.push(body);
      const parsed = createSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        badRequest(res, issue.message, issue.path.join('.') || null);
        return;
      }
      const input = parsed.data;
      if (input.callback_url && input.callback_method !== 'get') {
        badRequest(
          res,
          'callback_method must be get when callback_url is given',
          'callback_method',
        );
        return;
      }
      if (input.expire_by !== undefined && input.expire_by < seconds() + 15 * 60) {
        badRequest(res, 'expire_by: timestamp must be atleast 15 minutes in future', 'expire_by');
        return;
      }
      const id = razorpayId('plink_');
      const link: FakeLink = {
        accept_partial: input.accept_partial,
        amount: input.amount,
        amount_paid: 0,
        callback_method: input.callback_method ?? '',
        callback_url: input.callback_url ?? '',
        cancelled_at: 0,
        created_at: seconds(),
        currency: input.currency,
        customer: Object.fromEntries(
          Object.entries(input.customer).filter(([, value]) => value !== undefined),
        ) as Record<string, string>,
        description: input.description,
        expire_by: input.expire_by ?? 0,
        expired_at: 0,
        first_min_partial_amount: 0,
        id,
        notes: input.notes,
        notify: { sms: input.notify.sms ?? true, email: input.notify.email ?? true },
        order_id: '',
        payments: [],
        reference_id: input.reference_id,
        reminder_enable: input.reminder_enable,
        reminders: [],
        short_url: `https://rzp.io/i/${razorpayId('').slice(0, 8)}`,
        status: 'created',
        updated_at: seconds(),
        upi_link: false,
        user_id: '',
      };
      links.set(id, link);
      json(res, 200, link);
      return;
    }
    const match = /^\/v1\/payment_links\/([^/]+)(\/cancel)?$/.exec(path);
    const link = match ? links.get(decodeURIComponent(match[1]!)) : undefined;
    if (match && !link) {
      badRequest(res, 'The id provided does not exist', 'id');
      return;
    }
    if (link && req.method === 'GET' && !match?.[2]) {
      json(res, 200, link);
      return;
    }
    if (link && req.method === 'POST' && match?.[2]) {
      if (link.status !== 'created') {
        badRequest(res, `Payment Link cannot be cancelled as it is ${link.status}`);
        return;
      }
      link.status = 'cancelled';
      link.cancelled_at = seconds();
      link.updated_at = seconds();
      emit('payment_link.cancelled', ['payment_link'], { payment_link: { entity: link } });
      json(res, 200, link);
      return;
    }
    json(res, 404, {
      error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found' },
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { error: { code: 'SERVER_ERROR' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    keyId,
    keySecret,
    webhookSecret,
    link: (id) => links.get(id),
    createRequests,
    webhooks,
    pay: (linkId, payOptions = {}) => {
      const link = payable(linkId);
      const paymentId = razorpayId('pay_');
      const amount = payOptions.amountPaise ?? link.amount;
      link.order_id = link.order_id || razorpayId('order_');
      link.amount_paid = amount;
      link.status = 'paid';
      link.updated_at = seconds();
      link.payments.push({
        amount,
        created_at: seconds(),
        method: 'card',
        payment_id: paymentId,
        plink_id: link.id,
        status: 'captured',
        updated_at: seconds(),
      });
      const P = RAZORPAY_RETURN_PARAMS;
      const callbackQuery = {
        [P.paymentId]: paymentId,
        [P.linkId]: link.id,
        [P.referenceId]: link.reference_id,
        [P.status]: link.status,
        [P.signature]: hmacSha256Hex(
          keySecret,
          `${link.id}|${link.reference_id}|${link.status}|${paymentId}`,
        ),
      };
      const callbackUrl = new URL(link.callback_url || 'http://callback.invalid/');
      for (const [name, value] of Object.entries(callbackQuery)) {
        callbackUrl.searchParams.set(name, value);
      }
      const webhook = emit('payment_link.paid', ['payment_link', 'order', 'payment'], {
        payment_link: { entity: link },
        order: {
          entity: {
            id: link.order_id,
            entity: 'order',
            amount: link.amount,
            amount_paid: amount,
            amount_due: Math.max(0, link.amount - amount),
            currency: link.currency,
            receipt: link.reference_id,
            status: 'paid',
            notes: link.notes,
          },
        },
        payment: { entity: paymentEntity(link, paymentId, amount) },
      });
      return { callbackQuery, callbackUrl: callbackUrl.toString(), webhook };
    },
    failAttempt: (linkId, reason) => {
      const link = payable(linkId);
      link.order_id = link.order_id || razorpayId('order_');
      return emit('payment.failed', ['payment'], {
        payment: { entity: paymentEntity(link, razorpayId('pay_'), link.amount, reason) },
      });
    },
    expire: (linkId) => {
      const link = payable(linkId);
      link.status = 'expired';
      link.expired_at = seconds();
      link.updated_at = seconds();
      return emit('payment_link.expired', ['payment_link'], { payment_link: { entity: link } });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

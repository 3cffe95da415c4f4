import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describePaymentContract } from './contract.ts';
import {
  PaymentProviderError,
  PaymentSignatureError,
  type CheckoutRequest,
  type PaymentProvider,
} from './port.ts';
import {
  RAZORPAY_RETURN_PARAMS,
  RazorpayPaymentProvider,
  razorpayFailureCode,
} from './razorpay.ts';
import { startRazorpayFake, type RazorpayFake } from './razorpay-fake.ts';
import { hmacSha256Hex } from './signing.ts';

const RETURN_URL = 'https://linkcoin.test/api/payment/return/razorpay';

const providerFor = (fake: RazorpayFake, overrides: { keySecret?: string } = {}) =>
  new RazorpayPaymentProvider({
    keyId: fake.keyId,
    keySecret: overrides.keySecret ?? fake.keySecret,
    webhookSecret: fake.webhookSecret,
    apiBaseUrl: fake.baseUrl,
    timeoutMs: 5_000,
  });

describePaymentContract('razorpay (against a local fake of the API)', async () => {
  const fake = await startRazorpayFake();
  const provider = providerFor(fake);
  return {
    provider,
    returnUrl: RETURN_URL,
    driver: {
      signatureParam: RAZORPAY_RETURN_PARAMS.signature,
      approve: async (checkout) => fake.pay(checkout.providerReference).callbackQuery,
      // A Razorpay link is never "declined": attempts fail and it stays payable until it expires.
      endUnpaid: async (checkout) => {
        fake.failAttempt(checkout.providerReference, 'card_declined');
        fake.expire(checkout.providerReference);
        return { returnQuery: null, expected: { kind: 'expired' } };
      },
    },
    dispose: async () => {
      await provider.close();
      await fake.stop();
    },
  };
});

describe('the Razorpay adapter', () => {
  let fake: RazorpayFake;
  let provider: PaymentProvider;
  beforeAll(async () => {
    fake = await startRazorpayFake();
    provider = providerFor(fake);
  });
  afterAll(async () => {
    await fake.stop();
  });

  const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
    paymentId: randomUUID(),
    amountPaise: 12_500,
    description: 'LinkCoin: 25 + 5 free coins',
    customer: { name: 'Asha Brand', email: 'asha@example.in' },
    returnUrl: RETURN_URL,
    expiresAt: new Date(Date.now() + 30 * 60 * 1000),
    summary: { coins: 25, bonusCoins: 5, rupees: 125, packageId: 'growth' },
    ...overrides,
  });

  const open = async (overrides: Partial<CheckoutRequest> = {}) => {
    const input = request(overrides);
    return { input, checkout: await provider.createCheckout(input) };
  };

  it('creates a payment link in paise, for our payment, returning to us, quietly', async () => {
    const expiresAt = new Date(Date.now() + 30 * 60 * 1000);
    const { input, checkout } = await open({ expiresAt, amountPaise: 25_000 });
    expect(checkout.providerReference).toMatch(/^plink_[A-Za-z0-9]{14}$/);
    expect(checkout.approvalUrl).toBe(fake.link(checkout.providerReference)!.short_url);
    expect(fake.createRequests.at(-1)).toEqual({
      amount: 25_000,
      currency: 'INR',
      accept_partial: false,
      reference_id: input.paymentId,
      description: input.description,
      customer: { name: 'Asha Brand', email: 'asha@example.in' },
      notify: { sms: false, email: false },
      reminder_enable: false,
      notes: { paymentId: input.paymentId },
      callback_url: RETURN_URL,
      callback_method: 'get',
      expire_by: Math.floor(expiresAt.getTime() / 1000),
    });
  });

  it("surfaces Razorpay's refusal with its status and reason", async () => {
    const tooSoon = provider.createCheckout(
      request({ expiresAt: new Date(Date.now() + 5 * 60 * 1000) }),
    );
    await expect(tooSoon).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(tooSoon).rejects.toMatchObject({
      status: 400,
      message:
        'Razorpay refused POST /v1/payment_links (status 400: expire_by: timestamp must be atleast 15 minutes in future)',
    });
    await expect(provider.createCheckout(request({ amountPaise: 99 }))).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('The amount must be atleast INR 1.00'),
    });
    await expect(
      provider.createCheckout(request({ paymentId: 'x'.repeat(41) })),
    ).rejects.toMatchObject({ status: 400 });
    await expect(provider.fetchOutcome('plink_DoesNotExist01')).rejects.toMatchObject({
      status: 400,
    });
  });

  it('fails with 401 on wrong keys, and never puts a secret in the message', async () => {
    const wrong = providerFor(fake, { keySecret: 'wrong-secret-value' });
    const error = await wrong.createCheckout(request()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).status).toBe(401);
    const message = (error as Error).message;
    expect(message).toContain('status 401');
    for (const secret of ['wrong-secret-value', fake.keySecret, fake.webhookSecret]) {
      expect(message).not.toContain(secret);
    }
  });

  it('fails clearly when Razorpay cannot be reached', async () => {
    const unreachable = new RazorpayPaymentProvider({
      keyId: 'rzp_test_x',
      keySecret: 'secret-x',
      webhookSecret: 'webhook-x',
      apiBaseUrl: 'http://127.0.0.1:9',
      timeoutMs: 2_000,
    });
    await expect(unreachable.fetchOutcome('plink_x')).rejects.toMatchObject({
      name: 'PaymentProviderError',
      status: null,
      message: expect.stringMatching(/^Razorpay could not be reached \(GET \/v1\/payment_links/),
    });
  });

  it('approves from the signed paid webhook, with the amount in paise', async () => {
    const { input, checkout } = await open({ amountPaise: 5_000 });
    const { webhook } = fake.pay(checkout.providerReference);
    const payment = fake.link(checkout.providerReference)!.payments[0]!;
    expect(await provider.verifyWebhook(webhook.rawBody, webhook.headers)).toEqual({
      eventId: webhook.eventId,
      outcome: {
        kind: 'approved',
        paymentId: input.paymentId,
        providerReference: checkout.providerReference,
        providerPaymentId: payment.payment_id,
        amountPaise: 5_000,
      },
    });
  });

  it('refuses a forged webhook', async () => {
    const { checkout } = await open();
    const { webhook } = fake.pay(checkout.providerReference);
    const signature = webhook.headers['x-razorpay-signature']!;
    const body = JSON.parse(webhook.rawBody.toString());
    body.payload.payment_link.entity.amount_paid = 100;
    const altered = Buffer.from(JSON.stringify(body));
    const forgeries: Array<[Buffer, Record<string, string>]> = [
      // Signed with the key secret instead of the webhook secret.
      [
        webhook.rawBody,
        {
          ...webhook.headers,
          'x-razorpay-signature': hmacSha256Hex(fake.keySecret, webhook.rawBody),
        },
      ],
      // The body changed after signing (even only its formatting).
      [altered, webhook.headers],
      [
        Buffer.from(JSON.stringify(JSON.parse(webhook.rawBody.toString()), null, 1)),
        webhook.headers,
      ],
      // No signature, an empty one, a truncated one.
      [webhook.rawBody, { 'x-razorpay-event-id': webhook.eventId }],
      [webhook.rawBody, { ...webhook.headers, 'x-razorpay-signature': '' }],
      [webhook.rawBody, { ...webhook.headers, 'x-razorpay-signature': signature.slice(0, 32) }],
    ];
    for (const [rawBody, headers] of forgeries) {
      await expect(provider.verifyWebhook(rawBody, headers)).rejects.toBeInstanceOf(
        PaymentSignatureError,
      );
    }
  });

  it('verifies a replayed webhook again to the same outcome (deduplication is the domain’s)', async () => {
    const { checkout } = await open();
    const { webhook } = fake.pay(checkout.providerReference);
    const first = await provider.verifyWebhook(webhook.rawBody, webhook.headers);
    const replayed = await provider.verifyWebhook(webhook.rawBody, webhook.headers);
    expect(replayed).toEqual(first);
    expect(replayed.eventId).toBe(webhook.eventId);
    expect(replayed.outcome?.kind).toBe('approved');
  });

  it('gives the same approval when the webhook arrives before the browser returns', async () => {
    const { input, checkout } = await open();
    const { webhook, callbackQuery } = fake.pay(checkout.providerReference);
    const fromWebhook = await provider.verifyWebhook(webhook.rawBody, webhook.headers);
    const fromReturn = await provider.verifyReturn(callbackQuery);
    expect(fromReturn).toEqual(fromWebhook.outcome);
    expect(fromReturn).toMatchObject({ paymentId: input.paymentId, amountPaise: 12_500 });
  });

  it('gives the same approval when the webhook arrives after the browser returned', async () => {
    const { input, checkout } = await open();
    const { webhook, callbackQuery, callbackUrl } = fake.pay(checkout.providerReference);
    expect(callbackUrl.startsWith(`${RETURN_URL}?`)).toBe(true);
    const fromReturn = await provider.verifyReturn(callbackQuery);
    const fromWebhook = await provider.verifyWebhook(webhook.rawBody, webhook.headers);
    expect(fromWebhook.outcome).toEqual(fromReturn);
    expect(fromReturn).toMatchObject({ paymentId: input.paymentId, amountPaise: 12_500 });
  });

  it('reports the amount really paid when a link is paid with another amount', async () => {
    const { input, checkout } = await open({ amountPaise: 25_000 });
    const { webhook, callbackQuery } = fake.pay(checkout.providerReference, { amountPaise: 100 });
    const expected = { kind: 'approved', paymentId: input.paymentId, amountPaise: 100 };
    expect((await provider.verifyWebhook(webhook.rawBody, webhook.headers)).outcome).toMatchObject(
      expected,
    );
    expect(await provider.verifyReturn(callbackQuery)).toMatchObject(expected);
    expect(await provider.fetchOutcome(checkout.providerReference)).toMatchObject(expected);
  });

  it('takes the payment id from what Razorpay signed, never from an unsigned parameter', async () => {
    const { checkout } = await open();
    const { callbackQuery } = fake.pay(checkout.providerReference);
    const P = RAZORPAY_RETURN_PARAMS;
    await expect(
      provider.verifyReturn({ ...callbackQuery, [P.referenceId]: randomUUID() }),
    ).rejects.toBeInstanceOf(PaymentSignatureError);
  });

  it('keeps a link payable after a failed attempt, then approves it', async () => {
    const { input, checkout } = await open();
    const failed = fake.failAttempt(checkout.providerReference, 'insufficient_funds');
    expect(await provider.verifyWebhook(failed.rawBody, failed.headers)).toEqual({
      eventId: failed.eventId,
      outcome: null,
    });
    expect((await provider.fetchOutcome(checkout.providerReference)).kind).toBe('pending');
    const { callbackQuery } = fake.pay(checkout.providerReference);
    expect(await provider.verifyReturn(callbackQuery)).toMatchObject({
      kind: 'approved',
      paymentId: input.paymentId,
    });
  });

  it('reports expiry from the webhook and on reconciliation', async () => {
    const { input, checkout } = await open();
    const expired = fake.expire(checkout.providerReference);
    const outcome = {
      kind: 'expired',
      paymentId: input.paymentId,
      providerReference: checkout.providerReference,
    };
    expect(await provider.verifyWebhook(expired.rawBody, expired.headers)).toEqual({
      eventId: expired.eventId,
      outcome,
    });
    expect(await provider.fetchOutcome(checkout.providerReference)).toEqual(outcome);
    // Closing an expired link is already done.
    await provider.cancelCheckout(checkout.providerReference);
  });

  it('reports a cancellation from the webhook Razorpay sends for it', async () => {
    const { input, checkout } = await open();
    await provider.cancelCheckout(checkout.providerReference);
    const cancelled = fake.webhooks.at(-1)!;
    expect(cancelled.event).toBe('payment_link.cancelled');
    expect((await provider.verifyWebhook(cancelled.rawBody, cancelled.headers)).outcome).toEqual({
      kind: 'cancelled',
      paymentId: input.paymentId,
      providerReference: checkout.providerReference,
    });
  });

  it('has nothing to act on for events it does not use or links it did not create', async () => {
    const rawBody = Buffer.from(
      JSON.stringify({ entity: 'event', event: 'refund.processed', payload: {}, created_at: 1 }),
    );
    const signed = (body: Buffer) => ({
      'x-razorpay-signature': hmacSha256Hex(fake.webhookSecret, body),
    });
    expect(await provider.verifyWebhook(rawBody, signed(rawBody))).toEqual({
      eventId: null,
      outcome: null,
    });
    // A link made by hand in the dashboard: no reference_id.
    const handMade = Buffer.from(
      JSON.stringify({
        event: 'payment_link.paid',
        payload: {
          payment_link: {
            entity: {
              id: 'plink_HandMade000001',
              amount: 100,
              amount_paid: 100,
              status: 'paid',
              reference_id: '',
              short_url: 'https://rzp.io/i/x',
            },
          },
        },
      }),
    );
    expect(
      await provider.verifyWebhook(handMade, { ...signed(handMade), 'X-Razorpay-Event-Id': 'e1' }),
    ).toEqual({ eventId: 'e1', outcome: null });
  });

  it('reads the signature header whatever its case', async () => {
    const { checkout } = await open();
    const { webhook } = fake.pay(checkout.providerReference);
    const headers = {
      'X-Razorpay-Signature': webhook.headers['x-razorpay-signature'],
      'X-Razorpay-Event-Id': webhook.eventId,
    };
    expect((await provider.verifyWebhook(webhook.rawBody, headers)).eventId).toBe(webhook.eventId);
  });

  it('refuses a signed webhook it cannot read rather than dropping it', async () => {
    const signed = (text: string) => {
      const rawBody = Buffer.from(text);
      return provider.verifyWebhook(rawBody, {
        'x-razorpay-signature': hmacSha256Hex(fake.webhookSecret, rawBody),
      });
    };
    for (const unreadable of [
      'not json',
      '[]',
      JSON.stringify({ event: 'payment_link.paid', payload: { payment_link: { entity: {} } } }),
      JSON.stringify({ event: 'payment.failed', payload: {} }),
    ]) {
      await expect(signed(unreadable), unreadable).rejects.toBeInstanceOf(PaymentProviderError);
    }
    // An event we do not act on is acknowledged whatever its payload.
    const other = JSON.stringify({ event: 'order.paid', payload: { payment_link: 'odd' } });
    await expect(signed(other)).resolves.toEqual({ eventId: null, outcome: null });
  });

  it('maps the failure reasons that clearly match ours, and nothing else', () => {
    expect(razorpayFailureCode('insufficient_funds')).toBe('INSUFFICIENT_FUNDS');
    expect(razorpayFailureCode('card_declined')).toBe('CARD_DECLINED');
    expect(razorpayFailureCode('card_expired')).toBe('EXPIRED_CARD');
    for (const other of ['incorrect_otp', 'payment_cancelled', '', null, undefined]) {
      expect(razorpayFailureCode(other)).toBe('UNKNOWN_ERROR');
    }
  });
});

/**
 * The Razorpay Payment Links adapter through the whole HTTP stack, against a local server that
 * answers Razorpay's documented shapes and signs as it does: the signed browser return, the
 * signed webhook before or after it, a forged signature, a replay, another amount, an expiry.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@linkcoin/domain/payments/messages.ts';
import {
  startRazorpayFake,
  type RazorpayFake,
  type SignedWebhook,
} from '@linkcoin/infra/payments/razorpay-fake.ts';
import { headPosition, registerUser, type TestUser } from '../testing/accounts.ts';
import { balanceOf, pay, returnToShop } from '../testing/payments.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { expectLedgerInvariantsHold } from '../testing/audit.ts';

describe('buying LinkCoins through Razorpay Payment Links', () => {
  let fake: RazorpayFake;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startRazorpayFake();
    server = await startTestServer({
      env: {
        PAYMENTS: 'razorpay',
        RAZORPAY_KEY_ID: fake.keyId,
        RAZORPAY_KEY_SECRET: fake.keySecret,
        RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
        RAZORPAY_API_BASE_URL: fake.baseUrl,
        PROCESS_TICK_MS: '100',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.stop();
  });

  /** A purchase started, and the id of its payment link at Razorpay. */
  const started = async (
    buyer: TestUser,
    order: Record<string, unknown> = { packageId: 'growth' },
  ) => {
    const answer = await pay(server, buyer, order).expect(201);
    const [event] = await server.runtime.platform.eventStore.readStream(
      `payment-${answer.body.paymentId}`,
    );
    const linkId = (event!.data as { providerReference: string }).providerReference;
    return {
      paymentId: answer.body.paymentId as string,
      approvalURL: answer.body.approvalURL as string,
      linkId,
    };
  };
  const deliver = (webhook: SignedWebhook) =>
    request(server.url)
      .post('/api/payment/webhook/razorpay')
      .set(webhook.headers)
      .set('Content-Type', 'application/json')
      .send(webhook.rawBody.toString('utf8'));
  const status = async (buyer: TestUser, paymentId: string) =>
    (
      await request(server.url)
        .get(`/api/payment/${paymentId}`)
        .set('Authorization', `Bearer ${buyer.token}`)
        .expect(200)
    ).body.payment;

  it('opens a payment link for the server price, in paise, and answers its short_url', async () => {
    const buyer = await registerUser(server, { role: 'user' });
    const { paymentId, approvalURL, linkId } = await started(buyer);
    const link = fake.link(linkId)!;
    expect(approvalURL).toBe(link.short_url);
    expect(link).toMatchObject({ amount: 12_500, currency: 'INR', reference_id: paymentId });
    expect(link.callback_url).toBe(`${server.url}/api/payment/return/razorpay`);
  });

  it('credits the coins from the signed browser return, then ignores the webhook that follows', async () => {
    const buyer = await registerUser(server, { role: 'user' });
    const { paymentId, linkId } = await started(buyer);
    const paid = fake.pay(linkId);
    const back = await returnToShop(server, new URL(paid.callbackUrl)).expect(303);
    expect(back.headers.location).toBe(`/payment-success?id=${paymentId}`);
    await expect.poll(() => balanceOf(server, buyer)).toBe(30);
    await deliver(paid.webhook).expect(200);
    await deliver(paid.webhook).expect(200);
    await new Promise((done) => setTimeout(done, 300));
    expect(await balanceOf(server, buyer)).toBe(30);
  });

  it('credits from a webhook that arrives before the browser, once', async () => {
    const buyer = await registerUser(server, { role: 'user' });
    const { paymentId, linkId } = await started(buyer, { coins: 10 });
    const paid = fake.pay(linkId);
    await deliver(paid.webhook).expect(200, { success: true });
    await expect.poll(() => balanceOf(server, buyer)).toBe(10);
    const back = await returnToShop(server, new URL(paid.callbackUrl)).expect(303);
    expect(back.headers.location).toBe(`/payment-success?id=${paymentId}`);
    expect((await status(buyer, paymentId)).credited).toBe(true);
    await new Promise((done) => setTimeout(done, 300));
    expect(await balanceOf(server, buyer)).toBe(10);
  });

  it('refuses a forged webhook and a forged return, changing nothing', async () => {
    const buyer = await registerUser(server, { role: 'user' });
    const { linkId } = await started(buyer);
    const paid = fake.pay(linkId);
    const head = await headPosition(server);
    const forgedBody = paid.webhook.rawBody.toString('utf8').replace('12500', '1');
    await request(server.url)
      .post('/api/payment/webhook/razorpay')
      .set(paid.webhook.headers)
      .set('Content-Type', 'application/json')
      .send(forgedBody)
      .expect(400, { success: false, message: PAYMENT_MESSAGES.forgedSignature });
    await request(server.url)
      .post('/api/payment/webhook/razorpay')
      .set({ ...paid.webhook.headers, 'x-razorpay-signature': 'ab'.repeat(32) })
      .set('Content-Type', 'application/json')
      .send(paid.webhook.rawBody.toString('utf8'))
      .expect(400);
    const forgedReturn = new URL(paid.callbackUrl);
    forgedReturn.searchParams.set('razorpay_signature', 'cd'.repeat(32));
    await returnToShop(server, forgedReturn).expect(400);
    expect(await headPosition(server)).toBe(head);
    expect(await balanceOf(server, buyer)).toBe(0);
  });

  it('does not credit a link paid with another amount', async () => {
    const buyer = await registerUser(server, { role: 'user' });
    const { paymentId, linkId } = await started(buyer);
    const paid = fake.pay(linkId, { amountPaise: 100 });
    await deliver(paid.webhook).expect(200);
    await new Promise((done) => setTimeout(done, 300));
    expect(await status(buyer, paymentId)).toMatchObject({ status: 'pending', credited: false });
    expect(await balanceOf(server, buyer)).toBe(0);
  });

  it('keeps a link open after a failed attempt, and expires it when Razorpay does', async () => {
    const buyer = await registerUser(server, { role: 'user' });
    const { paymentId, linkId } = await started(buyer);
    await deliver(fake.failAttempt(linkId, 'card_declined')).expect(200);
    expect((await status(buyer, paymentId)).status).toBe('pending');
    await deliver(fake.expire(linkId)).expect(200);
    // Expiry follows our own clock (the link's expiry is ours, 30 minutes on): an early word
    // from the provider does not end the payment before its time.
    expect((await status(buyer, paymentId)).status).toBe('pending');
    expect(await balanceOf(server, buyer)).toBe(0);
  });
  it('leaves every coin adding up: the ledger invariants hold over the whole log', async () => {
    await expectLedgerInvariantsHold(server);
  });
});

/**
 * Buying LinkCoins over HTTP through the sandbox: the server prices, the provider's signed
 * return settles, the credits process credits the buyer once; bad input and forged or replayed
 * confirmations change nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { mailsTo } from '../testing/mail.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@linkcoin/domain/payments/messages.ts';
import { IDEMPOTENCY_MESSAGES } from '@linkcoin/domain/shared/idempotency.ts';
import { WALLET_MESSAGES } from '@linkcoin/domain/wallet/messages.ts';
import {
  adminEnv,
  headPosition,
  loginAdmin,
  registerUser,
  type TestUser,
} from '../testing/accounts.ts';
import {
  balanceOf,
  buyInSandbox,
  pay,
  returnToShop,
  settleInSandbox,
} from '../testing/payments.ts';
import { adjustableClock, startTestServer, type TestServer } from '../testing/test-server.ts';
import { expectLedgerInvariantsHold } from '../testing/audit.ts';

describe('buying LinkCoins in the sandbox', () => {
  let server: TestServer;
  let brand: TestUser;
  const clock = adjustableClock();

  beforeAll(async () => {
    server = await startTestServer({ clock, env: { ...adminEnv, PROCESS_TICK_MS: '100' } });
    brand = await registerUser(server, { role: 'user' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const paymentOf = (user: TestUser, paymentId: string) =>
    request(server.url)
      .get(`/api/payment/${paymentId}`)
      .set('Authorization', `Bearer ${user.token}`);

  it('sells the 25 + 5 package for ₹125 and credits 30 coins once the sandbox approves', async () => {
    const buyer = await registerUser(server, { role: 'user' });
    expect(await balanceOf(server, buyer)).toBe(0);
    const started = await pay(server, buyer, { packageId: 'growth' }).expect(201);
    expect(started.body).toMatchObject({ success: true, paymentId: expect.any(String) });
    const approvalURL = new URL(started.body.approvalURL as string);
    expect(approvalURL.origin).toBe(server.url);
    expect(approvalURL.pathname).toBe('/sandbox-pay');

    const page = await request(server.url).get(`${approvalURL.pathname}${approvalURL.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/sandbox/i);
    expect(page.text).toContain('₹125.00');

    const returnUrl = await settleInSandbox(server, started.body.approvalURL, 'approve');
    expect(returnUrl.pathname).toBe('/api/payment/return/sandbox');
    const back = await returnToShop(server, returnUrl).expect(303);
    expect(back.headers.location).toBe(`/payment-success?id=${started.body.paymentId}`);

    await expect.poll(() => balanceOf(server, buyer)).toBe(30);
    const payment = (await paymentOf(buyer, started.body.paymentId).expect(200)).body.payment;
    expect(payment).toMatchObject({
      status: 'approved',
      packageId: 'growth',
      coins: 25,
      bonusCoins: 5,
      rupees: 125,
      credited: true,
    });
    const walletOfBuyer = () =>
      request(server.url)
        .get('/api/wallet/me')
        .set('Authorization', `Bearer ${buyer.token}`)
        .expect(200);
    // The history is a read model: it follows the stream's balance (read above) shortly after.
    await expect.poll(async () => (await walletOfBuyer()).body.entries.length).toBe(1);
    const wallet = await walletOfBuyer();
    expect(wallet.body).toMatchObject({ success: true, balance: 30, page: 1, totalPages: 1 });
    expect(wallet.body.entries).toEqual([
      expect.objectContaining({
        kind: 'purchase',
        coins: 30,
        balanceAfter: 30,
        paymentId: started.body.paymentId,
      }),
    ]);
    // The receipt the success screen promises: amount, coins, payment id and date, in both parts.
    const receipts = async () =>
      (await mailsTo(server, buyer.email)).filter((mail) => mail.subject.includes('receipt'));
    await expect
      .poll(async () => (await receipts()).map((mail) => mail.subject))
      .toEqual(['Your LinkCoin receipt: 30 LinkCoins for ₹125']);
    const [receipt] = await receipts();
    expect(receipt?.body).toContain('Content-Type: text/plain');
    expect(receipt?.body).toContain('Content-Type: text/html');
    expect(receipt?.body).toContain('Amount paid  ₹125');
    expect(receipt?.body).toContain('LinkCoins  30 LinkCoins (25 + 5 free)');
    expect(receipt?.body).toContain(`Payment ID  ${started.body.paymentId as string}`);
    expect(receipt?.body).toMatch(/Date {2}\d{1,2} \w+ 20\d\d, \d{1,2}:\d\d (am|pm) IST/i);
    // The login's user carries the balance too.
    const login = await request(server.url)
      .post('/api/pageowners/login')
      .send({ email: buyer.email, password: buyer.password })
      .expect(200);
    expect(login.body.user.linkCoins).toBe(30);
  });

  it("prices the mobile app's amount and a custom quantity on the server", async () => {
    const buyer = await registerUser(server, { role: 'user' });
    await buyInSandbox(server, buyer, { totalAmount: 50 });
    await expect.poll(() => balanceOf(server, buyer)).toBe(11);
    await buyInSandbox(server, buyer, { coins: '7' });
    await expect.poll(() => balanceOf(server, buyer)).toBe(18);
    await buyInSandbox(server, buyer, { totalAmount: 35 });
    await expect.poll(() => balanceOf(server, buyer)).toBe(25);
  });

  it('refuses tampered, fractional, huge, foreign and malformed orders, changing nothing', async () => {
    const other = await registerUser(server, { role: 'user' });
    const cases: Array<[Record<string, unknown>, number, string | RegExp]> = [
      [{ totalAmount: 124 }, 400, WALLET_MESSAGES.invalidAmount],
      [{ totalAmount: 1 }, 400, /^Total amount must be a whole number from 5/],
      [{ totalAmount: 0 }, 400, /^(Total amount|The amount) must/],
      [{ totalAmount: -125 }, 400, /^(Total amount|The amount) must/],
      [{ totalAmount: 125.5 }, 400, /^(Total amount|The amount) must/],
      [{ totalAmount: '0x7d' }, 400, /^(Total amount|The amount) must/],
      [{ totalAmount: '1e3' }, 400, /^(Total amount|The amount) must/],
      [{ coins: 0 }, 400, /^(Coins must|Choose between 1 and)/],
      [{ coins: -1 }, 400, /^(Coins must|Choose between 1 and)/],
      [{ coins: 1.5 }, 400, /^(Coins must|Choose between 1 and)/],
      [{ coins: 2001 }, 400, /^(Coins must|Choose between 1 and)/],
      [{ coins: 1e9 }, 400, /^(Coins must|Choose between 1 and)/],
      [{ coins: 'ten' }, 400, /^(Coins must|Choose between 1 and)/],
      [{ coins: [10] }, 400, /^(Coins must|Choose between 1 and)/],
      [{ coins: { $gt: 0 } }, 400, /^(Coins must|Choose between 1 and)/],
      [{ packageId: 'free' }, 400, WALLET_MESSAGES.unknownPackage],
      [{ packageId: 'growth', coins: 10 }, 400, WALLET_MESSAGES.oneOrderOnly],
      [{}, 400, WALLET_MESSAGES.oneOrderOnly],
      [{ packageId: 'growth', userId: other.userId }, 403, 'You can only act on your own account.'],
    ];
    for (const [order, status, message] of cases) {
      const head = await headPosition(server);
      const answer = await pay(server, brand, order).expect(status);
      expect(answer.body.success).toBe(false);
      if (typeof message === 'string') expect(answer.body.message).toBe(message);
      else expect(answer.body.message).toMatch(message);
      expect(await headPosition(server)).toBe(head);
    }
    // Even an admin buys for nobody else: a payment credits who started it.
    const admin = await loginAdmin(server);
    await request(server.url)
      .post('/api/payment/pay')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ userId: other.userId, packageId: 'growth' })
      .expect(403);
    await request(server.url)
      .post('/api/payment/pay')
      .send({ userId: brand.userId, coins: 5 })
      .expect(401);
  });

  it('shows a declined payment with its code, charges nothing and credits nothing', async () => {
    const buyer = await registerUser(server, { role: 'user' });
    const { paymentId, resultPage } = await buyInSandbox(
      server,
      buyer,
      { packageId: 'starter' },
      {
        decline: 'CARD_DECLINED',
      },
    );
    expect(resultPage).toBe(`/payment-failure?id=${paymentId}&code=CARD_DECLINED`);
    const payment = (await paymentOf(buyer, paymentId).expect(200)).body.payment;
    expect(payment).toMatchObject({
      status: 'failed',
      failureCode: 'CARD_DECLINED',
      credited: false,
    });
    expect(await balanceOf(server, buyer)).toBe(0);
  });

  it('refuses forged returns and changes nothing', async () => {
    const started = await pay(server, brand, { packageId: 'scale' }).expect(201);
    const returnUrl = await settleInSandbox(server, started.body.approvalURL, 'approve');
    // The sandbox recorded its approval as it settled; the credits process follows it.
    await expect
      .poll(async () => (await paymentOf(brand, started.body.paymentId)).body.payment.credited)
      .toBe(true);
    const head = await headPosition(server);
    const tamper = (name: string, value: string | null) => {
      const forged = new URL(returnUrl);
      if (value === null) forged.searchParams.delete(name);
      else forged.searchParams.set(name, value);
      return forged;
    };
    for (const forged of [
      tamper('sandbox_amount_paise', '100'),
      tamper('sandbox_status', 'failed'),
      tamper('sandbox_payment_id', 'someone-elses-payment'),
      tamper('sandbox_signature', null),
      tamper('sandbox_signature', 'ab'.repeat(32)),
      tamper('another_param', 'x'),
    ]) {
      const answer = await returnToShop(server, forged);
      expect([forged.search, answer.status]).toEqual([forged.search, 400]);
      expect(answer.body).toEqual({ success: false, message: PAYMENT_MESSAGES.forgedSignature });
    }
    await returnToShop(
      server,
      new URL(`${server.url}/api/payment/return/razorpay?razorpay_x=1`),
    ).expect(404);
    expect(await headPosition(server)).toBe(head);
    // The genuine one still works.
    await returnToShop(server, returnUrl).expect(303);
  });

  it('credits exactly once, however often and however concurrently the return arrives', async () => {
    const buyer = await registerUser(server, { role: 'user' });
    const started = await pay(server, buyer, { packageId: 'growth' }).expect(201);
    const returnUrl = await settleInSandbox(server, started.body.approvalURL, 'approve');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => returnToShop(server, returnUrl)),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([303]));
    await expect.poll(() => balanceOf(server, buyer)).toBe(30);
    await returnToShop(server, returnUrl).expect(303);
    // Give the credits process every chance to credit twice; it must not.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await balanceOf(server, buyer)).toBe(30);
    const wallet = await request(server.url)
      .get('/api/wallet/me')
      .set('Authorization', `Bearer ${buyer.token}`)
      .expect(200);
    expect(wallet.body.entries.filter((e: { kind: string }) => e.kind === 'purchase')).toHaveLength(
      1,
    );
  });

  it('starts one payment for a keyed retry, and refuses the key for another order', async () => {
    const first = await pay(server, brand, { packageId: 'starter' }, 'purchase-key-0001').expect(
      201,
    );
    const again = await pay(server, brand, { packageId: 'starter' }, 'purchase-key-0001').expect(
      201,
    );
    expect(again.body).toEqual(first.body);
    const head = await headPosition(server);
    const other = await pay(server, brand, { packageId: 'scale' }, 'purchase-key-0001').expect(422);
    expect(other.body.message).toBe(IDEMPOTENCY_MESSAGES.keyReused);
    expect(await headPosition(server)).toBe(head);
  });

  it('keeps a payment to its buyer and admins', async () => {
    const started = await pay(server, brand, { packageId: 'starter' }).expect(201);
    const stranger = await registerUser(server, { role: 'user' });
    await paymentOf(stranger, started.body.paymentId).expect(404, {
      success: false,
      message: PAYMENT_MESSAGES.notFound,
    });
    await paymentOf(await loginAdmin(server), started.body.paymentId).expect(200);
    await paymentOf(brand, 'no-such-payment').expect(404);
  });

  it('expires a payment left pending, after which the sandbox cannot approve it', async () => {
    const buyer = await registerUser(server, { role: 'user' });
    const started = await pay(server, buyer, { packageId: 'growth' }).expect(201);
    clock.advance(31 * 60 * 1000);
    await expect
      .poll(async () => (await paymentOf(buyer, started.body.paymentId)).body.payment.status, {
        timeout: 10_000,
      })
      .toBe('expired');
    const page = new URL(started.body.approvalURL);
    const form = new URLSearchParams({
      token: page.searchParams.get('token') ?? '',
      decision: 'approve',
    });
    const late = await request(server.url).post(page.pathname).type('form').send(form.toString());
    expect(late.status).toBeGreaterThanOrEqual(400);
    expect(await balanceOf(server, buyer)).toBe(0);
  });
  it('leaves every coin adding up: the ledger invariants hold over the whole log', async () => {
    await expectLedgerInvariantsHold(server);
  });
});

describe('a declined sandbox checkout across a restart', () => {
  it('stays declined: the page refuses it and nothing is credited', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-sandbox-restart-'));
    let server = await startTestServer({ dataDir, env: adminEnv });
    try {
      const buyer = await registerUser(server, { role: 'user' });
      const started = await pay(server, buyer, { packageId: 'starter' }).expect(201);
      const paymentId = started.body.paymentId as string;
      const declined = await settleInSandbox(server, started.body.approvalURL as string, {
        decline: 'CARD_DECLINED',
      });
      await returnToShop(server, declined).expect(303);
      await server.stop();
      // The sandbox's memory is gone; its settlements are in the log.
      server = await startTestServer({ dataDir, env: adminEnv });
      const page = new URL(started.body.approvalURL as string);
      const shown = await request(server.url).get(`${page.pathname}${page.search}`);
      expect(shown.status).toBe(409);
      expect(shown.text).toContain('This sandbox checkout has already been settled.');
      const before = await headPosition(server);
      const form = new URLSearchParams({
        token: page.searchParams.get('token') ?? '',
        decision: 'approve',
      });
      const late = await request(server.url).post(page.pathname).type('form').send(form.toString());
      expect(late.status).toBe(409);
      expect(await headPosition(server)).toBe(before);
      const payment = await request(server.url)
        .get(`/api/payment/${paymentId}`)
        .set('Authorization', `Bearer ${buyer.token}`)
        .expect(200);
      expect(payment.body.payment).toMatchObject({ status: 'failed', credited: false });
      expect(await balanceOf(server, buyer)).toBe(0);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('payments switched off', () => {
  it('shows "Comming Soon" in the config and refuses to start a payment', async () => {
    const server = await startTestServer({ env: { PAYMENTS: 'disabled' } });
    try {
      const config = await request(server.url).get('/api/public-config').expect(200);
      expect(config.body.payments).toBe('disabled');
      const buyer = await registerUser(server, { role: 'user' });
      const head = await headPosition(server);
      await pay(server, buyer, { packageId: 'growth' }).expect(503, {
        success: false,
        message: WALLET_MESSAGES.paymentsDisabled,
      });
      expect(await headPosition(server)).toBe(head);
      await request(server.url)
        .get('/sandbox-pay?token=x')
        .set('Accept', 'text/html')
        .expect((res) => {
          expect(res.text).not.toMatch(/sandbox payment/i);
        });
    } finally {
      await server.stop();
    }
  });
});

/**
 * The one contract every PaymentProvider passes. Each adapter's test gives a fixture with a
 * driver that plays the customer (and the provider's side) the way that provider works: the
 * sandbox settles its own approval page; Razorpay's fake pays or expires the link.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentFailureCode } from '@linkcoin/domain/payments/messages.ts';
import {
  CheckoutNotCancellable,
  PaymentSignatureError,
  type Checkout,
  type CheckoutRequest,
  type PaymentProvider,
} from './port.ts';

export type ReturnQuery = Readonly<Record<string, string>>;

export type PaymentDriver = Readonly<{
  /** The return parameter that carries the provider's signature. */
  signatureParam: string;
  /** The customer approves and pays; gives the query the browser brings back to returnUrl.
   * Rejects when the checkout can no longer be paid. */
  approve: (checkout: Checkout, request: CheckoutRequest) => Promise<ReturnQuery>;
  /** The checkout ends unpaid the way this provider ends one (declined, or expired), with the
   * return query if the provider sends the browser back, and the outcome to expect. */
  endUnpaid: (
    checkout: Checkout,
    request: CheckoutRequest,
  ) => Promise<
    Readonly<{
      returnQuery: ReturnQuery | null;
      expected:
        Readonly<{ kind: 'failed'; code: PaymentFailureCode }> | Readonly<{ kind: 'expired' }>;
    }>
  >;
}>;

export type PaymentFixture = Readonly<{
  provider: PaymentProvider;
  driver: PaymentDriver;
  /** Our return endpoint as the services would pass it. */
  returnUrl: string;
  dispose: () => Promise<void>;
}>;

export const describePaymentContract = (
  adapter: string,
  setup: () => Promise<PaymentFixture>,
): void => {
  describe(`PaymentProvider contract: ${adapter}`, () => {
    let fixture: PaymentFixture;
    beforeAll(async () => {
      fixture = await setup();
    });
    afterAll(async () => {
      await fixture?.dispose();
    });

    const checkoutRequest = (amountPaise = 12_500): CheckoutRequest => ({
      paymentId: randomUUID(),
      amountPaise,
      description: 'LinkCoin: 25 + 5 free coins',
      customer: { name: 'Asha Brand', email: 'asha@example.in' },
      returnUrl: fixture.returnUrl,
      expiresAt: new Date(Date.now() + 30 * 60 * 1000),
      summary: { coins: 25, bonusCoins: 5, rupees: amountPaise / 100, packageId: 'growth' },
    });

    const open = async (amountPaise?: number) => {
      const request = checkoutRequest(amountPaise);
      const checkout = await fixture.provider.createCheckout(request);
      return { request, checkout };
    };

    const approved = async (amountPaise?: number) => {
      const { request, checkout } = await open(amountPaise);
      const query = await fixture.driver.approve(checkout, request);
      return { request, checkout, query };
    };

    it('opens one checkout per payment, each with its own reference and an http(s) URL', async () => {
      const first = await open();
      const second = await open();
      expect(first.checkout.providerReference).not.toBe(second.checkout.providerReference);
      for (const { checkout } of [first, second]) {
        expect(checkout.providerReference).toMatch(/\S/);
        expect(new URL(checkout.approvalUrl).protocol).toMatch(/^https?:$/);
      }
    });

    it('is pending until approved, then approved for the signed payment and the amount paid', async () => {
      const { request, checkout } = await open(5_000);
      expect(await fixture.provider.fetchOutcome(checkout.providerReference)).toMatchObject({
        kind: 'pending',
        providerReference: checkout.providerReference,
      });

      const query = await fixture.driver.approve(checkout, request);
      const outcome = await fixture.provider.verifyReturn(query);
      expect(outcome).toEqual({
        kind: 'approved',
        paymentId: request.paymentId,
        providerReference: checkout.providerReference,
        providerPaymentId: expect.any(String),
        amountPaise: 5_000,
      });
      // Deterministic: the same return verifies to the same outcome again.
      expect(await fixture.provider.verifyReturn(query)).toEqual(outcome);
      expect(await fixture.provider.fetchOutcome(checkout.providerReference)).toEqual(outcome);
    });

    it('reports a checkout that ends unpaid, on the return and on reconciliation', async () => {
      const { request, checkout } = await open();
      const { returnQuery, expected } = await fixture.driver.endUnpaid(checkout, request);
      const outcome = {
        ...expected,
        paymentId: request.paymentId,
        providerReference: checkout.providerReference,
      };
      if (returnQuery) expect(await fixture.provider.verifyReturn(returnQuery)).toEqual(outcome);
      expect(await fixture.provider.fetchOutcome(checkout.providerReference)).toEqual(outcome);
      await expect(fixture.driver.approve(checkout, request)).rejects.toThrow();
    });

    it('refuses a return with any parameter changed', async () => {
      const { query } = await approved();
      const signed = Object.keys(query).filter((name) => name !== fixture.driver.signatureParam);
      expect(signed.length).toBeGreaterThan(0);
      for (const name of signed) {
        await expect(
          fixture.provider.verifyReturn({ ...query, [name]: `${query[name]}0` }),
          `${name} changed`,
        ).rejects.toBeInstanceOf(PaymentSignatureError);
        // Repeated (`?a=1&a=2`, which Express parses to an array): ambiguous, so refused.
        await expect(
          fixture.provider.verifyReturn({ ...query, [name]: [query[name], query[name]] }),
          `${name} repeated`,
        ).rejects.toBeInstanceOf(PaymentSignatureError);
      }
      await expect(fixture.provider.verifyReturn({ ...query })).resolves.toMatchObject({
        kind: 'approved',
      });
    });

    it('refuses a return without a signature, with an empty one, or with a mangled one', async () => {
      const { query } = await approved();
      const { [fixture.driver.signatureParam]: signature, ...unsigned } = query;
      expect(signature).toBeTruthy();
      for (const forged of [
        unsigned,
        { ...unsigned, [fixture.driver.signatureParam]: '' },
        { ...unsigned, [fixture.driver.signatureParam]: `${signature}0` },
        { ...unsigned, [fixture.driver.signatureParam]: signature!.slice(0, -2) },
        { ...unsigned, [fixture.driver.signatureParam]: signature!.split('').reverse().join('') },
        { ...unsigned, [fixture.driver.signatureParam]: [signature, signature] },
        {},
      ]) {
        await expect(fixture.provider.verifyReturn(forged)).rejects.toBeInstanceOf(
          PaymentSignatureError,
        );
      }
    });

    it("refuses a return carrying another payment's signature", async () => {
      const mine = await approved(5_000);
      const theirs = await approved(25_000);
      const signatureParam = fixture.driver.signatureParam;
      await expect(
        fixture.provider.verifyReturn({
          ...mine.query,
          [signatureParam]: theirs.query[signatureParam]!,
        }),
      ).rejects.toBeInstanceOf(PaymentSignatureError);
    });

    it('cancels a checkout: it reads cancelled and can no longer be paid', async () => {
      const { request, checkout } = await open();
      await fixture.provider.cancelCheckout(checkout.providerReference);
      expect(await fixture.provider.fetchOutcome(checkout.providerReference)).toEqual({
        kind: 'cancelled',
        paymentId: request.paymentId,
        providerReference: checkout.providerReference,
      });
      await expect(fixture.driver.approve(checkout, request)).rejects.toThrow();
      // Cancelling again is harmless.
      await fixture.provider.cancelCheckout(checkout.providerReference);
    });

    it('will not cancel a paid checkout, which stays approved', async () => {
      const { checkout } = await approved();
      await expect(
        fixture.provider.cancelCheckout(checkout.providerReference),
      ).rejects.toBeInstanceOf(CheckoutNotCancellable);
      expect(await fixture.provider.fetchOutcome(checkout.providerReference)).toMatchObject({
        kind: 'approved',
      });
    });

    it('reports its status', async () => {
      expect(await fixture.provider.status()).toMatchObject({
        port: 'payments',
        adapter: fixture.provider.adapter,
        ok: true,
      });
    });
  });
};

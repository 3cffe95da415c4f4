import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '@linkcoin/domain/accounts/messages.ts';
import { PAYMENT_MESSAGES } from '@linkcoin/domain/payments/messages.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { idField } from '@linkcoin/domain/shared/numbers.ts';
import {
  payRequest,
  type PayAnswer,
  type PaymentAnswer,
} from '@linkcoin/domain/wallet/contracts.ts';
import type { OrderRequest } from '@linkcoin/domain/wallet/pricing.ts';
import { PaymentProviderError, PaymentSignatureError } from '@linkcoin/infra/payments/port.ts';
import type { Logger } from 'pino';
import { anyone, callerOf, isAdmin, signedIn, type Endpoint } from '../platform/http/endpoint.ts';
import type { ClientKeys } from '../platform/http/idempotency.ts';
import { rawBodyOf } from '../platform/http/json-guard.ts';
import { commandMetadata } from '../platform/http/metadata.ts';
import { parseBody, parseParams, parseQuery } from '../platform/http/validate.ts';
import type { Clock } from '../platform/clock.ts';
import type { PaymentHandlers } from './handlers.ts';

const paymentParams = z.object({ paymentId: idField('paymentId') });
const providerParams = z.object({ provider: z.enum(['sandbox', 'razorpay']) });
/** A provider's return: its own parameters only (they are checked against its signature). */
const returnQuery = z.record(z.string().max(64), z.string().max(2048));
const webhookBody = z.record(z.string().max(64), z.unknown());

const forged = () => new DomainError('validation', PAYMENT_MESSAGES.forgedSignature);

export type PaymentEndpointDeps = Readonly<{
  payments: PaymentHandlers;
  keys: ClientKeys;
  clock: Clock;
  logger: Logger;
  buyerName: (userId: string) => Promise<string>;
}>;

/** docs/product-spec.md section 7, "Payment", with the provider's signed confirmations (issue 8). */
export const paymentEndpoints = ({
  payments,
  keys,
  clock,
  logger,
  buyerName,
}: PaymentEndpointDeps): Endpoint[] => [
  {
    method: 'post',
    path: '/payment/pay',
    summary:
      'Start buying LinkCoins: { userId } with totalAmount, packageId or coins, priced by the server; answers { approvalURL } (Idempotency-Key accepted)',
    access: signedIn(),
    subject: { in: 'body', field: 'userId', ownOnly: true },
    acceptsIdempotencyKey: true,
    input: { body: payRequest },
    handler: async (req, res) => {
      const input = parseBody(payRequest, req);
      const caller = callerOf(req);
      // The guard checks it already (`ownOnly`); a payment credits who started it, so again.
      if (input.userId !== caller.userId)
        throw new DomainError('forbidden', ACCOUNT_MESSAGES.notYourAccount);
      const order: OrderRequest =
        input.packageId !== undefined
          ? { packageId: input.packageId }
          : input.coins !== undefined
            ? { coins: input.coins }
            : { totalAmount: input.totalAmount! };
      const started = await payments.start(
        { userId: caller.userId, email: caller.email, name: await buyerName(caller.userId) },
        order,
        await keys.keyedMetadata(req),
      );
      res.status(201).json({
        success: true,
        approvalURL: started.approvalURL,
        paymentId: started.paymentId,
      } satisfies PayAnswer);
    },
  },
  {
    method: 'get',
    path: '/payment/:paymentId',
    summary: 'A payment as its buyer (or an admin) sees it: status, coins, whether credited',
    access: signedIn(),
    input: { params: paymentParams },
    handler: async (req, res) => {
      const { paymentId } = parseParams(paymentParams, req);
      const payment = await payments.view(paymentId);
      const caller = callerOf(req);
      // Another buyer's payment is not found: its existence is nobody else's business.
      if (!payment || (payment.userId !== caller.userId && !isAdmin(caller))) {
        throw new DomainError('not_found', PAYMENT_MESSAGES.notFound);
      }
      res.json({ success: true, payment } satisfies PaymentAnswer);
    },
  },
  {
    method: 'get',
    path: '/payment/return/:provider',
    summary:
      "The browser's return from the provider: its signed outcome is recorded, then the result screen",
    access: anyone,
    input: { params: providerParams, query: returnQuery },
    handler: async (req, res) => {
      const { provider: named } = parseParams(providerParams, req);
      const provider = payments.provider;
      if (!provider || provider.adapter !== named) {
        throw new DomainError('not_found', PAYMENT_MESSAGES.notFound);
      }
      const query = parseQuery(returnQuery, req);
      if (Object.keys(query).some((key) => !key.startsWith(`${named}_`))) throw forged();
      let outcome;
      try {
        outcome = await provider.verifyReturn(query);
      } catch (error) {
        if (error instanceof PaymentSignatureError) {
          logger.warn({ reason: error.reason }, 'payment return with a bad signature');
          throw forged();
        }
        if (error instanceof PaymentProviderError) {
          throw new DomainError('upstream', PAYMENT_MESSAGES.forgedSignature);
        }
        throw error;
      }
      if (outcome.kind === 'pending') return void res.redirect(303, '/payment');
      const payment = await payments.record(outcome, 'callback', commandMetadata(req, clock));
      res.redirect(303, payments.resultPage(payment));
    },
  },
  {
    method: 'post',
    path: '/payment/webhook/razorpay',
    summary: "Razorpay's webhook, verified by its signature over the raw body",
    access: anyone,
    input: { body: webhookBody },
    handler: async (req, res) => {
      const provider = payments.provider;
      if (provider?.adapter !== 'razorpay')
        throw new DomainError('not_found', PAYMENT_MESSAGES.notFound);
      const raw = rawBodyOf(req);
      if (!raw) throw forged();
      let result;
      try {
        result = await provider.verifyWebhook(raw, req.headers);
      } catch (error) {
        if (error instanceof PaymentSignatureError) {
          logger.warn({ reason: error.reason }, 'payment webhook with a bad signature');
          throw forged();
        }
        throw error;
      }
      if (result.outcome) {
        try {
          await payments.record(result.outcome, 'webhook', commandMetadata(req, clock));
        } catch (error) {
          // Authentic but refused (not our payment, another amount): acknowledged, so the
          // provider stops retrying, and logged loudly for a person to look at.
          if (!(error instanceof DomainError)) throw error;
          logger.error(
            { eventId: result.eventId, reason: error.message, paymentId: result.outcome.paymentId },
            'a signed payment webhook was refused',
          );
        }
      }
      res.json({ success: true });
    },
  },
];

import { createHash, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { PAYMENT_MESSAGES, type PaymentFailureCode } from '@linkcoin/domain/payments/messages.ts';
import {
  PAYMENT_VALIDITY_MS,
  paymentDecider,
  paymentStreamId,
  type PaymentChannel,
  type PaymentCommand,
  type PaymentState,
} from '@linkcoin/domain/payments/payment.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import type { PaymentView } from '@linkcoin/domain/wallet/contracts.ts';
import { WALLET_MESSAGES } from '@linkcoin/domain/wallet/messages.ts';
import {
  PAISE_PER_RUPEE,
  priceOrder,
  type OrderRequest,
  type PricedOrder,
} from '@linkcoin/domain/wallet/pricing.ts';
import {
  isPaymentCredited,
  walletDecider,
  walletStreamId,
} from '@linkcoin/domain/wallet/wallet.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import {
  PaymentProviderError,
  type PaymentOutcome,
  type PaymentProvider,
} from '@linkcoin/infra/payments/port.ts';
import type { SandboxRefusal } from '@linkcoin/infra/payments/sandbox.ts';

type Started = Exclude<PaymentState, { status: 'none' }>;

/** A stable payment id from a client's idempotency key: a retried purchase is the same payment. */
const paymentIdFromKey = (key: string): string => {
  const hex = createHash('sha256').update(`payment:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

const describe = (order: PricedOrder): string =>
  order.bonusCoins > 0
    ? `${order.coins} + ${order.bonusCoins} free LinkCoins`
    : `${order.coins} LinkCoin${order.coins === 1 ? '' : 's'}`;

export type PaymentHandlers = ReturnType<typeof paymentHandlers>;

/**
 * The payment use cases: start a checkout at the server's price, record what the provider says
 * (its signed return, its signed webhook, or our own question to it), and expire what stays
 * unpaid. Coins are credited by the credits process, from the recorded approval only.
 */
export const paymentHandlers = (deps: {
  commands: CommandHandler;
  /** Null when payments are disabled. */
  provider: PaymentProvider | null;
  publicUrl: () => string;
  logger: Logger;
}) => {
  const { commands, provider, logger } = deps;

  const load = async (paymentId: string): Promise<Started | null> => {
    const { state } = await commands.load(paymentDecider, paymentStreamId(paymentId));
    return state.status === 'none' ? null : state;
  };

  const requireProvider = (): PaymentProvider => {
    if (!provider) throw new DomainError('unavailable', WALLET_MESSAGES.paymentsDisabled);
    return provider;
  };

  /** Starts a purchase for the caller; a keyed retry answers the checkout already started. */
  const start = async (
    buyer: { userId: string; email: string; name: string },
    request: OrderRequest,
    meta: CommandMetadata,
  ): Promise<{ paymentId: string; approvalURL: string }> => {
    const payments = requireProvider();
    const order = priceOrder(request);
    const paymentId = meta.idempotencyKey ? paymentIdFromKey(meta.idempotencyKey) : randomUUID();
    const earlier = await load(paymentId);
    if (earlier) return { paymentId, approvalURL: earlier.approvalUrl };
    const amountPaise = order.rupees * PAISE_PER_RUPEE;
    const expiresAt = new Date(meta.now.getTime() + PAYMENT_VALIDITY_MS);
    let checkout;
    try {
      checkout = await payments.createCheckout({
        paymentId,
        amountPaise,
        description: describe(order),
        customer: { name: buyer.name, email: buyer.email },
        returnUrl: `${deps.publicUrl()}/api/payment/return/${payments.adapter}`,
        expiresAt,
        summary: { ...order },
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      logger.warn({ err: error, paymentId }, 'the payment provider refused the checkout');
      throw new DomainError('upstream', WALLET_MESSAGES.paymentStartFailed);
    }
    try {
      // No key on the command itself: the payment id derived from the key is the deduplication.
      const { idempotencyKey: _key, ...plain } = meta;
      await commands.handle(paymentDecider, paymentStreamId(paymentId), {
        type: 'StartPayment',
        data: {
          paymentId,
          userId: buyer.userId,
          ...order,
          amountPaise,
          provider: payments.adapter,
          providerReference: checkout.providerReference,
          approvalUrl: checkout.approvalUrl,
          expiresAt: expiresAt.toISOString(),
        },
        metadata: plain,
      });
    } catch (error) {
      // A racing retry of the same keyed purchase started it first: answer that one.
      const raced = await load(paymentId);
      if (raced && raced.userId === buyer.userId) {
        void payments.cancelCheckout(checkout.providerReference).catch(() => undefined);
        return { paymentId, approvalURL: raced.approvalUrl };
      }
      throw error;
    }
    return { paymentId, approvalURL: checkout.approvalUrl };
  };

  /** Records what the provider says happened to a checkout (verified by the caller). */
  const record = async (
    outcome: PaymentOutcome,
    via: PaymentChannel,
    meta: CommandMetadata,
  ): Promise<Started> => {
    const stream = paymentStreamId(outcome.paymentId);
    if (!(await load(outcome.paymentId)))
      throw new DomainError('not_found', PAYMENT_MESSAGES.notFound);
    const command: PaymentCommand =
      outcome.kind === 'approved'
        ? {
            type: 'ApprovePayment',
            data: {
              providerReference: outcome.providerReference,
              providerPaymentId: outcome.providerPaymentId,
              amountPaise: outcome.amountPaise,
              via,
            },
            metadata: meta,
          }
        : outcome.kind === 'failed'
          ? {
              type: 'FailPayment',
              data: { providerReference: outcome.providerReference, code: outcome.code, via },
              metadata: meta,
            }
          : { type: 'ExpirePayment', data: {}, metadata: meta };
    const result = await commands.handle(paymentDecider, stream, command);
    if (result.state.status === 'none')
      throw new DomainError('not_found', PAYMENT_MESSAGES.notFound);
    return result.state;
  };

  /**
   * The sandbox's durable memory (infra/payments/sandbox.ts): why one of its checkouts can no
   * longer be settled, read from the payment's stream, so a restart forgets nothing.
   */
  const recall = async (checkout: {
    ref: string;
    paymentId: string;
  }): Promise<SandboxRefusal | null> => {
    const payment = await load(checkout.paymentId);
    if (!payment) return 'invalid';
    // Another checkout of the same payment (a raced retry's) was cancelled when it lost.
    if (payment.providerReference !== checkout.ref) return 'cancelled';
    switch (payment.status) {
      case 'pending':
        return null;
      case 'expired':
        return 'expired';
      case 'approved':
      case 'failed':
        return 'settled';
    }
  };

  /** The sandbox settled a checkout: recorded as a provider's webhook is, before the redirect. */
  const recordSettlement = async (outcome: PaymentOutcome, now: Date): Promise<void> => {
    await record(outcome, 'webhook', {
      now,
      actorUserId: null,
      correlationId: randomUUID(),
      causationId: null,
    });
  };

  /** A payment as its buyer (or an admin) sees it. */
  const view = async (paymentId: string): Promise<PaymentView | null> => {
    const payment = await load(paymentId);
    if (!payment) return null;
    const { state: wallet } = await commands.load(walletDecider, walletStreamId(payment.userId));
    return {
      id: payment.paymentId,
      userId: payment.userId,
      status: payment.status,
      packageId: payment.packageId,
      coins: payment.coins,
      bonusCoins: payment.bonusCoins,
      rupees: payment.rupees,
      provider: payment.provider,
      failureCode: payment.failureCode,
      startedAt: payment.startedAt,
      settledAt: payment.settledAt,
      credited: isPaymentCredited(wallet, payment.paymentId),
    };
  };

  /**
   * A payment past its time: ask the provider first (money taken late still counts), else make
   * its checkout unpayable and expire it here.
   */
  const expire = async (paymentId: string, meta: CommandMetadata): Promise<void> => {
    const payment = await load(paymentId);
    if (!payment || payment.status !== 'pending' || !provider) return;
    const outcome = await provider.fetchOutcome(payment.providerReference);
    if (outcome.kind === 'approved' || outcome.kind === 'failed') {
      await record(outcome, 'reconciliation', meta);
      return;
    }
    try {
      await provider.cancelCheckout(payment.providerReference);
    } catch (error) {
      const settled = await provider.fetchOutcome(payment.providerReference);
      if (settled.kind === 'approved') {
        await record(settled, 'reconciliation', meta);
        return;
      }
      throw error;
    }
    await commands.handle(paymentDecider, paymentStreamId(paymentId), {
      type: 'ExpirePayment',
      data: {},
      metadata: meta,
    });
  };

  /** Where the browser goes once the provider sent it back. */
  const resultPage = (payment: Started): string => {
    const id = encodeURIComponent(payment.paymentId);
    switch (payment.status) {
      case 'approved':
        return `/payment-success?id=${id}`;
      case 'failed':
        return `/payment-failure?id=${id}&code=${encodeURIComponent(payment.failureCode ?? 'UNKNOWN_ERROR')}`;
      case 'expired':
        return `/payment-failure?id=${id}&code=PAYMENT_EXPIRED`;
      case 'pending':
        return `/payment?id=${id}`;
    }
  };

  return { start, record, recall, recordSettlement, view, expire, resultPage, provider };
};

export type FailureCode = PaymentFailureCode;

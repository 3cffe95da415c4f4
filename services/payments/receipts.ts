import type { Logger } from 'pino';
import { accountDecider, accountStreamId } from '@linkcoin/domain/accounts/account.ts';
import {
  paymentDecider,
  paymentStreamId,
  type PaymentApproved,
} from '@linkcoin/domain/payments/payment.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import { maskAddress, type Mailer } from '@linkcoin/infra/mail/port.ts';
import type { ProcessManager } from '../platform/processes/process-manager.ts';
import type { Clock } from '../platform/clock.ts';
import { receiptMail } from './receipt-mail.ts';

/** An approval older than this when the process reaches it gets no receipt any more. */
const RECEIPT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Mails the buyer a receipt for every approved payment, once: the process claims the receipt
 * in the payment's stream (SendReceipt, key `payment-receipt-<paymentId>`), and only the call
 * that claimed it mails. A mail that fails is logged and not sent again (as the other notices).
 */
export const paymentReceipts = (deps: {
  commands: CommandHandler;
  mailer: Mailer;
  logger: Logger;
  buyerName: (userId: string) => Promise<string>;
  walletUrl: () => string;
  clock: Clock;
}): ProcessManager => ({
  projection: {
    name: 'pm-payment-receipts',
    version: 1,
    collections: [],
    eventTypes: ['PaymentApproved'],
    apply: async (recorded) => {
      const event = recorded as RecordedEvent<PaymentApproved>;
      // Payments approved before receipts existed (or replayed long after) are not mailed now.
      if (deps.clock.now().getTime() - Date.parse(event.data.at) > RECEIPT_WINDOW_MS) return;
      const key = `payment-receipt-${event.data.paymentId}`;
      const claimed = await deps.commands.handle(
        paymentDecider,
        paymentStreamId(event.data.paymentId),
        {
          type: 'SendReceipt',
          data: {},
          metadata: {
            now: new Date(event.metadata.timestamp),
            actorUserId: null,
            correlationId: event.metadata.correlationId,
            causationId: event.id,
            idempotencyKey: key,
          },
        },
      );
      const payment = claimed.state;
      if (
        claimed.alreadyHandled ||
        payment.status === 'none' ||
        !claimed.events.some((e) => e.type === 'PaymentReceiptSent')
      ) {
        return;
      }
      const { state: account } = await deps.commands.load(
        accountDecider,
        accountStreamId(payment.userId),
      );
      if (account.status !== 'active') return;
      try {
        await deps.mailer.send(
          receiptMail(account.email, {
            buyerName: await deps.buyerName(payment.userId),
            paymentId: payment.paymentId,
            providerPaymentId: event.data.providerPaymentId,
            rupees: payment.rupees,
            coins: payment.coins,
            bonusCoins: payment.bonusCoins,
            paidAt: event.data.at,
            walletUrl: deps.walletUrl(),
          }),
        );
      } catch (error) {
        deps.logger.error(
          { err: error, to: maskAddress(account.email), paymentId: payment.paymentId },
          'the payment receipt could not be sent',
        );
      }
    },
  },
});

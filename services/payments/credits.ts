import {
  paymentDecider,
  paymentStreamId,
  type PaymentApproved,
} from '@linkcoin/domain/payments/payment.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import {
  purchaseCreditKey,
  walletDecider,
  walletStreamId,
} from '@linkcoin/domain/wallet/wallet.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { Logger } from 'pino';
import type { ProcessManager } from '../platform/processes/process-manager.ts';

/**
 * Credits the coins of every approved payment to the wallet of the user who started it, exactly
 * once: the credit carries a key derived from the payment, and the wallet refuses a payment it
 * has credited already, however many times the approval is replayed.
 */
export const purchaseCredits = (deps: {
  commands: CommandHandler;
  logger: Logger;
}): ProcessManager => ({
  projection: {
    name: 'pm-payment-credits',
    version: 1,
    collections: [],
    eventTypes: ['PaymentApproved'],
    apply: async (recorded) => {
      const event = recorded as RecordedEvent<PaymentApproved>;
      const { state } = await deps.commands.load(
        paymentDecider,
        paymentStreamId(event.data.paymentId),
      );
      if (state.status === 'none') return;
      try {
        await deps.commands.handle(walletDecider, walletStreamId(state.userId), {
          type: 'CreditPurchase',
          data: {
            // The buyer and the price as the payment was started, never from the confirmation.
            userId: state.userId,
            paymentId: state.paymentId,
            packageId: state.packageId,
            coins: state.coins,
            bonusCoins: state.bonusCoins,
            rupees: state.rupees,
          },
          metadata: {
            now: new Date(event.metadata.timestamp),
            actorUserId: null,
            correlationId: event.metadata.correlationId,
            causationId: event.id,
            idempotencyKey: purchaseCreditKey(state.paymentId),
          },
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        deps.logger.error(
          { paymentId: state.paymentId, reason: error.message },
          'an approved payment could not be credited',
        );
      }
    },
  },
});

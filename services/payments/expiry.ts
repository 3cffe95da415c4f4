import type { PaymentEvent } from '@linkcoin/domain/payments/payment.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { Logger } from 'pino';
import type { ProcessManager } from '../processes/process-manager.ts';
import type { PaymentHandlers } from './handlers.ts';

type Deadline = { id: string; dueAt: string };
const DEADLINES = 'pm_payment_deadlines';

/**
 * A payment left pending expires: at its deadline the provider is asked once more (money taken
 * late still counts), the checkout is made unpayable, and the payment expires here. Idempotent,
 * so a tick that runs twice, or after a restart, does no harm.
 */
export const paymentExpiry = (deps: {
  payments: PaymentHandlers;
  logger: Logger;
  tickMs: number;
}): ProcessManager => ({
  projection: {
    name: 'pm-payment-expiry',
    version: 1,
    collections: [{ name: DEADLINES, indexes: [{ fields: ['dueAt'] }] }],
    eventTypes: ['PaymentStarted', 'PaymentApproved', 'PaymentFailed', 'PaymentExpired'],
    apply: async (recorded, tx) => {
      const event = recorded as RecordedEvent<PaymentEvent>;
      if (event.type === 'PaymentStarted') {
        await tx.put<Deadline>(DEADLINES, event.data.paymentId, {
          id: event.data.paymentId,
          dueAt: event.data.expiresAt,
        });
      } else {
        await tx.delete(DEADLINES, event.data.paymentId);
      }
    },
  },
  tick: {
    intervalMs: deps.tickMs,
    run: async (now, state) => {
      const due = await state.collection<Deadline>(DEADLINES).find({
        where: { dueAt: { $lte: now.toISOString() } },
        sort: [['dueAt', 1]],
        limit: 100,
      });
      for (const deadline of due) {
        try {
          await deps.payments.expire(deadline.id, {
            now,
            actorUserId: null,
            correlationId: `payment-expiry-${deadline.id}`,
            causationId: deadline.id,
          });
        } catch (error) {
          // The provider could not be asked: the next tick tries again.
          deps.logger.warn(
            { err: error, paymentId: deadline.id },
            'a payment could not be expired yet',
          );
        }
      }
    },
  },
});

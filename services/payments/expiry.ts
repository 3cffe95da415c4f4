import type { PaymentEvent } from '@linkcoin/domain/payments/payment.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { Logger } from 'pino';
import { deadlineProcess } from '../platform/processes/deadlines.ts';
import type { ProcessManager } from '../platform/processes/process-manager.ts';
import type { PaymentHandlers } from './handlers.ts';

/**
 * A payment left pending expires: at its deadline the provider is asked once more (money taken
 * late still counts), the checkout is made unpayable, and the payment expires here.
 */
export const paymentExpiry = (deps: {
  payments: PaymentHandlers;
  logger: Logger;
  tickMs: number;
}): ProcessManager =>
  deadlineProcess({
    name: 'pm-payment-expiry',
    collection: 'pm_payment_deadlines',
    eventTypes: ['PaymentStarted', 'PaymentApproved', 'PaymentFailed', 'PaymentExpired'],
    onEvent: (recorded) => {
      const event = recorded as RecordedEvent<PaymentEvent>;
      return event.type === 'PaymentStarted'
        ? { set: { id: event.data.paymentId, dueAt: event.data.expiresAt } }
        : { clear: [event.data.paymentId] };
    },
    fire: (deadline, now) =>
      deps.payments.expire(deadline.id, {
        now,
        actorUserId: null,
        correlationId: `payment-expiry-${deadline.id}`,
        causationId: deadline.id,
      }),
    tickMs: deps.tickMs,
    logger: deps.logger,
  });

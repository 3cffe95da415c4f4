import type { PaymentRow } from '@linkcoin/domain/audit/contracts.ts';
import type { PaymentEvent } from '@linkcoin/domain/payments/payment.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { CoinsPurchased } from '@linkcoin/domain/wallet/wallet.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

export const AUDIT_PAYMENTS = 'audit_payments';

/**
 * The console's payments: one row per `payment-{paymentId}` stream, with its outcome, and
 * whether the buyer's wallet was credited (the wallet's CoinsPurchased names the payment).
 */
export const paymentsProjection: Projection = {
  name: 'audit-payments',
  version: 1,
  collections: [
    {
      name: AUDIT_PAYMENTS,
      indexes: [
        { fields: ['startedAt'] },
        { fields: ['userId', 'startedAt'] },
        { fields: ['status', 'startedAt'] },
        { fields: ['rupees'] },
      ],
      textSearch: ['id', 'providerReference', 'providerPaymentId', 'userId'],
    },
  ],
  eventTypes: [
    'PaymentStarted',
    'PaymentApproved',
    'PaymentFailed',
    'PaymentExpired',
    'CoinsPurchased',
  ],
  apply: async (recorded, tx) => {
    const event = recorded as RecordedEvent<PaymentEvent> | RecordedEvent<CoinsPurchased>;
    const at = recorded.metadata.timestamp;
    if (event.type === 'PaymentStarted') {
      const { data } = event;
      await tx.put<PaymentRow>(AUDIT_PAYMENTS, data.paymentId, {
        id: data.paymentId,
        userId: data.userId,
        status: 'pending',
        provider: data.provider,
        providerReference: data.providerReference,
        providerPaymentId: null,
        packageId: data.packageId,
        coins: data.coins,
        bonusCoins: data.bonusCoins,
        rupees: data.rupees,
        startedAt: data.startedAt,
        expiresAt: data.expiresAt,
        settledAt: null,
        failureCode: null,
        via: null,
        late: false,
        credited: false,
        creditedAt: null,
        updatedAt: at,
      });
      return;
    }
    const row = await tx.get<PaymentRow>(AUDIT_PAYMENTS, event.data.paymentId);
    if (!row) return;
    switch (event.type) {
      case 'PaymentApproved':
        await tx.put<PaymentRow>(AUDIT_PAYMENTS, row.id, {
          ...row,
          status: 'approved',
          providerPaymentId: event.data.providerPaymentId,
          settledAt: event.data.at,
          failureCode: null,
          via: event.data.via,
          late: event.data.late,
          updatedAt: at,
        });
        break;
      case 'PaymentFailed':
        await tx.put<PaymentRow>(AUDIT_PAYMENTS, row.id, {
          ...row,
          status: 'failed',
          settledAt: event.data.at,
          failureCode: event.data.code,
          via: event.data.via,
          updatedAt: at,
        });
        break;
      case 'PaymentExpired':
        await tx.put<PaymentRow>(AUDIT_PAYMENTS, row.id, {
          ...row,
          status: 'expired',
          settledAt: event.data.at,
          updatedAt: at,
        });
        break;
      case 'CoinsPurchased':
        await tx.put<PaymentRow>(AUDIT_PAYMENTS, row.id, {
          ...row,
          credited: true,
          creditedAt: event.data.at,
          updatedAt: at,
        });
        break;
    }
  },
};

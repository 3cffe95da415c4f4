import { queryOptions, useMutation } from '@tanstack/react-query';
import type { PayAnswer, PaymentAnswer } from '@linkcoin/domain/wallet/contracts.ts';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import type { OrderBody } from '../purchase';

export type StartPaymentInput = Readonly<{
  userId: string;
  order: OrderBody;
  /** One per purchase attempt: a double click or a retry starts one payment, not two. */
  idempotencyKey: string;
}>;

/**
 * POST /api/payment/pay with a package id or a number of coins (the server prices it), as the
 * signed-in user. Answers where the browser approves the payment.
 */
export const startPayment = ({ userId, order, idempotencyKey }: StartPaymentInput) =>
  apiRequest<PayAnswer>('/payment/pay', {
    method: 'POST',
    auth: true,
    body: { userId, ...order },
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useStartPayment({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof startPayment> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: startPayment });
}

export const paymentQueryKey = (paymentId: string) => ['payment', paymentId] as const;

/** GET /api/payment/:paymentId: the buyer's view of one payment (status, coins, credited). */
export const paymentQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: paymentQueryKey(paymentId),
    queryFn: ({ signal }) =>
      apiRequest<PaymentAnswer>(`/payment/${encodeURIComponent(paymentId)}`, {
        auth: true,
        signal,
      }),
    staleTime: 0,
  });

/**
 * Where the browser may be sent to approve a payment: an http(s) address only (the server's
 * answer, but a `javascript:` URL must never reach `location.assign`).
 */
export function approvalDestination(approvalURL: string, base: string): string | null {
  try {
    const url = new URL(approvalURL, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

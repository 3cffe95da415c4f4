import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/auth-context';
import { walletQueryOptions } from '../api/wallet';
import { paymentQueryKey, paymentQueryOptions } from '../api/payments';
import {
  MAX_POLLS,
  POLL_INTERVAL_MS,
  paymentPollDelay,
  stageOf,
  walletShowsPurchase,
} from '../payment-result';

/**
 * Follows one payment: asks `GET /api/payment/:id` again every second while it is being
 * confirmed or credited (for a few minutes at most; `checkAgain` asks once more after that).
 */
export function usePayment(paymentId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...paymentQueryOptions(paymentId),
    refetchInterval: (current) =>
      paymentPollDelay(current.state.data?.payment, current.state.dataUpdateCount),
  });
  const payment = query.data?.payment;
  const stage = payment ? stageOf(payment) : null;
  const moving = stage === 'confirming' || stage === 'crediting';
  return {
    payment,
    stage,
    error: query.error,
    isPending: query.isPending,
    /** Still moving but no longer polled: the screen offers to check again. */
    gaveUp:
      moving &&
      (queryClient.getQueryState(paymentQueryKey(paymentId))?.dataUpdateCount ?? 0) >= MAX_POLLS,
    checkAgain: () => void query.refetch(),
  };
}

/**
 * Once a payment is credited, reads the wallet until it lists the purchase and puts the new
 * balance in the top bar, without a reload. Answers that balance (null until then).
 */
export function useBalanceAfterCredit(paymentId: string, credited: boolean): number | null {
  const { coinsUpdated } = useAuth();
  const wallet = useQuery({
    ...walletQueryOptions(1),
    enabled: credited,
    refetchInterval: (current) =>
      walletShowsPurchase(current.state.data, paymentId) ||
      current.state.dataUpdateCount >= MAX_POLLS
        ? false
        : POLL_INTERVAL_MS,
  });
  const balance =
    credited && walletShowsPurchase(wallet.data, paymentId) ? (wallet.data?.balance ?? null) : null;
  useEffect(() => {
    if (balance !== null) coinsUpdated(balance);
  }, [balance, coinsUpdated]);
  return balance;
}

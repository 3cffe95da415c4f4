import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/auth-context';
import { walletQueryOptions } from '../api/wallet';

/**
 * Reads the signed-in user's balance afresh and puts it in the top bar at once (after a coin was
 * spent, or before deciding there are too few). Answers the balance, or null when the wallet
 * could not be read (the top bar then keeps what it showed).
 */
export function useRefreshBalance(): () => Promise<number | null> {
  const queryClient = useQueryClient();
  const { coinsUpdated } = useAuth();
  return useCallback(async () => {
    try {
      const wallet = await queryClient.fetchQuery(walletQueryOptions(1));
      coinsUpdated(wallet.balance);
      return wallet.balance;
    } catch (error) {
      console.warn('The LinkCoin balance could not be read', error);
      return null;
    }
  }, [queryClient, coinsUpdated]);
}

import { useCallback, useRef, useState } from 'react';
import { newIdempotencyKey } from '@linkcoin/frontend-shared/idempotency/idempotency-key.ts';
import { linkCoins } from '@linkcoin/frontend-shared/wallet/entry-text.ts';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { useToast } from '../../../components/toast/useToast';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useRefreshBalance } from '../../wallet';
import { usePurchaseDialog } from '../../wallet';
import { useRenewConnection } from '../api/collection';
import { CONNECTION_COST, isCoinRefusal } from '../collection-flow';
import { costDetails } from '../confirm-texts';
import { COLLECTION_TEXTS as T } from '../texts';

/**
 * Upgrade to Continue (docs/product-spec.md section 4, "Conversation expiry"): the payer spends 1 LinkCoin, after
 * confirming in the app's dialog (the connection, the cost, the balance), for 7 more days; the list and the chat are read again and show it open. Too few
 * coins open the purchase dialog. A failure shows the server's message when it sent one.
 */
export function useRenewal(userId: string, connectedUserId: string, name: string) {
  const { user } = useAuth();
  const toast = useToast();
  const confirm = useConfirm();
  const refreshBalance = useRefreshBalance();
  const { openPurchase } = usePurchaseDialog();
  const renew = useRenewConnection();
  const [renewing, setRenewing] = useState(false);
  const working = useRef(false);

  const tooFew = useCallback(() => {
    toast.error(T.insufficientCoins);
    openPurchase();
  }, [toast, openPurchase]);

  const run = useCallback(async () => {
    if (working.current) return;
    working.current = true;
    setRenewing(true);
    try {
      let balance = user?.linkCoins ?? 0;
      if (balance < CONNECTION_COST) balance = (await refreshBalance()) ?? balance;
      if (balance < CONNECTION_COST) return tooFew();
      const renewing = await confirm({
        title: `Renew your chat with ${name}?`,
        message: T.confirmRenew,
        details: costDetails(balance),
        confirmText: `Renew for ${linkCoins(CONNECTION_COST)}`,
      });
      if (!renewing) return;
      try {
        await renew.mutateAsync({
          userId,
          targetUserId: connectedUserId,
          idempotencyKey: newIdempotencyKey(),
        });
      } catch (error) {
        if (isCoinRefusal(error)) return tooFew();
        toast.error(errorMessage(error, T.renewFailed));
        return;
      }
      toast.success(T.renewed);
      void refreshBalance();
    } finally {
      working.current = false;
      setRenewing(false);
    }
  }, [user, refreshBalance, tooFew, toast, confirm, renew, userId, connectedUserId, name]);

  return { renew: run, renewing };
}

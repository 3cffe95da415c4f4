import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { newIdempotencyKey } from '@linkcoin/frontend-shared/idempotency/idempotency-key.ts';
import { useToast } from '../../../components/toast/useToast';
import { useAuth } from '../../auth/auth-context';
import { useRefreshBalance } from '../../wallet/hooks/useRefreshBalance';
import { usePurchaseDialog } from '../../wallet/purchase-dialog-context';
import { collectionQueryOptions, entryFor, useAddToCollection } from '../api/collection';
import { addToListFlow, chatAfterAdd, CONNECTION_COST, type AddOutcome } from '../collection-flow';
import { COLLECTION_TEXTS as T } from '../texts';

/** Which button is at work: its label says so, and both are blocked meanwhile. */
export type CollectionBusy = 'add' | 'chat' | null;

/** The chat with a contact (spec section 2: /MessagingApp/{userId}). */
export const chatPath = (contactId: string) => `/MessagingApp/${encodeURIComponent(contactId)}`;

/**
 * Add to List and Chat Now for one creator (spec section 4), for the profile page and the
 * influencer detail modal. A visitor is sent to /login. A busy flag, held from the press to the
 * end (the confirmation included), blocks double actions.
 */
export function useCollectionActions(targetUserId: string) {
  const { user, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  const { openPurchase } = usePurchaseDialog();
  const add = useAddToCollection();
  const [busy, setBusy] = useState<CollectionBusy>(null);
  // The state is one render late for a fast double click; the ref is not.
  const working = useRef(false);

  const run = useCallback(
    async (which: Exclude<CollectionBusy, null>, action: (userId: string) => Promise<void>) => {
      if (!isAuthenticated || !user) {
        void navigate('/login');
        return;
      }
      if (working.current) return;
      working.current = true;
      setBusy(which);
      try {
        await action(user._id);
      } finally {
        working.current = false;
        setBusy(null);
      }
    },
    [isAuthenticated, user, navigate],
  );

  /** Whether the contact is on the list as the server has it now. */
  const isListed = useCallback(
    async (userId: string) =>
      entryFor(
        await queryClient.fetchQuery({ ...collectionQueryOptions(userId), staleTime: 0 }),
        targetUserId,
      ) !== null,
    [queryClient, targetUserId],
  );

  /** The session's balance; when it says too few, the wallet is asked (coins may have come). */
  const balance = useCallback(async () => {
    const known = user?.linkCoins ?? 0;
    if (known >= CONNECTION_COST) return known;
    return (await refreshBalance()) ?? known;
  }, [user, refreshBalance]);

  const addSteps = useCallback(
    (userId: string, listed: () => Promise<boolean>) =>
      addToListFlow({
        isListed: listed,
        balance,
        confirm: (message) => toast.confirm(message),
        add: (idempotencyKey) => add.mutateAsync({ userId, targetUserId, idempotencyKey }),
        newKey: () => newIdempotencyKey(),
      }),
    [balance, toast, add, targetUserId],
  );

  /** The toasts every add shares; answers nothing, the caller decides where to go. */
  const report = useCallback(
    (outcome: AddOutcome, failure: string) => {
      switch (outcome.kind) {
        case 'noCoins':
          toast.error(T.insufficientCoins);
          openPurchase();
          return;
        case 'added':
          // The top bar follows at once.
          void refreshBalance();
          toast.success(T.added);
          return;
        case 'failed':
          console.warn('Adding to the list failed', outcome.error);
          toast.error(failure);
          return;
        case 'listed':
        case 'cancelled':
          return;
      }
    },
    [toast, openPurchase, refreshBalance],
  );

  const addToList = useCallback(
    () =>
      run('add', async (userId) => {
        const outcome = await addSteps(userId, () => isListed(userId));
        if (outcome.kind === 'listed') toast.info(T.alreadyInList);
        else report(outcome, T.addFailed);
      }),
    [run, addSteps, isListed, toast, report],
  );

  const chatNow = useCallback(
    () =>
      run('chat', async (userId) => {
        let listed: boolean;
        try {
          listed = await isListed(userId);
        } catch (error) {
          console.warn('The list could not be read', error);
          toast.error(T.chatFailed);
          return;
        }
        if (listed) {
          void navigate(chatPath(targetUserId));
          return;
        }
        const outcome = await addSteps(userId, async () => false);
        const next = chatAfterAdd(outcome);
        if (outcome.kind === 'added' && next === 'failed') {
          // Added (a coin was spent), but not with the answer the chat waits for.
          void refreshBalance();
          toast.error(T.chatFailed);
          return;
        }
        report(outcome, T.chatFailed);
        if (next === 'chat') void navigate(chatPath(targetUserId));
      }),
    [run, isListed, addSteps, report, toast, navigate, targetUserId, refreshBalance],
  );

  return { addToList, chatNow, busy };
}

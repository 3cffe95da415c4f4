import { useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { newIdempotencyKey } from '@linkcoin/frontend-shared/idempotency/idempotency-key.ts';
import { linkCoins } from '@linkcoin/frontend-shared/wallet/entry-text.ts';
import { useConfirm } from '../../../components/confirm/confirm-context';
import { useToast } from '../../../components/toast/useToast';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useRefreshBalance } from '../../wallet';
import { usePurchaseDialog } from '../../wallet';
import { collectionQueryOptions, entryFor, useAddToCollection } from '../api/collection';
import { addToListFlow, chatAfterAdd, CONNECTION_COST, type AddOutcome } from '../collection-flow';
import { costDetails } from '../confirm-texts';
import { COLLECTION_TEXTS as T } from '../texts';

/** Which button is at work: its label says so, and both are blocked meanwhile. */
export type CollectionBusy = 'add' | 'chat' | null;

/** The chat with a connection (docs/product-spec.md section 2: /MessagingApp/{userId}). */
export const chatPath = (connectedUserId: string) =>
  `/MessagingApp/${encodeURIComponent(connectedUserId)}`;

/**
 * Add to List and Chat Now for one creator (docs/product-spec.md section 4), for the profile page, the detail
 * modal and the cards. A visitor is sent to /login. The spend is confirmed in the app's dialog,
 * which names the creator, the cost and the balance; Chat Now for a creator not in the list
 * offers the add there ("Add to List for 1 LinkCoin") instead of opening an empty chat. A busy
 * flag, held from the press to the end (the confirmation included), blocks double actions.
 * `listed` says whether the creator is in the signed-in user's list (null: not known yet).
 */
export function useCollectionActions(targetUserId: string, name: string) {
  const { user, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  const { openPurchase } = usePurchaseDialog();
  const add = useAddToCollection();
  const [busy, setBusy] = useState<CollectionBusy>(null);
  // The state is one render late for a fast double click; the ref is not.
  const working = useRef(false);
  const me = isAuthenticated && user ? user._id : null;
  const list = useQuery({ ...collectionQueryOptions(me ?? ''), enabled: me !== null });
  const listed = me === null || !list.data ? null : entryFor(list.data, targetUserId) !== null;

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

  /** Whether the connection is on the list as the server has it now. */
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
    (userId: string, listedNow: () => Promise<boolean>, forChat: boolean) =>
      addToListFlow({
        isListed: listedNow,
        balance,
        confirm: async (message) =>
          confirm({
            title: forChat ? `Chat with ${name}` : `Add ${name} to your list?`,
            message: forChat
              ? `${name} is not in your list yet. Add them to chat for 7 days.`
              : message,
            details: costDetails(user?.linkCoins ?? 0),
            confirmText: `Add to List for ${linkCoins(CONNECTION_COST)}`,
          }),
        add: (idempotencyKey) => add.mutateAsync({ userId, targetUserId, idempotencyKey }),
        newKey: () => newIdempotencyKey(),
      }),
    [balance, confirm, add, targetUserId, name, user],
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
          // The top bar follows at once (and again when the server pushes the balance).
          void refreshBalance();
          toast.success(T.added);
          return;
        case 'failed':
          console.warn('Adding to the list failed', outcome.error);
          // The server's own reason where it gave one ("Only creators can be added to a list.").
          toast.error(errorMessage(outcome.error, failure));
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
        const outcome = await addSteps(userId, () => isListed(userId), false);
        if (outcome.kind === 'listed') toast.info(T.alreadyInList);
        else report(outcome, T.addFailed);
      }),
    [run, addSteps, isListed, toast, report],
  );

  const chatNow = useCallback(
    () =>
      run('chat', async (userId) => {
        let listedNow: boolean;
        try {
          listedNow = await isListed(userId);
        } catch (error) {
          console.warn('The list could not be read', error);
          toast.error(T.chatFailed);
          return;
        }
        if (listedNow) {
          void navigate(chatPath(targetUserId));
          return;
        }
        const outcome = await addSteps(userId, async () => false, true);
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

  return { addToList, chatNow, busy, listed };
}

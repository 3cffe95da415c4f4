import { useCallback } from 'react';
import { useToast } from '../../../components/toast/useToast';
import { errorMessage } from '../../../lib/api-client';
import { useRemoveFromCollection } from '../api/collection';

/** Removal failures have no text in the spec; the server's message, else this one. */
export const REMOVE_FAILED = 'Failed to remove the contact. Please try again.';

/**
 * Removes a connection from the payer's list (the spec's POST /users/remove); the list is read
 * again. `onRemoved` lets the chat clear itself when that connection was open.
 */
export function useRemoveConnection(userId: string, onRemoved: (connectedUserId: string) => void) {
  const toast = useToast();
  const remove = useRemoveFromCollection();
  const run = useCallback(
    async (connectedUserId: string) => {
      try {
        await remove.mutateAsync({ userId, targetUserId: connectedUserId });
        onRemoved(connectedUserId);
      } catch (error) {
        console.warn('Removing the connection failed', error);
        toast.error(errorMessage(error, REMOVE_FAILED));
      }
    },
    [remove, userId, onRemoved, toast],
  );
  return { removeConnection: run, removing: remove.isPending };
}

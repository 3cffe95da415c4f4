import { useCallback } from 'react';
import { useToast } from '../../../components/toast/useToast';
import { errorMessage } from '../../../lib/api-client';
import { useRemoveFromCollection } from '../api/collection';

/** Removal failures have no text in the spec; the server's message, else this one. */
export const REMOVE_FAILED = 'Failed to remove the contact. Please try again.';

/**
 * Removes a contact from the payer's list (the spec's POST /users/remove); the list is read
 * again. `onRemoved` lets the chat clear itself when that contact was open.
 */
export function useRemoveContact(userId: string, onRemoved: (contactId: string) => void) {
  const toast = useToast();
  const remove = useRemoveFromCollection();
  const run = useCallback(
    async (contactId: string) => {
      try {
        await remove.mutateAsync({ userId, targetUserId: contactId });
        onRemoved(contactId);
      } catch (error) {
        console.warn('Removing the contact failed', error);
        toast.error(errorMessage(error, REMOVE_FAILED));
      }
    },
    [remove, userId, onRemoved, toast],
  );
  return { removeContact: run, removing: remove.isPending };
}

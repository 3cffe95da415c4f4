import { COLLECTION_MESSAGES } from '@linkcoin/domain/collections/messages.ts';
import { WALLET_MESSAGES } from '@linkcoin/domain/wallet/messages.ts';

/** The collection's texts, word for word from docs/product-spec.md sections 2, 4 and 8. */
export const COLLECTION_TEXTS = {
  addToList: 'Add to List',
  inList: 'In your list',
  adding: 'Adding...',
  chatNow: 'Chat Now',
  loading: 'Loading...',
  confirmAdd: 'Spend 1 LinkCoin to add this user to your list. Are you sure?',
  added: 'User added to collection successfully!',
  addFailed: 'Failed to add user. Please try again.',
  chatFailed: 'Failed to start chat. Please try again.',
  confirmRenew: 'Spend 1 LinkCoin to renew this conversation for 7 more days. Are you sure?',
  renewed: 'Conversation renewed successfully!',
  renewFailed: 'Failed to renew conversation. Please try again.',
  confirmRemove: 'Remove this contact?',
  insufficientCoins: WALLET_MESSAGES.insufficientCoins,
  alreadyInList: COLLECTION_MESSAGES.alreadyInList,
  /** The server's answer to an add; Chat Now opens the chat only on exactly this. */
  addedAnswer: COLLECTION_MESSAGES.added,
} as const;

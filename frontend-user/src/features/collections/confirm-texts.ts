import { linkCoins } from '@linkcoin/frontend-shared/wallet/entry-text.ts';
import { CONNECTION_DAYS } from '@linkcoin/domain/wallet/wallet.ts';
import { CONNECTION_COST } from './collection-flow';

/** What a spend costs and leaves, under the confirmation's question. */
export function costDetails(balance: number): string[] {
  return [
    `It costs ${linkCoins(CONNECTION_COST)} for ${CONNECTION_DAYS} days of chat.`,
    balance >= CONNECTION_COST
      ? `You have ${linkCoins(balance)}; ${linkCoins(balance - CONNECTION_COST)} will be left.`
      : `You have ${linkCoins(balance)}.`,
  ];
}

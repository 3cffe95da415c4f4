/**
 * How LinkCoins work (docs/product-spec.md sections 2 and 9): the purchase dialog explains them, and the home
 * page quotes them. Prices and packages are the domain's (`@linkcoin/domain/wallet/pricing.ts`).
 */
import { CONNECTION_DAYS } from '@linkcoin/domain/wallet/wallet.ts';

/** One coin opens a chat with one influencer for this many days (the wallet's rule). */
export const CHAT_DAYS_PER_COIN = CONNECTION_DAYS;
/** The coin comes back if the influencer has not replied within this many hours. */
export const REFUND_REPLY_WINDOW_HOURS = 48;
/** Each 5 additional coins unlock one more page of the discovery listing. */
export const COINS_PER_EXTRA_PAGE = 5;

export type LinkCoinRule = { title: string; description: string };

/** "How LinkCoins Work": shown on the home page and in the purchase dialog. */
export const HOW_LINKCOINS_WORK: readonly LinkCoinRule[] = [
  {
    title: `1 coin = ${CHAT_DAYS_PER_COIN} days of chat`,
    description: `Spend 1 LinkCoin to add an influencer to your list and chat with them for ${CHAT_DAYS_PER_COIN} days. Renew for another ${CHAT_DAYS_PER_COIN} days with 1 more coin whenever you need.`,
  },
  {
    title: `${REFUND_REPLY_WINDOW_HOURS}-hour reply guarantee`,
    description: `If the influencer does not reply within ${REFUND_REPLY_WINDOW_HOURS} hours, your coin is refunded. You only pay for conversations that happen.`,
  },
  {
    title: 'Coins never expire',
    description:
      'Buy when the price is right and spend when the campaign is ready. Your balance stays in your wallet for as long as you need it.',
  },
  {
    title: `More coins, more creators`,
    description: `Every ${COINS_PER_EXTRA_PAGE} additional coins in your balance unlock 1 extra page of creator listings, so bigger campaigns see a wider roster.`,
  },
];

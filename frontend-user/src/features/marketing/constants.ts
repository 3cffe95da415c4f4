/**
 * The business numbers the marketing pages quote (spec sections 1, 3 and 9). The purchase dialog
 * reuses the LinkCoin rules, so they live here once. Prices and packages are the domain's
 * (`@linkcoin/domain/wallet/pricing.ts`), the list the server prices every purchase with.
 */
import { CONNECTION_DAYS } from '@linkcoin/domain/wallet/wallet.ts';

export const FOUNDED_YEAR = 2025;

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

export type PlatformStat = { value: string; label: string };

/** The platform's headline numbers (spec section 9). */
export const PLATFORM_STATS: readonly PlatformStat[] = [
  { value: '150+', label: 'Verified creators' },
  { value: '50+', label: 'Successful campaigns' },
  { value: '30+', label: 'Industry verticals' },
  { value: '98%', label: 'Satisfaction rate' },
];

/** Launch offer for brands. */
export const FREE_TRIAL_DAYS = 7;

/** Creators who join early get their profile boosted for this many days. */
export const PROFILE_BOOST_DAYS = 30;

export type VisibilityLevel = { label: string; percent: number };

/** How visible a creator is in search, by how complete their profile is. */
export const VISIBILITY_LEVELS: readonly VisibilityLevel[] = [
  { label: 'Basic profile', percent: 40 },
  { label: 'Complete profile', percent: 100 },
  { label: 'Verified profile', percent: 150 },
];

/** The directory's texts: the spec's (sections 2 and 8) word for word, then our own. */
export const DIRECTORY_MESSAGES = {
  /** Spec section 8: the directory's error toast (the front end shows it). */
  fetchFailed: 'Failed to fetch users',
  /** Spec section 2: the empty directory. */
  noResults: 'No influencers found',
  /** Spec sections 2 and 8: a locked discovery page under 5 coins. */
  unlockNeedsCoins: 'You need at least 5 LinkCoins to unlock this content',
  signInForMore: 'Please log in to see more influencers.',
  pageNeedsCoins: (page: number, coins: number, balance: number) =>
    `Page ${page} unlocks with ${coins} LinkCoins; you have ${balance}.`,
  pastLastPage: (maxPages: number) => `The discovery grid has at most ${maxPages} pages.`,
  notACreator: 'Only creators are listed in the directory.',
  boostNotOver: "A new creator's boost lasts 30 days.",
  demoNotInProduction: 'Demo data cannot be added in production.',
} as const;

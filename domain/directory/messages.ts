/** The directory's texts: the spec's (sections 2 and 8) word for word, then our own. */
export const DIRECTORY_MESSAGES = {
  /** docs/product-spec.md section 8: the directory's error toast (the front end shows it). */
  fetchFailed: 'Failed to fetch users',
  /** docs/product-spec.md section 2: the empty directory. */
  noResults: 'No influencers found',
  /** docs/product-spec.md sections 2 and 8: a locked discovery page under 5 coins. */
  unlockNeedsCoins: 'You need at least 5 LinkCoins to unlock this content',
  signInForMore: 'Please log in to see more influencers.',
  pageNeedsCoins: (page: number, coins: number, balance: number) =>
    `Page ${page} unlocks with ${coins} LinkCoins; you have ${balance}.`,
  resultsNeedCoins: (depth: number, coins: number, balance: number) =>
    `The first ${depth} creators unlock with ${coins} LinkCoins; you have ${balance}.`,
  pastLastPage: (maxPages: number) =>
    `Listings show at most ${maxPages} pages: narrow your search or filters to see other creators.`,
  tooManyVisitorSearches:
    'Too many searches from your network. Please log in, or try again in a minute.',
  tooManyMemberSearches: 'Too many searches in a minute. Please wait a moment and try again.',
  notACreator: 'Only creators are listed in the directory.',
  boostNotOver: "A new creator's boost lasts 30 days.",
  demoNotInProduction: 'Demo data cannot be added in production.',
} as const;

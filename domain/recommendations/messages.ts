/** What recommendations say to people (spec voice: whole sentences). */
export const RECOMMENDATION_MESSAGES = {
  brandsOnly:
    'Recommendations are for brands: sign in with your brand account to see creators picked for you.',
  matchBrandsOnly:
    'Best match for you is for brands: it orders creators by your own searches and list. Sign in with your brand account, or choose another order.',
  tooManyInterests: 'Choose at most 17 interests.',
  unknownInterest: 'Choose your interests from the list shown.',
  badSearches: 'These searches cannot be recorded: a count or a value is malformed.',
  badLimit: 'Ask for 1 to 24 recommendations.',
} as const;

/**
 * The texts of adding creators to a list, renewing and removing them (docs/product-spec.md section 8 where it has
 * them, the server's own where it is silent). The wallet decider refuses with them: it stays the
 * consistency boundary, since spending a coin and opening a connection are one decision.
 */
export const COLLECTION_MESSAGES = {
  // docs/product-spec.md section 8.
  alreadyInList: 'This user is already in your list.',
  added: 'Target User ID added successfully',
  renewed: 'Connection dates updated successfully',
  removed: 'Target User ID removed successfully',
  // Server rules.
  cannotAddYourself: 'You cannot add yourself to your list.',
  onlyCreators: 'Only creators can be added to a list.',
  notInList: 'This user is not in your list.',
} as const;

/**
 * The texts of docs/product-spec.md section 8 for coins and payments, and the server's own where it is silent.
 * Adding to a list has its own: `domain/collections/messages.ts`.
 */
export const WALLET_MESSAGES = {
  // docs/product-spec.md section 8.
  paymentStartFailed: 'Failed to initiate payment. Please try again.',
  insufficientCoins: 'Insufficient LinkCoins. Please purchase more.',
  comingSoon: 'Comming Soon',
  // Server rules.
  invalidQuantity: 'Choose between 1 and 2,000 LinkCoins.',
  unknownPackage: 'There is no such LinkCoin package.',
  invalidAmount:
    'The amount must be the price of a package (₹50, ₹125 or ₹250) or a whole number of LinkCoins at ₹5 each.',
  oneOrderOnly: 'Send one of packageId, coins or totalAmount',
  paymentsDisabled: 'Payments are not available yet.',
  invalidGrant: 'Grant between 1 and 10,000 LinkCoins.',
  grantReasonRequired: 'Say why these coins are granted (3 to 500 characters).',
} as const;

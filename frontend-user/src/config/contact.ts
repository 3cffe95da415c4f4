/** Public contact addresses shown on the marketing and legal pages. */
export const SALES_EMAIL = 'sales@linkcoin.in';
export const SUPPORT_EMAIL = 'support@linkcoin.in';
export const PRIVACY_EMAIL = 'privacy@linkcoin.in';

/** Mail link that opens a pre-addressed demo request to the sales team. */
export const BOOK_A_DEMO_HREF = `mailto:${SALES_EMAIL}?subject=${encodeURIComponent(
  'Book a LinkCoin demo',
)}`;

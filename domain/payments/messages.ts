/** Payment failure codes and their texts (docs/product-spec.md section 8, word for word). */
export const PAYMENT_FAILURE_CODES = [
  'INSUFFICIENT_FUNDS',
  'CARD_DECLINED',
  'EXPIRED_CARD',
  'UNKNOWN_ERROR',
] as const;
export type PaymentFailureCode = (typeof PAYMENT_FAILURE_CODES)[number];

export const PAYMENT_FAILURE_MESSAGES: Readonly<Record<PaymentFailureCode, string>> = {
  INSUFFICIENT_FUNDS: 'Your payment was declined due to insufficient funds.',
  CARD_DECLINED: 'Your card was declined by the issuer.',
  EXPIRED_CARD: 'The card you used has expired.',
  UNKNOWN_ERROR: 'We encountered an issue processing your payment.',
};

/** Any code the spec does not list. */
export const OTHER_FAILURE_MESSAGE = 'Your payment could not be processed at this time.';

/** The message of the failure screen for a code from the query string (default UNKNOWN_ERROR). */
export const failureMessageFor = (code: string | null | undefined): string => {
  const known = code ?? 'UNKNOWN_ERROR';
  // Own keys only: a code such as "toString" or "__proto__" is just another unknown code.
  return Object.hasOwn(PAYMENT_FAILURE_MESSAGES, known)
    ? PAYMENT_FAILURE_MESSAGES[known as PaymentFailureCode]
    : OTHER_FAILURE_MESSAGE;
};

export const isPaymentFailureCode = (code: string): code is PaymentFailureCode =>
  (PAYMENT_FAILURE_CODES as readonly string[]).includes(code);

export const PAYMENT_MESSAGES = {
  notFound: 'Payment not found.',
  notYours: 'This payment belongs to another account.',
  amountMismatch: 'The amount paid does not match the amount of this payment.',
  referenceMismatch: 'The provider reference does not match this payment.',
  alreadyStarted: 'This payment has already been started.',
  forgedSignature: 'The payment confirmation could not be verified.',
} as const;

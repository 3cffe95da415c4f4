/**
 * This context's endpoints as the security suite (services/runtime/security/) sees them: for each,
 * its row of the authorisation matrix (`access`) and its fixture, a valid and a refused request
 * on fresh data. An endpoint of the context without an entry here fails the suite.
 */
import type { ContextSecurity } from '../testing/security.ts';

export const security: ContextSecurity = {
  'POST /payment/pay': {
    access: 'signed-in',
    valid: async (t) => {
      const brand = await t.brand();
      return { as: brand, body: { userId: brand.userId, packageId: 'growth' } };
    },
    refused: async (t) => {
      const brand = await t.brand();
      return { as: brand, body: { userId: brand.userId, totalAmount: 124 } };
    },
  },
  'GET /payment/:paymentId': {
    access: 'signed-in',
    valid: async (t) => ({
      as: await t.brand(),
      params: { paymentId: (await t.payment()).paymentId },
    }),
    refused: async (t) => ({
      as: await t.creator(),
      params: { paymentId: (await t.payment()).paymentId },
    }),
  },
  'GET /payment/return/:provider': {
    access: 'anyone',
    valid: async (t) => {
      const returnUrl = (await t.payment()).approvedReturn;
      return {
        as: null,
        params: { provider: 'sandbox' },
        query: Object.fromEntries(returnUrl.searchParams),
      };
    },
    refused: async (t) => {
      const query = Object.fromEntries((await t.payment()).approvedReturn.searchParams);
      return {
        as: null,
        params: { provider: 'sandbox' },
        query: { ...query, sandbox_amount_paise: '100' },
      };
    },
  },
  'POST /payment/webhook/razorpay': {
    access: 'anyone',
    unavailable: 'Razorpay is not configured here (services/payments/razorpay.test.ts)',
    valid: async () => ({ as: null, body: { event: 'payment_link.paid', payload: {} } }),
  },
};

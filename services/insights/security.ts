/**
 * This context's endpoints as the security suite (services/runtime/security/) sees them: for each,
 * its row of the authorisation matrix (`access`) and its fixture, a valid and a refused request
 * on fresh data. An endpoint of the context without an entry here fails the suite.
 */
import type { ContextSecurity } from '../testing/security.ts';

export const security: ContextSecurity = {
  'GET /insights': {
    access: ['influencer'],
    valid: async (t) => ({ as: await t.creator(), query: { days: '7' } }),
    refused: async (t) => ({ as: await t.creator(), query: { days: '14' } }),
  },
};

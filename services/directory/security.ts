/**
 * This context's endpoints as the security suite (services/runtime/security/) sees them: for each,
 * its row of the authorisation matrix (`access`) and its fixture, a valid and a refused request
 * on fresh data. An endpoint of the context without an entry here fails the suite.
 */
import type { ContextSecurity } from '../testing/security.ts';

export const security: ContextSecurity = {
  'GET /pageowners/users': {
    access: 'anyone',
    valid: async () => ({
      as: null,
      query: { search: 'probe', adCategories: 'skincare', minFollowers: '10k', sort: 'followers' },
    }),
    refused: async () => ({ as: null, query: { socialMediaPlatforms: 'myspace' } }),
  },
  'GET /pageowners/visibility/:userId': {
    access: 'signed-in',
    valid: async (t) => {
      const creator = await t.creator();
      return { as: creator, params: { userId: creator.userId } };
    },
    refused: async (t) => ({ as: await t.brand(), params: { userId: (await t.creator()).userId } }),
  },
  'GET /recommendations': {
    access: ['user'],
    valid: async (t) => ({ as: await t.brand(), query: { limit: '8' } }),
    refused: async (t) => ({ as: await t.brand(), query: { limit: '500' } }),
  },
  'PUT /recommendations/interests': {
    access: ['user'],
    valid: async (t) => ({ as: await t.brand(), body: { interests: ['Fashion & accessories'] } }),
    refused: async (t) => ({ as: await t.brand(), body: { interests: ['Rockets'] } }),
  },
};

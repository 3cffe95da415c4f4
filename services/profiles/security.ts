/**
 * This context's endpoints as the security suite (services/runtime/security/) sees them: for each,
 * its row of the authorisation matrix (`access`) and its fixture, a valid and a refused request
 * on fresh data. An endpoint of the context without an entry here fails the suite.
 */
import { creatorWizard } from '../testing/profiles.ts';
import type { ContextSecurity } from '../testing/security.ts';

export const security: ContextSecurity = {
  'PUT /pageowners/updateUser/:userId': {
    access: 'signed-in',
    valid: async (t) => {
      const creator = await t.creator();
      return {
        as: creator,
        params: { userId: creator.userId },
        body: creatorWizard({ description: 'Updated by the security suite.' }),
      };
    },
    refused: async (t) => {
      const creator = await t.creator();
      return {
        as: creator,
        params: { userId: creator.userId },
        body: { pricing: { storyPost: '0x10', feedPost: 1, reel: 1 } },
      };
    },
  },
  'GET /pageowners/user/:userId': {
    access: 'anyone',
    valid: async (t) => ({ as: null, params: { userId: (await t.creator()).userId } }),
    refused: async () => ({ as: null, params: { userId: 'nobody-at-all' } }),
  },
};

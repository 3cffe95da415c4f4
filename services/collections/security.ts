/**
 * This context's endpoints as the security suite (services/runtime/security/) sees them: for each,
 * its row of the authorisation matrix (`access`) and its fixture, a valid and a refused request
 * on fresh data. An endpoint of the context without an entry here fails the suite.
 */
import { brandWithCreator, fundedBrand, type ContextSecurity } from '../testing/security.ts';

export const security: ContextSecurity = {
  'GET /collection/users/:userId': {
    access: 'signed-in',
    valid: async (t) => {
      const { brand } = await brandWithCreator(t);
      return { as: brand, params: { userId: brand.userId } };
    },
    refused: async (t) => ({ as: await t.brand(), params: { userId: (await t.creator()).userId } }),
  },
  'POST /collection/users/add': {
    access: 'signed-in',
    valid: async (t) => {
      const brand = await fundedBrand(t);
      return {
        as: brand,
        body: { userId: brand.userId, targetUserId: (await t.creator()).userId },
      };
    },
    refused: async (t) => {
      const brand = await fundedBrand(t);
      return { as: brand, body: { userId: brand.userId, targetUserId: brand.userId } };
    },
  },
  'POST /collection/users/remove': {
    access: 'signed-in',
    valid: async (t) => {
      const { brand, creator } = await brandWithCreator(t);
      return { as: brand, body: { userId: brand.userId, targetUserId: creator.userId } };
    },
    // Nobody is on their own list, whatever an earlier request of the run added.
    refused: async (t) => {
      const brand = await t.brand();
      return { as: brand, body: { userId: brand.userId, targetUserId: brand.userId } };
    },
  },
  'POST /collection/users/update': {
    access: 'signed-in',
    valid: async (t) => {
      const { brand, creator } = await brandWithCreator(t);
      return { as: brand, body: { userId: brand.userId, targetUserId: creator.userId } };
    },
    // Refused before a client's key is claimed, so a key from the add changes nothing here.
    refused: async (t) => {
      const brand = await fundedBrand(t);
      return { as: brand, body: { userId: brand.userId, targetUserId: brand.userId } };
    },
  },
};

/**
 * This context's endpoints as the security suite (services/runtime/security/) sees them: for each,
 * its row of the authorisation matrix (`access`) and its fixture, a valid and a refused request
 * on fresh data. An endpoint of the context without an entry here fails the suite.
 */
import type { ContextSecurity } from '../testing/security.ts';

export const security: ContextSecurity = {
  'GET /wallet/me': {
    access: 'signed-in',
    valid: async (t) => ({ as: await t.brand(), query: { page: '1', limit: '10' } }),
    refused: async () => ({ as: null }),
  },
  'GET /admin/wallets': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({ as: await t.admin(), query: { range: '[0,9]' } }),
    refused: async (t) => ({ as: await t.brand(), query: { range: '[0,9]' } }),
  },
  'GET /admin/wallets/:id': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({ as: await t.admin(), params: { id: (await t.brand()).userId } }),
    refused: async (t) => ({ as: await t.brand(), params: { id: (await t.brand()).userId } }),
  },
  'GET /admin/wallets/:id/entries': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({
      as: await t.admin(),
      params: { id: (await t.brand()).userId },
      query: { range: '[0,9]' },
    }),
    refused: async (t) => ({ as: await t.brand(), params: { id: (await t.brand()).userId } }),
  },
  'POST /admin/wallets/:id/grants': {
    access: ['admin'],
    valid: async (t) => ({
      as: await t.admin(),
      params: { id: (await t.brand()).userId },
      body: { coins: 5, reason: 'Security suite grant' },
    }),
    refused: async (t) => ({
      as: await t.admin(),
      params: { id: (await t.brand()).userId },
      body: { coins: 5, reason: '' },
    }),
  },
};

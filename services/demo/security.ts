/**
 * This context's endpoints as the security suite (services/runtime/security/) sees them: for each,
 * its row of the authorisation matrix (`access`) and its fixture, a valid and a refused request
 * on fresh data. An endpoint of the context without an entry here fails the suite.
 */
import { demoBrand } from '../testing/demo-accounts.ts';
import type { ContextSecurity } from '../testing/security.ts';

export const security: ContextSecurity = {
  'POST /admin/demo-accounts': {
    access: ['admin'],
    valid: async (t) => ({
      as: await t.admin(),
      body: {
        password: 'probe-demo-password',
        accounts: [{ ...demoBrand(t.serial), coins: 0 }],
      },
    }),
    refused: async (t) => ({
      as: await t.admin(),
      body: {
        password: 'probe-demo-password',
        accounts: [{ ...demoBrand(0), email: 'someone@example.in' }],
      },
    }),
  },
};

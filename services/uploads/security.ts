/**
 * This context's endpoints as the security suite (services/runtime/security/) sees them: for each,
 * its row of the authorisation matrix (`access`) and its fixture, a valid and a refused request
 * on fresh data. An endpoint of the context without an entry here fails the suite.
 */
import { TINY_PNG } from '@linkcoin/infra/uploads/contract.ts';
import type { ContextSecurity } from '../testing/security.ts';

export const security: ContextSecurity = {
  'POST /uploads/image': {
    access: 'signed-in',
    valid: async (t) => ({
      as: await t.creator(),
      file: { field: 'file', content: Buffer.from(TINY_PNG), name: 'probe.png' },
    }),
    refused: async (t) => ({
      as: await t.creator(),
      file: { field: 'file', content: Buffer.from('<svg onload=alert(1)>'), name: 'x.png' },
    }),
  },
};

import type { BoundedContext } from '../runtime/bounded-context.ts';
import { createClientKeys } from '../http/idempotency.ts';
import { walletEndpoints } from './endpoints.ts';
import { walletHandlers } from './handlers.ts';
import { walletProjection } from './projection.ts';

/**
 * Wallets: every user's LinkCoins in one stream (`wallet-{userId}`): purchases credited by the
 * payments context, coins granted by admins, and (with the collections) spending and refunds.
 */
export const walletContext: BoundedContext = {
  name: 'wallet',
  projections: [walletProjection],
  create: ({ commands, readStore, progress, clock }) => ({
    endpoints: walletEndpoints({
      wallet: walletHandlers({ commands, readStore, progress }),
      keys: createClientKeys(commands, clock),
    }),
    processes: [],
  }),
};

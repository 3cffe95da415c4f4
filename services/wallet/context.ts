import type { BoundedContext } from '../platform/context.ts';
import { createClientKeys } from '../platform/http/idempotency.ts';
import { walletEndpoints } from './endpoints.ts';
import { liveBalance } from './live-balance.ts';
import { walletHandlers } from './handlers.ts';
import { walletProjection } from './projection.ts';

/**
 * Wallets: every user's LinkCoins in one stream (`wallet-{userId}`): purchases credited by the
 * payments context, coins granted by admins, and (with the collections) spending and refunds.
 */
export const walletContext: BoundedContext = {
  name: 'wallet',
  projections: [walletProjection],
  security: new URL('./security.ts', import.meta.url),
  create: ({ commands, readStore, progress, clock, bus, logger }) => ({
    endpoints: walletEndpoints({
      wallet: walletHandlers({ commands, readStore, progress }),
      keys: createClientKeys(commands, clock),
    }),
    processes: [],
    // The balance pushed live to the owner's sockets after every change.
    realtime: liveBalance({ bus, logger: logger.child({ component: 'wallet' }) }),
  }),
};

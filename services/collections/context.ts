import { uploadedImagesOnly } from '@linkcoin/domain/uploads/urls.ts';
import { createClientKeys } from '../platform/http/idempotency.ts';
import type { BoundedContext } from '../platform/context.ts';
import { conversationOpener } from './conversations.ts';
import { collectionEndpoints } from './endpoints.ts';
import { collectionHandlers } from './handlers.ts';
import { collectionsProjection } from './projection.ts';
import { replyGuarantee } from './reply-guarantee.ts';

/**
 * Collections: a payer spends 1 LinkCoin to add a creator to their list and open 7 days of chat,
 * renews for 1 more, removes; both sides see the connection. The list and the coins are one
 * decision in the payer's wallet stream; the conversation follows from the wallet's events; a
 * creator who does not answer within 48 hours gives the coin back.
 */
export const collectionsContext: BoundedContext = {
  name: 'collections',
  projections: [collectionsProjection],
  security: new URL('./security.ts', import.meta.url),
  create: ({ commands, readStore, progress, clock, uploads, logger, config }) => {
    const log = logger.child({ component: 'collections' });
    return {
      endpoints: collectionEndpoints({
        collections: collectionHandlers({ commands, readStore, progress }),
        keys: createClientKeys(commands, clock),
        clock,
        // Pictures only from our own upload storage, as the profile shows them.
        isOurImage: uploadedImagesOnly(uploads.urlPrefixes),
      }),
      processes: [
        conversationOpener({ commands }),
        replyGuarantee({ commands, logger: log, tickMs: config.processes.tickMs }),
      ],
    };
  },
};

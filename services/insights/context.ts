import type { BoundedContext } from '../platform/context.ts';
import { insightsEndpoints } from './endpoints.ts';
import { insightsHandlers } from './handlers.ts';
import { insightsProjection } from './projection.ts';

/**
 * Creator insights (issue 24): what brands did with a creator's profile, day by day. The
 * counting of impressions and views is the platform's (services/platform/analytics/), fed by
 * the directory's and the profiles' endpoints; this context folds those flushes and the
 * wallet's and conversations' events into one row per creator and day, and answers
 * `GET /api/insights` for the signed-in creator.
 */
export const insightsContext: BoundedContext = {
  name: 'insights',
  projections: [insightsProjection],
  security: new URL('./security.ts', import.meta.url),
  create: ({ commands, readStore, clock }) => ({
    endpoints: insightsEndpoints({ insights: insightsHandlers({ commands, readStore }), clock }),
    processes: [],
  }),
};

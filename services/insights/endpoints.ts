import { insightsQuery } from '@linkcoin/domain/insights/contracts.ts';
import { callerOf, signedIn, type Endpoint } from '../platform/http/endpoint.ts';
import { parseQuery } from '../platform/http/validate.ts';
import type { Clock } from '../platform/clock.ts';
import type { InsightsHandlers } from './handlers.ts';

/** The signed-in creator's own insights: nobody else's, whoever asks. */
export const insightsEndpoints = (deps: {
  insights: InsightsHandlers;
  clock: Clock;
}): Endpoint[] => [
  {
    method: 'get',
    path: '/insights',
    summary:
      "The signed-in creator's search impressions, profile viewers, list adds, conversations, replies, renewals and visibility over 7, 30 or 90 days",
    access: signedIn('influencer'),
    input: { query: insightsQuery },
    handler: async (req, res) => {
      const { days } = parseQuery(insightsQuery, req);
      res.json(await deps.insights.insightsOf(callerOf(req).userId, days, deps.clock.now()));
    },
  },
];

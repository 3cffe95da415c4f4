import { queryOptions } from '@tanstack/react-query';
import type { InsightsAnswer, InsightsPeriod } from '@linkcoin/domain/insights/contracts.ts';
import { apiRequest } from '../../../lib/api-client';

export const insightsQueryKey = ['insights'] as const;

/** GET /api/insights?days=: the signed-in creator's period. */
export const insightsQueryOptions = (days: InsightsPeriod) =>
  queryOptions({
    queryKey: [...insightsQueryKey, days],
    queryFn: ({ signal }) =>
      apiRequest<InsightsAnswer>(`/insights?days=${days}`, { auth: true, signal }),
    staleTime: 30_000,
  });

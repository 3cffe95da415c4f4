import { queryOptions } from '@tanstack/react-query';
import type { PublicConfig } from '@linkcoin/domain/accounts/contracts.ts';
import { apiRequest } from './api-client';

/** GET /api/public-config: what the browser needs at run time (the Google client id). */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => apiRequest<PublicConfig>('/public-config', { signal }),
    staleTime: Infinity,
  });

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecommendationsAnswer } from '@linkcoin/domain/recommendations/contracts.ts';
import { apiRequest } from '../../../lib/api-client';

export type { RecommendationsAnswer };

/** `GET /api/recommendations`: the signed-in brand's own, with their reasons. */
export const recommendationsQueryOptions = (brandId: string) =>
  queryOptions({
    queryKey: ['recommendations', brandId],
    queryFn: ({ signal }) =>
      apiRequest<RecommendationsAnswer>('/recommendations', { auth: true, signal }),
    retry: false,
  });

/** `PUT /api/recommendations/interests`: the interests picked on a first visit. */
export const useChooseInterests = (brandId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (interests: string[]) =>
      apiRequest<{ success: true; message: string }>('/recommendations/interests', {
        method: 'PUT',
        auth: true,
        body: { interests },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['recommendations', brandId] }),
  });
};

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeSearchRequest,
  SavedSearchAnswer,
  SavedSearchesAnswer,
} from '@linkcoin/domain/directory/saved-search-contracts.ts';
import { apiRequest } from '../../../lib/api-client';

export const savedSearchesQueryKey = ['saved-searches'] as const;

/** GET /api/saved-searches: the signed-in brand's searches and new matches. */
export const savedSearchesQueryOptions = () =>
  queryOptions({
    queryKey: savedSearchesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<SavedSearchesAnswer>('/saved-searches', { auth: true, signal }),
    staleTime: 60_000,
  });

/** The saved searches' changes; each reads the list again when it lands. */
export function useSavedSearchMutations() {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: savedSearchesQueryKey });
  const save = useMutation({
    mutationFn: (body: { name: string; query: string }) =>
      apiRequest<SavedSearchAnswer>('/saved-searches', { method: 'POST', auth: true, body }),
    onSettled: settled,
  });
  const change = useMutation({
    mutationFn: ({ searchId, ...body }: ChangeSearchRequest & { searchId: string }) =>
      apiRequest<SavedSearchAnswer>(`/saved-searches/${encodeURIComponent(searchId)}`, {
        method: 'PATCH',
        auth: true,
        body,
      }),
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: (searchId: string) =>
      apiRequest<SavedSearchAnswer>(`/saved-searches/${encodeURIComponent(searchId)}`, {
        method: 'DELETE',
        auth: true,
      }),
    onSettled: settled,
  });
  const seen = useMutation({
    mutationFn: () =>
      apiRequest<SavedSearchAnswer>('/saved-searches/seen', { method: 'POST', auth: true }),
    onSettled: settled,
  });
  return { save, change, remove, seen };
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DirectoryAnswer, DirectoryItem } from '@linkcoin/domain/directory/contracts.ts';
import { DIRECTORY_PAGE_SIZE } from '@linkcoin/domain/directory/search-limits.ts';
import { apiRequest } from '../../../lib/api-client';
import type { DirectoryFilters } from '../utils/directory-params';
import { toApiQuery } from '../utils/directory-params';

/** The answer of `GET /api/pageowners/users` and its items, as the server defines them. */
export type { DirectoryAnswer, DirectoryItem };
export { DIRECTORY_PAGE_SIZE };

const fetchUsers = (query: URLSearchParams, signal: AbortSignal) =>
  // With the bearer token when signed in: the server pages (and unlocks) by who is asking.
  apiRequest<DirectoryAnswer>(`/pageowners/users?${query.toString()}`, { auth: true, signal });

/**
 * The directory (/influencers): one page of a search, 10 a page. The balance is part of the key:
 * the directory's pages open with LinkCoins as the grid's do.
 */
export const directoryQueryOptions = (
  filters: DirectoryFilters,
  viewer: { userId: string; coins: number } | null,
) => {
  const query = toApiQuery(filters);
  query.set('limit', String(DIRECTORY_PAGE_SIZE));
  return queryOptions({
    queryKey: [
      'directory',
      'search',
      viewer?.userId ?? 'visitor',
      viewer?.coins ?? 0,
      query.toString(),
    ],
    queryFn: ({ signal }) => fetchUsers(query, signal),
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
    retry: false,
  });
};

/**
 * The home page's discovery grid: `view=discovery`, whose page size and page cap are the
 * server's. The balance is part of the key: more coins open more pages.
 */
export const discoveryQueryOptions = (
  page: number,
  viewer: { userId: string; coins: number } | null,
) => {
  const query = new URLSearchParams({ view: 'discovery', page: String(page) });
  return queryOptions({
    queryKey: ['directory', 'discovery', viewer?.userId ?? 'visitor', viewer?.coins ?? 0, page],
    queryFn: ({ signal }) => fetchUsers(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
};

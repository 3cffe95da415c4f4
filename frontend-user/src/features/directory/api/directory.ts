import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ProfileView, SocialAccountView } from '@linkcoin/domain/profiles/contracts.ts';
import { apiRequest } from '../../../lib/api-client';
import type { DirectoryFilters } from '../utils/directory-params';
import { toApiQuery } from '../utils/directory-params';

/*
 * The answer of `GET /api/pageowners/users` (spec section 7: success, data, totalPages, plus the
 * page, the total and, in the discovery view, the pager). These types follow the directory
 * branch's domain/directory/contracts.ts field for field; the user app only reads them.
 */

export type VisibilityLevel = 'basic' | 'complete' | 'verified';

/** One creator in the directory: the public profile without contact fields, plus the card's figures. */
export type DirectoryItem = Omit<
  ProfileView,
  'email' | 'mobile' | 'whatsapp' | 'linkCoins' | 'profileDetails' | 'role'
> & {
  role: 'influencer';
  profileDetails: (SocialAccountView & { followersLabel: string })[];
  followers: number;
  followersLabel: string;
  instagramFollowers: number;
  instagramFollowersLabel: string;
  verified: boolean;
  verifiedPlatforms: string[];
  visibility: VisibilityLevel;
  isNew: boolean;
  demo: boolean;
};

/** The discovery grid's pager as the server computed it for this viewer. */
export type DiscoveryPagerAnswer = Readonly<{
  page: number;
  pageSize: number;
  totalPages: number;
  unlockedPages: number;
  maxPages: number;
  availablePages: number;
  lockedPages: number;
  signedIn: boolean;
  coins: number | null;
  canUnlock: boolean;
  coinsForNextPage: number | null;
}>;

export type DirectoryAnswer = {
  success: true;
  data: DirectoryItem[];
  totalPages: number;
  page: number;
  limit: number;
  total: number;
  view: 'directory' | 'discovery';
  pager?: DiscoveryPagerAnswer;
};

/** Spec section 9: the directory shows 10 creators a page. */
export const DIRECTORY_PAGE_SIZE = 10;

const fetchUsers = (query: URLSearchParams, signal: AbortSignal) =>
  // With the bearer token when signed in: the server pages (and unlocks) by who is asking.
  apiRequest<DirectoryAnswer>(`/pageowners/users?${query.toString()}`, { auth: true, signal });

/** The directory (/influencers): one page of a search, 10 a page. */
export const directoryQueryOptions = (filters: DirectoryFilters, viewerId: string | null) => {
  const query = toApiQuery(filters);
  query.set('limit', String(DIRECTORY_PAGE_SIZE));
  return queryOptions({
    queryKey: ['directory', 'search', viewerId ?? 'visitor', query.toString()],
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

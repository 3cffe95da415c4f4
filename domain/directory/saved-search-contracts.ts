/**
 * What the saved-search endpoints (`/api/saved-searches`) take and answer; the user app's saved
 * searches screen reads the same types.
 */
import { z } from 'zod';
import { MAX_SAVED_SEARCH_NAME } from './saved-search-limits.ts';

const SEARCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const SAVED_SEARCH_CONTRACT_MESSAGES = {
  name: 'Give the search a name.',
  query: 'Save a search from the directory.',
  searchId: 'We could not find this saved search. It may have been deleted.',
  digest: 'Choose whether to get the daily e-mail: on or off.',
  nothingToChange: 'Give a new name or turn the daily e-mail on or off.',
} as const;
const M = SAVED_SEARCH_CONTRACT_MESSAGES;

export const saveSearchRequest = z
  .object({
    // The decider checks the length and the characters (one message for each).
    name: z.string(M.name).max(MAX_SAVED_SEARCH_NAME * 4, M.name),
    // The directory's own query string; the decider reads it with the directory's rules.
    query: z.string(M.query).max(4000, M.query),
  })
  .strict();
export type SaveSearchRequest = z.infer<typeof saveSearchRequest>;

export const savedSearchParams = z.object({ searchId: z.string().regex(SEARCH_ID, M.searchId) });

export const changeSearchRequest = z
  .object({
    name: z
      .string(M.name)
      .max(MAX_SAVED_SEARCH_NAME * 4, M.name)
      .optional(),
    digest: z.boolean(M.digest).optional(),
  })
  .strict()
  .refine((body) => body.name !== undefined || body.digest !== undefined, M.nothingToChange);
export type ChangeSearchRequest = z.infer<typeof changeSearchRequest>;

export type SavedSearchView = Readonly<{
  searchId: string;
  name: string;
  /** The directory's query string: the search opens at `/influencers?<query>`. */
  query: string;
  digest: boolean;
  createdAt: string;
  newMatchCount: number;
  matchCount: number;
}>;

export type NewMatchView = Readonly<{
  searchId: string;
  searchName: string;
  creatorId: string;
  creatorName: string;
  at: string;
}>;

export type SavedSearchesAnswer = Readonly<{
  success: true;
  searches: readonly SavedSearchView[];
  /** Creators the brand has not seen yet, newest first. */
  newMatches: readonly NewMatchView[];
  /** The creators the brand has not seen yet, each once however many searches found them. */
  newMatchCount: number;
  /** How many searches a brand may keep. */
  limit: number;
}>;

export type SavedSearchAnswer = Readonly<{
  success: true;
  message: string;
  search: SavedSearchView | null;
}>;

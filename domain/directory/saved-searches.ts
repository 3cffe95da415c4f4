/**
 * A brand's saved directory searches with alerts (issue 24, item 4): the `savedsearches-{brandId}`
 * stream. A saved search is the /influencers address bar's state (the directory's own query
 * string, read by `directoryQuery`, so a saved search holds only what a search may hold) with a
 * name. Creators who come to match it later are recorded once per search (SavedSearchMatched,
 * from the messaging context's process), seen in the app (SavedSearchMatchesSeen) and mailed at
 * most once a day in a digest (SavedSearchDigestSent), unless its digest was turned off.
 */
import type { Decider } from '../shared/decider.ts';
import { refuse } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import { directoryQuery, matchesFilters, type DirectoryFilters } from './search.ts';
import type { DirectoryEntry } from './entry.ts';

export const savedSearchesStreamId = (brandId: string): string => `savedsearches-${brandId}`;

import { MAX_SAVED_SEARCHES, MAX_SAVED_SEARCH_NAME } from './saved-search-limits.ts';

export * from './saved-search-limits.ts';

/** The product's day: India's (UTC+05:30), as YYYY-MM-DD. */
const IST_OFFSET_MS = 330 * 60 * 1000;
export const digestDay = (at: Date | string): string =>
  new Date(new Date(at).getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** When a digest of matches recorded at `at` is due: the next `hour` o'clock in India. */
export const digestDueAt = (at: Date | string, hour: number): string => {
  const local = new Date(new Date(at).getTime() + IST_OFFSET_MS);
  const due = new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour),
  );
  if (due.getTime() <= local.getTime()) due.setUTCDate(due.getUTCDate() + 1);
  return new Date(due.getTime() - IST_OFFSET_MS).toISOString();
};

export const SAVED_SEARCH_MESSAGES = {
  nameMissing: 'Give the search a name.',
  nameTooLong: `A search name can be at most ${MAX_SAVED_SEARCH_NAME} characters long.`,
  nameControl: 'Name the search with letters, digits, spaces and punctuation only.',
  tooMany: `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one you no longer need to save this one.`,
  sameName: 'You already have a saved search with this name. Choose another name.',
  notFound: 'We could not find this saved search. It may have been deleted.',
  alreadySaved: 'This search is saved already.',
} as const;
const M = SAVED_SEARCH_MESSAGES;

/** The address-bar parameters that are not part of what a search finds. */
const NOT_SAVED = new Set(['page', 'limit', 'view']);

/**
 * The saved form of an address bar's query string: the directory's own parameters without the
 * page, in a fixed order, and the filters they mean. A bad value is refused with the
 * directory's own message.
 */
export const savedQueryOf = (query: string): { query: string; filters: DirectoryFilters } => {
  const kept: [string, string][] = [];
  const input: Record<string, string | string[]> = {};
  for (const part of (query.startsWith('?') ? query.slice(1) : query).split('&')) {
    if (part === '') continue;
    const [rawKey = '', rawValue = ''] = part.split(/=(.*)/s);
    const key = decoded(rawKey);
    const value = decoded(rawValue);
    if (NOT_SAVED.has(key) || value.trim() === '') continue;
    const seen = input[key];
    input[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    kept.push([key, value]);
  }
  const parsed = directoryQuery.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'This search cannot be saved.';
    return refuse('validation', message);
  }
  const { page: _p, limit: _l, sort: _s, view: _v, ...filters } = parsed.data;
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    query: kept
      .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
      .join('&'),
    filters,
  };
};

/** A query string's part as text (`+` is a space); a broken escape is refused. */
const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return refuse('validation', 'This search cannot be saved: its address is damaged.');
  }
};

/** Whether a creator's directory entry is found by a saved search (the directory's own rule). */
export const matchesSavedSearch = (entry: DirectoryEntry, filters: DirectoryFilters): boolean =>
  matchesFilters(entry, filters);

/**
 * Whether a change of a creator's entry makes them a new match: they match now and did not
 * before (a creator who already matched and edits their profile is no news).
 */
export const becameMatch = (
  before: DirectoryEntry | null,
  after: DirectoryEntry,
  filters: DirectoryFilters,
): boolean =>
  matchesSavedSearch(after, filters) && (before === null || !matchesSavedSearch(before, filters));

const CONTROL = /\p{Cc}/u;
const cleanName = (name: string): string => {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed === '') refuse('validation', M.nameMissing);
  if (CONTROL.test(name)) refuse('validation', M.nameControl);
  if ([...trimmed].length > MAX_SAVED_SEARCH_NAME) refuse('validation', M.nameTooLong);
  return trimmed;
};

// Events ---------------------------------------------------------------------------------------

export type SavedSearchCreated = Event<
  'SavedSearchCreated',
  {
    brandId: string;
    searchId: string;
    name: string;
    query: string;
    filters: DirectoryFilters;
    at: string;
  }
>;
export type SavedSearchRenamed = Event<
  'SavedSearchRenamed',
  { brandId: string; searchId: string; name: string; at: string }
>;
export type SavedSearchDeleted = Event<
  'SavedSearchDeleted',
  { brandId: string; searchId: string; at: string }
>;
export type SavedSearchDigestChanged = Event<
  'SavedSearchDigestChanged',
  { brandId: string; searchId: string; digest: boolean; via: 'app' | 'mail'; at: string }
>;
export type SavedSearchMatched = Event<
  'SavedSearchMatched',
  { brandId: string; searchId: string; creatorId: string; at: string }
>;
export type SavedSearchMatchesSeen = Event<
  'SavedSearchMatchesSeen',
  { brandId: string; at: string }
>;
export type SavedSearchDigestSent = Event<
  'SavedSearchDigestSent',
  {
    brandId: string;
    day: string;
    searches: { searchId: string; name: string; query: string; creatorIds: string[] }[];
    at: string;
  }
>;
export type SavedSearchEvent =
  | SavedSearchCreated
  | SavedSearchRenamed
  | SavedSearchDeleted
  | SavedSearchDigestChanged
  | SavedSearchMatched
  | SavedSearchMatchesSeen
  | SavedSearchDigestSent;

export const SAVED_SEARCH_EVENT_TYPES = [
  'SavedSearchCreated',
  'SavedSearchRenamed',
  'SavedSearchDeleted',
  'SavedSearchDigestChanged',
  'SavedSearchMatched',
  'SavedSearchMatchesSeen',
  'SavedSearchDigestSent',
] as const satisfies readonly SavedSearchEvent['type'][];

// Commands -------------------------------------------------------------------------------------

export type SaveSearch = Command<
  'SaveSearch',
  { brandId: string; searchId: string; name: string; query: string }
>;
export type RenameSearch = Command<
  'RenameSearch',
  { brandId: string; searchId: string; name: string }
>;
export type DeleteSearch = Command<'DeleteSearch', { brandId: string; searchId: string }>;
/** `searchId` null: every saved search of the brand (the mail's "all" link). */
export type SetSearchDigest = Command<
  'SetSearchDigest',
  { brandId: string; searchId: string | null; digest: boolean; via: 'app' | 'mail' }
>;
export type RecordSearchMatch = Command<
  'RecordSearchMatch',
  { brandId: string; searchId: string; creatorId: string }
>;
export type MarkMatchesSeen = Command<'MarkMatchesSeen', { brandId: string }>;
/** Claims the day's digest: what it lists (maybe nothing), once per brand and India's day. */
export type ClaimDigest = Command<'ClaimDigest', { brandId: string }>;
export type SavedSearchCommand =
  | SaveSearch
  | RenameSearch
  | DeleteSearch
  | SetSearchDigest
  | RecordSearchMatch
  | MarkMatchesSeen
  | ClaimDigest;

// State ----------------------------------------------------------------------------------------

export type SavedSearch = Readonly<{
  searchId: string;
  name: string;
  query: string;
  filters: DirectoryFilters;
  digest: boolean;
  createdAt: string;
  /** Every creator ever recorded as a match (each once). */
  matched: readonly string[];
  /** Matches not mailed yet (only while the digest is on). */
  pending: readonly string[];
}>;

export type SavedSearchesState = Readonly<{
  searches: Readonly<Record<string, SavedSearch>>;
  /** Ids ever used, deleted ones too: an id is never reused. */
  usedIds: readonly string[];
  unseen: number;
  lastDigestDay: string | null;
}>;

const live = (state: SavedSearchesState) => Object.values(state.searches);

const found = (state: SavedSearchesState, searchId: string): SavedSearch =>
  state.searches[searchId] ?? refuse('not_found', M.notFound);

const decide = (command: SavedSearchCommand, state: SavedSearchesState): SavedSearchEvent[] => {
  const at = command.metadata.now.toISOString();
  const { brandId } = command.data;
  switch (command.type) {
    case 'SaveSearch': {
      const { searchId } = command.data;
      if (state.usedIds.includes(searchId)) return refuse('conflict', M.alreadySaved);
      const name = cleanName(command.data.name);
      const { query, filters } = savedQueryOf(command.data.query);
      if (live(state).length >= MAX_SAVED_SEARCHES) return refuse('unprocessable', M.tooMany);
      if (live(state).some((s) => s.name.toLowerCase() === name.toLowerCase())) {
        return refuse('conflict', M.sameName);
      }
      return [
        { type: 'SavedSearchCreated', data: { brandId, searchId, name, query, filters, at } },
      ];
    }
    case 'RenameSearch': {
      const search = found(state, command.data.searchId);
      const name = cleanName(command.data.name);
      if (name === search.name) return [];
      if (
        live(state).some(
          (s) => s.searchId !== search.searchId && s.name.toLowerCase() === name.toLowerCase(),
        )
      ) {
        return refuse('conflict', M.sameName);
      }
      return [
        { type: 'SavedSearchRenamed', data: { brandId, searchId: search.searchId, name, at } },
      ];
    }
    case 'DeleteSearch': {
      const search = found(state, command.data.searchId);
      return [{ type: 'SavedSearchDeleted', data: { brandId, searchId: search.searchId, at } }];
    }
    case 'SetSearchDigest': {
      const { digest, via } = command.data;
      const targets =
        command.data.searchId === null ? live(state) : [found(state, command.data.searchId)];
      return targets
        .filter((search) => search.digest !== digest)
        .map((search) => ({
          type: 'SavedSearchDigestChanged',
          data: { brandId, searchId: search.searchId, digest, via, at },
        }));
    }
    case 'RecordSearchMatch': {
      const { searchId, creatorId } = command.data;
      const search = state.searches[searchId];
      // A search deleted since, or a creator already recorded: nothing new.
      if (!search || search.matched.includes(creatorId)) return [];
      return [{ type: 'SavedSearchMatched', data: { brandId, searchId, creatorId, at } }];
    }
    case 'MarkMatchesSeen':
      return state.unseen === 0 ? [] : [{ type: 'SavedSearchMatchesSeen', data: { brandId, at } }];
    case 'ClaimDigest': {
      const day = digestDay(at);
      if (state.lastDigestDay === day) return [];
      const searches = live(state)
        .filter((search) => search.digest && search.pending.length > 0)
        .map(({ searchId, name, query, pending }) => ({
          searchId,
          name,
          query,
          creatorIds: [...pending],
        }));
      // Claimed even when empty (every match's search was turned off since): the day's
      // question is answered, and nothing is mailed.
      return [{ type: 'SavedSearchDigestSent', data: { brandId, day, searches, at } }];
    }
  }
};

const withSearch = (
  state: SavedSearchesState,
  searchId: string,
  change: (search: SavedSearch) => SavedSearch,
): SavedSearchesState => {
  const search = state.searches[searchId];
  return search ? { ...state, searches: { ...state.searches, [searchId]: change(search) } } : state;
};

const evolve = (state: SavedSearchesState, event: SavedSearchEvent): SavedSearchesState => {
  switch (event.type) {
    case 'SavedSearchCreated': {
      const { searchId, name, query, filters, at } = event.data;
      return {
        ...state,
        usedIds: [...state.usedIds, searchId],
        searches: {
          ...state.searches,
          [searchId]: {
            searchId,
            name,
            query,
            filters,
            digest: true,
            createdAt: at,
            matched: [],
            pending: [],
          },
        },
      };
    }
    case 'SavedSearchRenamed':
      return withSearch(state, event.data.searchId, (s) => ({ ...s, name: event.data.name }));
    case 'SavedSearchDeleted': {
      const { [event.data.searchId]: _gone, ...searches } = state.searches;
      return { ...state, searches };
    }
    case 'SavedSearchDigestChanged':
      return withSearch(state, event.data.searchId, (s) => ({
        ...s,
        digest: event.data.digest,
        pending: event.data.digest ? s.pending : [],
      }));
    case 'SavedSearchMatched': {
      const { searchId, creatorId } = event.data;
      return {
        ...withSearch(state, searchId, (s) => ({
          ...s,
          matched: [...s.matched, creatorId],
          pending: s.digest ? [...s.pending, creatorId] : s.pending,
        })),
        unseen: state.unseen + 1,
      };
    }
    case 'SavedSearchMatchesSeen':
      return { ...state, unseen: 0 };
    case 'SavedSearchDigestSent': {
      let next: SavedSearchesState = { ...state, lastDigestDay: event.data.day };
      for (const sent of event.data.searches) {
        next = withSearch(next, sent.searchId, (s) => ({
          ...s,
          pending: s.pending.filter((id) => !sent.creatorIds.includes(id)),
        }));
      }
      return next;
    }
  }
};

export const savedSearchesDecider: Decider<
  SavedSearchesState,
  SavedSearchCommand,
  SavedSearchEvent
> = {
  initialState: () => ({ searches: {}, usedIds: [], unseen: 0, lastDigestDay: null }),
  decide,
  evolve,
};

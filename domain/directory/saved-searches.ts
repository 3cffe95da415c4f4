/**
 * A brand's saved directory searches with alerts (issue 24, item 4): the `savedsearches-{brandId}`
 * stream. A saved search is the /influencers address bar's state (the directory's own query
 * string, read by `directoryQuery`, so a saved search holds only what a search may hold) with a
 * name. Verified creators who come to match it later are recorded once per search
 * (SavedSearchMatched, from the messaging context's process), seen in the app
 * (SavedSearchMatchesSeen) and mailed at most once a day in a digest (SavedSearchDigestSent),
 * unless its digest was turned off.
 */
import type { Decider } from '../shared/decider.ts';
import { refuse } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import { cleanName as cleanPersonName, nameText } from '../shared/names.ts';
import { directoryQuery, filtersMatcher, type DirectoryFilters } from './search.ts';
import type { DirectoryEntry } from './entry.ts';

export const savedSearchesStreamId = (brandId: string): string => `savedsearches-${brandId}`;

import { MAX_SAVED_SEARCHES, MAX_SAVED_SEARCH_NAME } from './saved-search-limits.ts';
import { emptyGrowingMap, entryOf, withEntry, type GrowingMap } from '../shared/growing-map.ts';

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
  nameNotText: 'Name the search with letters, digits, spaces and punctuation only.',
  tooMany: `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one you no longer need to save this one.`,
  sameName: 'You already have a saved search with this name. Choose another name.',
  notFound: 'We could not find this saved search. It may have been deleted.',
  alreadySaved: 'This search is saved already.',
} as const;
const M = SAVED_SEARCH_MESSAGES;

/** The address-bar parameters that are not part of what a search finds. */
const NOT_SAVED = new Set(['page', 'limit', 'view']);

/** The parameters the directory takes (the keys of its query schema): any other is refused. */
const DIRECTORY_PARAMETERS: ReadonlySet<string> = new Set(Object.keys(directoryQuery.in.shape));

/**
 * The saved form of an address bar's query string: the directory's own parameters without the
 * page, in a fixed order, and the filters they mean. A parameter the directory does not take
 * and a bad value are refused with the directory's own messages. The parameters are gathered in
 * a Map, so a key such as `__proto__` or `constructor` is only a name, never an object's own.
 */
export const savedQueryOf = (query: string): { query: string; filters: DirectoryFilters } => {
  const kept: [string, string][] = [];
  const gathered = new Map<string, string[]>();
  for (const part of (query.startsWith('?') ? query.slice(1) : query).split('&')) {
    if (part === '') continue;
    const [rawKey = '', rawValue = ''] = part.split(/=(.*)/s);
    const key = decoded(rawKey);
    const value = decoded(rawValue);
    if (key === '') continue; // `=x` names nothing (as the directory's own query parser reads it)
    if (!DIRECTORY_PARAMETERS.has(key)) {
      return refuse(
        'validation',
        `This request does not take the "${key.slice(0, 60)}" parameter.`,
      );
    }
    if (NOT_SAVED.has(key) || value.trim() === '') continue;
    gathered.set(key, [...(gathered.get(key) ?? []), value]);
    kept.push([key, value]);
  }
  // Only the directory's own keys reach here; a prototype-less object all the same.
  const input = Object.create(null) as Record<string, string | string[]>;
  for (const [key, values] of gathered) input[key] = values.length === 1 ? values[0]! : values;
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

/**
 * Whether a creator's directory entry is a match of a saved search: a verified creator (the
 * entry's `verified` flag: an account verified) whom the search finds (the directory's own
 * rule). The alerts promise verified creators, so a creator who only saved the wizard's first
 * steps, or filled it all in without verifying an account, is no match yet, whatever the filters.
 */
export const matchesSavedSearch = (entry: DirectoryEntry, filters: DirectoryFilters): boolean =>
  savedSearchMatcher(entry)(filters);

/** `matchesSavedSearch` for one entry and many searches, its text folded once for all. */
export const savedSearchMatcher = (
  entry: DirectoryEntry,
): ((filters: DirectoryFilters) => boolean) => {
  if (!entry.verified) return () => false;
  return filtersMatcher(entry);
};

/**
 * Whether a change of a creator's entry makes them a new match: they match now and did not
 * before (a creator who already matched and edits their profile is no news; one who matched
 * the filters unverified and is verified now is).
 */
export const becameMatch = (
  before: DirectoryEntry | null,
  after: DirectoryEntry,
  filters: DirectoryFilters,
): boolean =>
  matchesSavedSearch(after, filters) && (before === null || !matchesSavedSearch(before, filters));

/** The product's name rules (domain/shared/names.ts), with the saved search's own messages. */
const SEARCH_NAME = nameText(
  { required: M.nameMissing, tooLong: M.nameTooLong },
  MAX_SAVED_SEARCH_NAME,
);

/**
 * A name typed for a search: well-formed text (a lone surrogate is refused), no control or
 * direction characters, something visible in it; NFC, spaces collapsed, at most
 * MAX_SAVED_SEARCH_NAME characters.
 */
const cleanName = (name: string): string => {
  if (!name.isWellFormed()) return refuse('validation', M.nameNotText);
  const parsed = SEARCH_NAME.safeParse(name);
  if (!parsed.success) {
    return refuse('validation', parsed.error.issues[0]?.message ?? M.nameMissing);
  }
  return parsed.data;
};

/** What two names are compared by (no two searches of a brand by the same name): NFC, any case. */
const nameKey = (name: string): string => cleanPersonName(name).toLowerCase();

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
  /**
   * Every creator ever recorded as a match (each once): a growing map, so a match copies a
   * chunk of it, not all of it (a broad search matches every creator verified for years).
   */
  matched: GrowingMap<true>;
  /** Matches not mailed yet (only while the digest is on), oldest first. */
  pending: readonly string[];
}>;

export type SavedSearchesState = Readonly<{
  /** The live searches by id, in the order they were saved. */
  searches: ReadonlyMap<string, SavedSearch>;
  /** Ids ever used, deleted ones too: an id is never reused. */
  usedIds: ReadonlySet<string>;
  unseen: number;
  lastDigestDay: string | null;
}>;

const live = (state: SavedSearchesState) => [...state.searches.values()];

const found = (state: SavedSearchesState, searchId: string): SavedSearch =>
  state.searches.get(searchId) ?? refuse('not_found', M.notFound);

const decide = (command: SavedSearchCommand, state: SavedSearchesState): SavedSearchEvent[] => {
  const at = command.metadata.now.toISOString();
  const { brandId } = command.data;
  switch (command.type) {
    case 'SaveSearch': {
      const { searchId } = command.data;
      if (state.usedIds.has(searchId)) return refuse('conflict', M.alreadySaved);
      const name = cleanName(command.data.name);
      const { query, filters } = savedQueryOf(command.data.query);
      if (state.searches.size >= MAX_SAVED_SEARCHES) return refuse('unprocessable', M.tooMany);
      if (live(state).some((s) => nameKey(s.name) === nameKey(name))) {
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
        live(state).some((s) => s.searchId !== search.searchId && nameKey(s.name) === nameKey(name))
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
      const search = state.searches.get(searchId);
      // A search deleted since, or a creator already recorded: nothing new.
      if (!search || entryOf(search.matched, creatorId)) return [];
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

type Draft = {
  -readonly [K in keyof SavedSearch]: K extends 'pending' ? string[] : SavedSearch[K];
};

/**
 * Events folded into the state in one pass. The fold copies the state's collections once and
 * changes the copies in place (a search once, when the fold first changes it), so loading a
 * stream of n events costs about n, not n × the ids used so far (a brand that saved and deleted
 * searches for years); the state it starts from is never changed (the command handler caches it).
 */
export const evolveSavedSearches = (
  state: SavedSearchesState,
  events: readonly SavedSearchEvent[],
): SavedSearchesState => {
  if (events.length === 0) return state;
  const searches = new Map<string, SavedSearch | Draft>(state.searches);
  const usedIds = new Set(state.usedIds);
  let { unseen, lastDigestDay } = state;
  /** The searches this fold made (its own copies, changed in place). */
  const drafts = new Set<Draft>();
  const draftOf = (searchId: string): Draft | undefined => {
    const search = searches.get(searchId);
    if (!search) return undefined;
    if (drafts.has(search as Draft)) return search as Draft;
    const draft: Draft = {
      ...search,
      pending: [...search.pending],
    };
    drafts.add(draft);
    searches.set(searchId, draft);
    return draft;
  };
  for (const event of events) {
    switch (event.type) {
      case 'SavedSearchCreated': {
        const { searchId, name, query, filters, at } = event.data;
        usedIds.add(searchId);
        const draft: Draft = {
          searchId,
          name,
          query,
          filters,
          digest: true,
          createdAt: at,
          matched: emptyGrowingMap(),
          pending: [],
        };
        drafts.add(draft);
        searches.set(searchId, draft);
        break;
      }
      case 'SavedSearchRenamed': {
        const draft = draftOf(event.data.searchId);
        if (draft) draft.name = event.data.name;
        break;
      }
      case 'SavedSearchDeleted':
        searches.delete(event.data.searchId);
        break;
      case 'SavedSearchDigestChanged': {
        const draft = draftOf(event.data.searchId);
        if (draft) {
          draft.digest = event.data.digest;
          if (!event.data.digest) draft.pending = [];
        }
        break;
      }
      case 'SavedSearchMatched': {
        const draft = draftOf(event.data.searchId);
        if (draft) {
          draft.matched = withEntry(draft.matched, event.data.creatorId, true);
          if (draft.digest) draft.pending.push(event.data.creatorId);
        }
        unseen += 1;
        break;
      }
      case 'SavedSearchMatchesSeen':
        unseen = 0;
        break;
      case 'SavedSearchDigestSent':
        lastDigestDay = event.data.day;
        for (const sent of event.data.searches) {
          const draft = draftOf(sent.searchId);
          if (!draft) continue;
          const mailed = new Set(sent.creatorIds);
          draft.pending = draft.pending.filter((id) => !mailed.has(id));
        }
        break;
    }
  }
  return { searches, usedIds, unseen, lastDigestDay };
};

export const savedSearchesDecider: Decider<
  SavedSearchesState,
  SavedSearchCommand,
  SavedSearchEvent
> = {
  initialState: () => ({ searches: new Map(), usedIds: new Set(), unseen: 0, lastDigestDay: null }),
  decide,
  evolve: (state, event) => evolveSavedSearches(state, [event]),
  evolveAll: evolveSavedSearches,
};

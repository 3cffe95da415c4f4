import { MAX_SAVED_SEARCH_NAME } from '@linkcoin/domain/directory/saved-search-limits.ts';
import { labelOf } from '@linkcoin/domain/profiles/options.ts';

/** The address bar's list filters a name is made of, in the order they are named. */
const NAMED_FILTERS = [
  'adCategories',
  'pageContentCategory',
  'socialMediaPlatforms',
  'averageAudienceType',
  'averageLocationOfAudience',
] as const;

const SEPARATOR = ' · ';
export const DEFAULT_SEARCH_NAME = 'My search';
/** Room kept for a number (" 2" … " 99") when the name is taken. */
const NUMBER_ROOM = 3;

const clean = (text: string): string => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/** How the server compares names (NFC, spaces collapsed, any case). */
const nameKey = (name: string): string => clean(name).toLowerCase();

/**
 * A name made from a directory search's query string (the directory's own parameters, lists
 * comma-joined): its categories, platforms, audiences and places by their labels
 * ("Snacks · Indore"); without any, its search words; without those, "My search". It fits the
 * name's limit with room left for a number.
 */
export function nameFromQuery(query: string): string {
  const params = new URLSearchParams(query);
  const max = MAX_SAVED_SEARCH_NAME - NUMBER_ROOM;
  let name = '';
  for (const filter of NAMED_FILTERS) {
    for (const value of (params.get(filter) ?? '').split(',')) {
      const label = clean(labelOf(value.trim()));
      if (label === '') continue;
      const longer = name === '' ? label : `${name}${SEPARATOR}${label}`;
      if (longer.length > max) return name || label.slice(0, max).trim();
      name = longer;
    }
  }
  if (name !== '') return name;
  const words = clean(params.get('search') ?? '');
  return words === '' ? DEFAULT_SEARCH_NAME : words.slice(0, max).trim();
}

/** `base`, or `base 2`, `base 3`… : the first that none of `taken` has (in any case). */
export function uniqueName(base: string, taken: readonly string[]): string {
  const used = new Set(taken.map(nameKey));
  const name = clean(base).slice(0, MAX_SAVED_SEARCH_NAME).trim() || DEFAULT_SEARCH_NAME;
  if (!used.has(nameKey(name))) return name;
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const numbered = `${name.slice(0, MAX_SAVED_SEARCH_NAME - suffix.length).trim()}${suffix}`;
    if (!used.has(nameKey(numbered))) return numbered;
  }
}

/** The name the save dialog suggests for a search, given the brand's saved searches' names. */
export const suggestedSearchName = (query: string, taken: readonly string[]): string =>
  uniqueName(nameFromQuery(query), taken);

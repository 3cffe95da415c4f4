/**
 * Word-prefix text search, as every read store runs it and as the directory's reference
 * predicate (domain/directory/search.ts) checks it: text is folded (lower case, Latin accents
 * removed: "Zoë" is "zoe") and split into words at every character that is neither a letter nor
 * a digit, which is what SQLite's FTS5 `unicode61 remove_diacritics 2` tokenizer does. A search
 * matches a text when each of its words is the beginning of one of the text's words.
 */

/** Combining marks of the Latin decompositions (é = e + U+0301): removed, like FTS5 does. */
const LATIN_DIACRITICS = /[\u0300-\u036f]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** At most this many words of a search are used: more only slow a query down. */
export const MAX_SEARCH_WORDS = 8;

export const foldText = (text: string): string =>
  text.normalize('NFKD').replace(LATIN_DIACRITICS, '').normalize('NFC').toLowerCase();

/** The folded words of a text, in order (repeats kept). */
export const textWords = (text: string): string[] =>
  foldText(text)
    .split(SEPARATORS)
    .filter((word) => word.length > 0);

/** The folded words a search looks for (the first MAX_SEARCH_WORDS, repeats dropped). */
export const searchWords = (search: string): string[] =>
  [...new Set(textWords(search))].slice(0, MAX_SEARCH_WORDS);

/** Whether every search word begins one of the words. */
export const matchesWordPrefixes = (
  words: readonly string[],
  searched: readonly string[],
): boolean => searched.every((prefix) => words.some((word) => word.startsWith(prefix)));

import { searchWords } from '../shared/search-text.ts';

/**
 * The sources a directory search surfaces creators by: the words it looks for (folded as the
 * search folds them, so `priya!`, `Priya` and `priya#` are one source; at most 40 characters),
 * each ad category and each content topic it filters on. A search by other filters only
 * (followers, platforms, places) or none names no source.
 */
export type SearchTerms = Readonly<{
  search: string;
  adCategories: readonly string[];
  pageContentCategory: readonly string[];
}>;

export const MAX_SOURCE_WORDS_LENGTH = 40;

export const sourcesOfSearch = (terms: SearchTerms): string[] => {
  const words = searchWords(terms.search).join(' ').slice(0, MAX_SOURCE_WORDS_LENGTH).trim();
  return [
    ...(words ? [`search:${words}`] : []),
    ...terms.adCategories.map((value) => `category:${value}`),
    ...terms.pageContentCategory.map((value) => `topic:${value}`),
  ];
};

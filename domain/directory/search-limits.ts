/**
 * The choices and limits of a directory search (domain/directory/search.ts holds the query's
 * schema and meaning). A module of constants only, so the marketplace's first screen can read
 * them without loading the schema library.
 */
/** `reply`: who usually replies soonest first (domain/messaging/reply-times.ts). */
export const DIRECTORY_SORTS = ['relevance', 'followers', 'price', 'newest', 'reply'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
/**
 * Every order a listing may ask for: the directory's own, and `match` ("Best match for you", issue 24),
 * a signed-in brand's order by its own searches and list (domain/recommendations/score.ts),
 * refused to anyone else.
 */
export const LISTING_SORTS = [...DIRECTORY_SORTS, 'match'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const DIRECTORY_VIEWS = ['directory', 'discovery'] as const;
export type DirectoryView = (typeof DIRECTORY_VIEWS)[number];

/** docs/product-spec.md section 9: the directory shows 10 a page. */
export const DIRECTORY_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
export const MAX_PAGE = 100_000;
export const MAX_SEARCH_LENGTH = 100;
/** At most this many values in one list filter. */
export const MAX_FILTER_VALUES = 30;
/** The longest audience location a search may hold: a profile's own limit. */
export { MAX_LOCATION_LENGTH } from '../profiles/options.ts';

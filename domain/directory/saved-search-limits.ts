// The limits of saved searches, without zod: the user app reads them without the schema library.

/** Saved searches one brand keeps at most. */
export const MAX_SAVED_SEARCHES = 20;
export const MAX_SAVED_SEARCH_NAME = 60;
/** New matches the app lists at most per search (older ones are counted, not named). */
export const MAX_LISTED_MATCHES = 50;

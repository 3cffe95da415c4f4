import { lazy } from 'react';

/**
 * A brand's saved directory searches with alerts (issue 24, item 4): `/saved-searches` (loaded
 * on demand by the router), the directory's "Save this search" button, and the count of new
 * matches the user menu shows.
 */
export const SAVED_SEARCHES_PATH = '/saved-searches';

/** The route's lazy part: the page's code loads when it opens. */
export const savedSearchesPage = () =>
  import('./routes/SavedSearchesPage').then((m) => ({ Component: m.SavedSearchesPage }));

/** "Save this search" on /influencers, for brands; its code loads with the directory page. */
export const SaveSearchButton = lazy(() =>
  import('./components/SaveSearchButton').then((m) => ({ default: m.SaveSearchButton })),
);

export { useNewMatchCount } from './hooks/useNewMatchCount';

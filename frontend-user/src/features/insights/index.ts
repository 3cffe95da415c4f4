/**
 * Creator insights: `/insights` (loaded on demand by the router, like every page). Other
 * features link to it by its path.
 */
export const INSIGHTS_PATH = '/insights';

/** The route's lazy part: the page's code loads when it opens. */
export const insightsPage = () =>
  import('./routes/InsightsPage').then((m) => ({ Component: m.InsightsPage }));

/**
 * Creator insights: `/insights` (loaded on demand by the router, like every page). Other
 * features link to it by its path.
 */
export const INSIGHTS_PATH = '/insights';

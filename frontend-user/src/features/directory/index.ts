import { lazy } from 'react';

/** The home page's discovery grid; its code loads as it comes near the screen. */
export const DiscoveryGrid = lazy(() =>
  import('./components/DiscoveryGrid').then((m) => ({ default: m.DiscoveryGrid })),
);

/** The creator directory (/influencers), a route's lazy part. */
export const influencersPage = () =>
  import('./routes/InfluencersPage').then((m) => ({
    Component: m.InfluencersPage,
    loader: m.prefetchVisitorsPage,
  }));

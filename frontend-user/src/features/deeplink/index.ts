/** The page a shared profile link opens: it hands over to the mobile app, or to its store page. */
export const publicProfilePage = () =>
  import('./routes/PublicProfilePage').then((m) => ({ Component: m.PublicProfilePage }));

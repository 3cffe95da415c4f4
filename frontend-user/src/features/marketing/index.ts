/**
 * The public pages that present LinkCoin: the home page, About Us and the launch page. Each is a
 * route's lazy part, so a visitor downloads only the page they open.
 */
export const homePage = () => import('./routes/HomePage').then((m) => ({ Component: m.HomePage }));
export const aboutPage = () =>
  import('./routes/AboutPage').then((m) => ({ Component: m.AboutPage }));
export const launchPage = () =>
  import('./routes/LaunchPage').then((m) => ({ Component: m.LaunchPage }));

import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router-dom';
import { getSessionUser } from '@linkcoin/frontend-shared/session/session.ts';
import { MainLayout } from './layout/MainLayout';
import { PageLoader } from '../components/PageLoader';
import {
  ProtectedRoute,
  adminLoginPage,
  adminRoute,
  brandRegisterPage,
  changePasswordPage,
  creatorRegisterPage,
  forgotPasswordPage,
  loginPage,
} from '../features/auth';
import { publicProfilePage } from '../features/deeplink';
import { influencersPage } from '../features/directory';
import { insightsPage } from '../features/insights';
import { savedSearchesPage } from '../features/saved-searches';
import { privacyPolicyPage } from '../features/legal';
import { aboutPage, homePage, launchPage } from '../features/marketing';
import { messagingPage } from '../features/messaging';
// The one way past an index (fenced by name in tooling/fence.test.ts): the profiles index
// re-exports the components the directory's cards use, which would join every page's first load.
import { profileQueryOptions } from '../features/profiles/api/profile';
import { otpDashboardPage } from '../features/verification';
import {
  paymentFailurePage,
  paymentPage,
  paymentSuccessPage,
  walletPage,
} from '../features/wallet';
import { RouteErrorPage } from './routes/RouteErrorPage';
import { queryClient } from '../lib/react-query';

/**
 * A public profile's answer is asked for as the route starts, beside the page's code rather than
 * after it (the page reads it from the cache). Nothing waits for it here.
 */
const prefetchProfile = ({ params }: LoaderFunctionArgs) => {
  void queryClient.prefetchQuery(
    profileQueryOptions(params.userId ?? '', getSessionUser()?._id ?? null),
  );
  return null;
};

/*
 * The route table of the spec (section 2). Paths keep the spec's spelling (/launcPage,
 * /MessagingApp…). React Router matches case-insensitively, so /aboutus (the navigation bar's
 * link) reaches /AboutUs and /register (the launch page's button) reaches /Register.
 * Every page is loaded on demand, so a visitor downloads only the screen they open.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: MainLayout,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        index: true,
        lazy: homePage,
      },
      {
        path: 'AboutUs',
        lazy: aboutPage,
      },
      {
        path: 'launcPage',
        lazy: launchPage,
      },
      {
        path: 'privacy-policy',
        lazy: privacyPolicyPage,
      },
      {
        path: 'PublicProfile',
        lazy: publicProfilePage,
      },
      {
        path: 'Register',
        lazy: creatorRegisterPage,
      },
      {
        path: 'RegisterUser',
        lazy: brandRegisterPage,
      },
      {
        path: 'login',
        lazy: loginPage,
      },
      {
        path: 'adminLogin',
        lazy: adminLoginPage,
      },
      {
        path: 'forgot-password',
        lazy: forgotPasswordPage,
      },
      {
        // The creator directory (docs/product-spec.md section 2): INFLUENCER and "Find creators" for a signed-in user.
        path: 'influencers',
        lazy: influencersPage,
      },
      {
        path: 'Profile/:userId',
        loader: prefetchProfile,
        lazy: () =>
          import('../features/profiles/routes/ProfilePage').then((m) => ({
            Component: m.ProfilePage,
          })),
      },
      {
        Component: ProtectedRoute,
        children: [
          {
            path: 'UpdateProfile',
            lazy: () =>
              import('../features/profiles/routes/UpdateProfilePage').then((m) => ({
                Component: m.UpdateProfilePage,
              })),
          },
          {
            lazy: adminRoute,
            children: [
              {
                path: 'dashboard',
                lazy: otpDashboardPage,
              },
            ],
          },
          {
            path: 'payment',
            lazy: paymentPage,
          },
          {
            path: 'payment-success',
            lazy: paymentSuccessPage,
          },
          {
            path: 'payment-failure',
            lazy: paymentFailurePage,
          },
          {
            // The signed-in user's balance and coin history (from the user menu).
            path: 'wallet',
            lazy: walletPage,
          },
          {
            // Without a connection (the top bar's Messages): the latest conversation, or the list.
            path: 'MessagingApp/:userId?',
            lazy: messagingPage,
          },
          {
            // A creator's insights (issue 24): from the user menu and the profile wizard.
            path: 'insights',
            lazy: insightsPage,
          },
          {
            // A brand's saved searches and their new matches (issue 24): from the user menu.
            path: 'saved-searches',
            lazy: savedSearchesPage,
          },
          {
            // Signed in, Change Password asks for the current one (not the reset by e-mail).
            path: 'change-password',
            lazy: changePasswordPage,
          },
        ],
      },
      {
        path: '*',
        lazy: () => import('./routes/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
]);

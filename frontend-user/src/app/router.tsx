import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router-dom';
import { getSessionUser } from '@linkcoin/frontend-shared/session/session.ts';
import { MainLayout } from './layout/MainLayout';
import { PageLoader } from '../components/PageLoader';
import { ProtectedRoute } from '../features/auth';
import { RouteErrorPage } from './routes/RouteErrorPage';
// The app level reaches into features where a barrel would pull lazy screens into the first load.
import { profileQueryOptions } from '../features/profiles/api/profile';
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
        lazy: () =>
          import('../features/marketing/routes/HomePage').then((m) => ({ Component: m.HomePage })),
      },
      {
        path: 'AboutUs',
        lazy: () =>
          import('../features/marketing/routes/AboutPage').then((m) => ({
            Component: m.AboutPage,
          })),
      },
      {
        path: 'launcPage',
        lazy: () =>
          import('../features/marketing/routes/LaunchPage').then((m) => ({
            Component: m.LaunchPage,
          })),
      },
      {
        path: 'privacy-policy',
        lazy: () =>
          import('../features/legal/routes/PrivacyPolicyPage').then((m) => ({
            Component: m.PrivacyPolicyPage,
          })),
      },
      {
        path: 'PublicProfile',
        lazy: () =>
          import('../features/deeplink/routes/PublicProfilePage').then((m) => ({
            Component: m.PublicProfilePage,
          })),
      },
      {
        path: 'Register',
        lazy: () =>
          import('../features/auth/routes/RegisterPages').then((m) => ({
            Component: m.CreatorRegisterPage,
          })),
      },
      {
        path: 'RegisterUser',
        lazy: () =>
          import('../features/auth/routes/RegisterPages').then((m) => ({
            Component: m.BrandRegisterPage,
          })),
      },
      {
        path: 'login',
        lazy: () =>
          import('../features/auth/routes/LoginPage').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: 'adminLogin',
        lazy: () =>
          import('../features/auth/routes/AdminLoginPage').then((m) => ({
            Component: m.AdminLoginPage,
          })),
      },
      {
        path: 'forgot-password',
        lazy: () =>
          import('../features/auth/routes/ForgotPasswordPage').then((m) => ({
            Component: m.ForgotPasswordPage,
          })),
      },
      {
        // The creator directory (spec section 2): INFLUENCER and "Find creators" for a signed-in user.
        path: 'influencers',
        lazy: () =>
          import('../features/directory/routes/InfluencersPage').then((m) => ({
            Component: m.InfluencersPage,
          })),
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
            lazy: () =>
              import('../features/auth/components/AdminRoute').then((m) => ({
                Component: m.AdminRoute,
              })),
            children: [
              {
                path: 'dashboard',
                lazy: () =>
                  import('../features/verification/routes/OtpDashboardPage').then((m) => ({
                    Component: m.OtpDashboardPage,
                  })),
              },
            ],
          },
          {
            path: 'payment',
            lazy: () =>
              import('../features/wallet/routes/PaymentPage').then((m) => ({
                Component: m.PaymentPage,
              })),
          },
          {
            path: 'payment-success',
            lazy: () =>
              import('../features/wallet/routes/PaymentSuccessPage').then((m) => ({
                Component: m.PaymentSuccessPage,
              })),
          },
          {
            path: 'payment-failure',
            lazy: () =>
              import('../features/wallet/routes/PaymentFailurePage').then((m) => ({
                Component: m.PaymentFailurePage,
              })),
          },
          {
            // The signed-in user's balance and coin history (from the user menu).
            path: 'wallet',
            lazy: () =>
              import('../features/wallet/routes/WalletPage').then((m) => ({
                Component: m.WalletPage,
              })),
          },
          {
            // Without a contact (the top bar's Messages): the latest conversation, or the list.
            path: 'MessagingApp/:userId?',
            lazy: () =>
              import('../features/messaging/routes/MessagingPage').then((m) => ({
                Component: m.MessagingPage,
              })),
          },
          {
            // A creator's insights (issue 24): from the user menu and the profile wizard.
            path: 'insights',
            lazy: () =>
              import('../features/insights/routes/InsightsPage').then((m) => ({
                Component: m.InsightsPage,
              })),
          },
          {
            // Signed in, Change Password asks for the current one (not the reset by e-mail).
            path: 'change-password',
            lazy: () =>
              import('../features/auth/routes/ChangePasswordPage').then((m) => ({
                Component: m.ChangePasswordPage,
              })),
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

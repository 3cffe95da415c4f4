import { lazy, Suspense } from 'react';
import { LinearProgress } from '@mui/material';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route, RouterProvider, createHashRouter } from 'react-router-dom';
import type { Role } from '@linkcoin/domain/accounts/roles.ts';
import { AuditUserPage } from './audit/AuditUserPage';
import { InvariantsPage } from './audit/InvariantsPage';
import { ReplayCheckPage } from './audit/ReplayCheckPage';
import { authProvider } from './authProvider';
import connections from './connections';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import handleClaims from './handle-claims';
import { Layout } from './layout/Layout';
import { LoginPage } from './layout/LoginPage';
import otpRecords from './otp-records';
import payments from './payments';
import { lightTheme } from './theme';
import users from './users';
import wallets from './wallets';

// The figures page (and its chart library) loads when it is opened, in a chunk of its own.
const FiguresPage = lazy(() =>
  import('./figures/FiguresPage').then((module) => ({ default: module.FiguresPage })),
);

/**
 * What a console user may open. The first resource is where they land: admins on the OTP
 * dashboard, auditors (refused by its API) on the users. The dashboard page stays in the menu.
 * Wallets, payments, connections and the auditor pages: both read them; only admins see the
 * grants (coins, the auditor role). The figures page is for both. Nothing offers to create, edit
 * or delete.
 */
const consoleResources = (permissions: Role[] | undefined) => (
  <>
    {permissions?.includes('admin') ? <Resource name="otp-records" {...otpRecords} /> : null}
    {permissions?.includes('admin') ? <Resource name="handle-claims" {...handleClaims} /> : null}
    <Resource name="users" options={{ label: 'Users' }} {...users} />
    <Resource name="wallets" {...wallets} />
    <Resource name="payments" {...payments} />
    <Resource name="connections" {...connections} />
    <CustomRoutes>
      <Route path="/dashboard" element={<Dashboard />} />
      <Route path="/audit" element={<AuditUserPage tab="ledger" />} />
      <Route path="/audit/:userId/ledger" element={<AuditUserPage tab="ledger" />} />
      <Route path="/audit/:userId/verifications" element={<AuditUserPage tab="verifications" />} />
      <Route path="/audit/:userId/as-of" element={<AuditUserPage tab="as-of" />} />
      <Route path="/replay-check" element={<ReplayCheckPage />} />
      <Route path="/ledger-invariants" element={<InvariantsPage />} />
      <Route
        path="/figures"
        element={
          <Suspense fallback={<LinearProgress aria-label="Loading the figures" />}>
            <FiguresPage />
          </Suspense>
        }
      />
    </CustomRoutes>
  </>
);

/*
 * The console is served at /admin/ (Vite base) and shares the marketplace's sessionStorage session
 * (see authProvider). `requireAuth`: nothing but the login page is shown to a visitor who is not a
 * signed-in admin or auditor.
 */
function Console() {
  return (
    <Admin
      title="LinkCoin console"
      dataProvider={dataProvider}
      authProvider={authProvider}
      layout={Layout}
      loginPage={LoginPage}
      theme={lightTheme}
      requireAuth
      disableTelemetry
    >
      {consoleResources}
    </Admin>
  );
}

/*
 * A hash router (every console route stays inside the one page, /admin/#/…) whose location updates
 * are not transitions. React-admin's own router asks for that with react-router 6's
 * `v7_startTransition: false`, which react-router 7 ignores: there, signing out (requireAuth's
 * LogoutOnMount) navigates to /login in a transition and resets the query cache at once; the
 * urgent re-render that follows mounts LogoutOnMount again on the old location, which navigates
 * again… The URL reads #/login while the page stays blank, hundreds of navigations long.
 */
const router = createHashRouter([{ path: '*', element: <Console /> }]);

export function App() {
  return <RouterProvider router={router} useTransitions={false} />;
}

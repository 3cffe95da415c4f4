import { Admin } from 'react-admin';
import { authProvider } from './authProvider';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { Layout } from './layout/Layout';
import { lightTheme } from './theme';

/**
 * React-admin shows its `ready` screen instead of the layout while an admin declares no resource.
 * Until the first resource arrives, that screen is the console's dashboard in its layout; once a
 * resource is declared, react-admin renders `dashboard` at / and never shows this again.
 */
function ConsoleWithoutResources() {
  return (
    <Layout>
      <Dashboard />
    </Layout>
  );
}

/*
 * The console is served at /admin/ (Vite base). React-admin's default hash router keeps every
 * console route inside that one page (/admin/#/…), so the console needs no router dependency of
 * its own. Resources (OTP records, users, wallets, audit history) are added by their features.
 */
export function App() {
  return (
    <Admin
      title="LinkCoin console"
      dataProvider={dataProvider}
      authProvider={authProvider}
      dashboard={Dashboard}
      ready={ConsoleWithoutResources}
      layout={Layout}
      theme={lightTheme}
      disableTelemetry
    />
  );
}

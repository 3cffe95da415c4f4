import { Admin, Resource } from 'react-admin';
import { authProvider } from './authProvider';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { Layout } from './layout/Layout';
import { LoginPage } from './layout/LoginPage';
import { lightTheme } from './theme';
import users from './users';

/*
 * The console is served at /admin/ (Vite base). React-admin's default hash router keeps every
 * console route inside that one page (/admin/#/…), so the console needs no router dependency of
 * its own. It shares the marketplace's sessionStorage session (see authProvider).
 */
export function App() {
  return (
    <Admin
      title="LinkCoin console"
      dataProvider={dataProvider}
      authProvider={authProvider}
      dashboard={Dashboard}
      layout={Layout}
      loginPage={LoginPage}
      theme={lightTheme}
      disableTelemetry
    >
      <Resource name="users" options={{ label: 'Users' }} {...users} />
    </Admin>
  );
}

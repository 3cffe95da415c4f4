import { fetchUtils, type DataProvider, type Identifier } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { GrantableRole } from '@linkcoin/domain/accounts/roles.ts';
import { storedToken } from './session';
import type { ConsoleUser } from './users/types';

/** Every console request carries the signed-in user's token as a bearer token. */
const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const token = storedToken();
  return fetchUtils.fetchJson(
    url,
    token ? { ...options, user: { authenticated: true, token: `Bearer ${token}` } } : options,
  );
};

const API = '/api/admin';

export type ConsoleDataProvider = DataProvider & {
  /** POST /api/admin/users/:id/roles (admins only): answers the updated user. */
  grantRole: (id: Identifier, role: GrantableRole) => Promise<{ data: ConsoleUser }>;
};

export const dataProvider: ConsoleDataProvider = {
  ...simpleRestProvider(API, httpClient),
  grantRole: async (id, role) => {
    const { json } = await httpClient(`${API}/users/${encodeURIComponent(String(id))}/roles`, {
      method: 'POST',
      body: JSON.stringify({ role }),
    });
    return { data: json as ConsoleUser };
  },
};

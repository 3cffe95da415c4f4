import { fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

/** The session key the marketplace stores its auth token under (spec section 3). */
const TOKEN_KEY = 'token';

/** Every console request carries the signed-in admin's token as a bearer token. */
const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return fetchUtils.fetchJson(
    url,
    token ? { ...options, user: { authenticated: true, token: `Bearer ${token}` } } : options,
  );
};

export const dataProvider = simpleRestProvider('/api/admin', httpClient);

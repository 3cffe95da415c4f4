import type { AuthProvider } from 'react-admin';

/**
 * Interim provider so the console shell renders. The accounts feature replaces it with the real
 * one: login posts to /api/pageowners/login, keeps the token in sessionStorage and only lets
 * admins and auditors in. Until then nobody can sign in, and no user is invented.
 */
export const authProvider: AuthProvider = {
  login: () => Promise.reject(new Error('Console sign-in is not available yet.')),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
};

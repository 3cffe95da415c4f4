import { useMutation } from '@tanstack/react-query';
import type {
  AuthAnswer,
  ChangePasswordRequest,
  ForgetPasswordRequest,
  GoogleSignInRequest,
  LoginRequest,
  MessageAnswer,
  RegisterRequest,
  SessionUser,
} from '@linkcoin/domain/accounts/contracts.ts';
import { BROWSER_SESSION_HEADERS } from '@linkcoin/frontend-shared/session/session.ts';
import { apiRequest } from '../api-client';
import type { MutationConfig } from '../react-query';

/** POST /api/pageowners/register: opens the account; the answer carries no token. */
export const registerAccount = (input: RegisterRequest) =>
  apiRequest<MessageAnswer & { user: SessionUser }>('/pageowners/register', {
    method: 'POST',
    body: input,
  });

/*
 * Every sign-in asks for a browser session (BROWSER_SESSION_HEADERS): the answer's token is a
 * short-lived access token kept in memory, and the server sets the HttpOnly refresh cookie that
 * every tab and reload of this browser exchanges for its own token (session module).
 */

/** POST /api/pageowners/login. */
export const login = (credentials: LoginRequest) =>
  apiRequest<AuthAnswer>('/pageowners/login', {
    method: 'POST',
    body: credentials,
    headers: BROWSER_SESSION_HEADERS,
  });

/** POST /api/pageowners/admin-login: 403 for anyone who is not an admin. */
export const adminLogin = (credentials: LoginRequest) =>
  apiRequest<AuthAnswer>('/pageowners/admin-login', {
    method: 'POST',
    body: credentials,
    headers: BROWSER_SESSION_HEADERS,
  });

/** POST /api/pageowners/google: with a role from the registration screens, without from login. */
export const googleSignIn = (request: GoogleSignInRequest) =>
  apiRequest<AuthAnswer & { isNewUser: boolean }>('/pageowners/google', {
    method: 'POST',
    body: request,
    headers: BROWSER_SESSION_HEADERS,
  });

/** POST /api/pageowners/change-password: signed in, with the current password; signs in anew. */
export const changePassword = (input: ChangePasswordRequest) =>
  apiRequest<AuthAnswer & { message: string }>('/pageowners/change-password', {
    method: 'POST',
    auth: true,
    body: input,
    headers: BROWSER_SESSION_HEADERS,
  });

/** POST /api/pageowners/forget-password, with the verification token of the reset code. */
export const resetPassword = (input: ForgetPasswordRequest) =>
  apiRequest<MessageAnswer>('/pageowners/forget-password', { method: 'POST', body: input });

/** POST /api/pageowners/logout: revokes every token of the account. */
export const logout = () =>
  apiRequest<MessageAnswer>('/pageowners/logout', { method: 'POST', auth: true });

/*
 * Mutation hooks for the calls screens make themselves. Login, registration, logout and refresh
 * belong to the session (AuthProvider keeps the auth state of docs/product-spec.md section 4 and the browser's
 * session in step), so they are called from there. None of these calls changes a cached query,
 * so none invalidates one.
 */

/** Admin login (/adminLogin): the answer is kept by the page once the role is checked. */
export function useAdminLogin({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof adminLogin> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: adminLogin });
}

/** The signed-in Change Password page. */
export function useChangePassword({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof changePassword> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: changePassword });
}

/** Google sign-in from the widget on the login and registration screens. */
export function useGoogleSignIn({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof googleSignIn> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: googleSignIn });
}

/** The last step of the password reset. */
export function useResetPassword({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof resetPassword> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: resetPassword });
}

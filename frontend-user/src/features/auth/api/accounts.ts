import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  AuthAnswer,
  CheckAuthAnswer,
  ForgetPasswordRequest,
  GoogleSignInRequest,
  LoginRequest,
  MessageAnswer,
  RefreshAnswer,
  RegisterRequest,
  SessionUser,
} from '@linkcoin/domain/accounts/contracts.ts';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/pageowners/register: opens the account; the answer carries no token. */
export const registerAccount = (input: RegisterRequest) =>
  apiRequest<MessageAnswer & { user: SessionUser }>('/pageowners/register', {
    method: 'POST',
    body: input,
  });

/** POST /api/pageowners/login. */
export const login = (credentials: LoginRequest) =>
  apiRequest<AuthAnswer>('/pageowners/login', { method: 'POST', body: credentials });

/** POST /api/pageowners/admin-login: 403 for anyone who is not an admin. */
export const adminLogin = (credentials: LoginRequest) =>
  apiRequest<AuthAnswer>('/pageowners/admin-login', { method: 'POST', body: credentials });

/** POST /api/pageowners/google: with a role from the registration screens, without from login. */
export const googleSignIn = (request: GoogleSignInRequest) =>
  apiRequest<AuthAnswer & { isNewUser: boolean }>('/pageowners/google', {
    method: 'POST',
    body: request,
  });

/** POST /api/pageowners/logout: revokes every token of the account. */
export const logout = () =>
  apiRequest<MessageAnswer>('/pageowners/logout', { method: 'POST', auth: true });

/** POST /api/pageowners/refresh: a fresh token for the signed-in user. */
export const refreshToken = () =>
  apiRequest<RefreshAnswer>('/pageowners/refresh', { method: 'POST', auth: true });

/** POST /api/pageowners/forget-password, with the verification token of the reset code. */
export const resetPassword = (input: ForgetPasswordRequest) =>
  apiRequest<MessageAnswer>('/pageowners/forget-password', { method: 'POST', body: input });

/**
 * GET /api/pageowners/check-auth with the bearer token and the stored user's id. Never cached:
 * it answers whether the session still holds right now.
 */
export const checkAuthQueryOptions = (token: string, userId: string | null) =>
  queryOptions({
    queryKey: ['check-auth', token, userId],
    queryFn: ({ signal }) =>
      apiRequest<CheckAuthAnswer>('/pageowners/check-auth', {
        auth: true,
        headers: { userid: userId ?? '' },
        signal,
      }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/*
 * Mutation hooks for the calls screens make themselves. Login, registration, logout and refresh
 * belong to the session (AuthProvider keeps the auth state of spec section 4 and the stored
 * session in step), so they are called from there; check-auth's cache entry is removed when the
 * session ends. None of these calls changes a cached query, so none invalidates one.
 */

/** Admin login (/adminLogin): the answer is kept by the page once the role is checked. */
export function useAdminLogin({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof adminLogin> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: adminLogin });
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

import { createContext, useContext } from 'react';
import type {
  AuthAnswer,
  LoginRequest,
  RegisterRequest,
  SessionUser,
} from '@linkcoin/domain/accounts/contracts.ts';
import type { AuthState } from './auth-state';

export type AuthContextValue = AuthState & {
  /** Logs in; answers the user, or null when it failed (the error is then in the state). */
  login: (credentials: LoginRequest) => Promise<SessionUser | null>;
  /**
   * Registers, then logs the new account in at once (docs/product-spec.md section 7), brands and creators
   * alike. Answers the user, or null when it failed (the error is then in the state).
   */
  register: (input: RegisterRequest) => Promise<SessionUser | null>;
  /** A local login with an answer obtained elsewhere (admin login, Google). */
  signIn: (answer: AuthAnswer) => SessionUser;
  /** Logs out on the server (a failure is ignored), then clears the session and the toasts. */
  logout: () => Promise<void>;
  /** Ends the session in this browser only (e.g. after a password reset revoked its token). */
  signOutLocally: (error?: string | null) => void;
  /** After a profile save: the user takes the saved name, company and photo (spec: update-user). */
  userUpdated: (
    changes: Partial<Pick<SessionUser, 'ownerName' | 'companyName' | 'profilePicUrl'>>,
  ) => void;
  /** The signed-in user's LinkCoin balance as the wallet last answered it (stored user too). */
  coinsUpdated: (linkCoins: number) => void;
  /** A fresh access token from the browser's session; answers whether it worked. */
  refreshToken: () => Promise<boolean>;
  clearError: () => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The session and what can be done with it; only inside `AuthProvider`. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}

/** Admin screens are admin-only, checked on the client by role (docs/product-spec.md section 6). */
export function isAdmin(user: SessionUser | null): boolean {
  return user !== null && (user.role === 'admin' || user.roles.includes('admin'));
}

import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@linkcoin/frontend-shared/session/session.ts';
import { authReducer, displayedAuthError, initialAuthState, type AuthState } from './auth-state';

const user: SessionUser = {
  _id: 'u1',
  ownerName: 'Asha',
  email: 'a@x.in',
  role: 'influencer',
  roles: ['influencer'],
  linkCoins: 0,
};

const signedOut: AuthState = {
  isAuthenticated: false,
  user: null,
  token: null,
  isLoading: false,
  error: null,
};

describe('initial auth state', () => {
  it('is authenticated with the stored user when a token is stored, pending check-auth', () => {
    expect(initialAuthState({ token: 't', tokenExpiration: 2_000, user }, 1_000)).toEqual({
      isAuthenticated: true,
      user,
      token: 't',
      isLoading: true,
      error: null,
    });
  });

  it('has the hidden "No token found" without a token', () => {
    expect(initialAuthState({ token: null, tokenExpiration: null, user: null }, 1_000)).toEqual({
      ...signedOut,
      error: 'No token found',
    });
  });

  it('is signed out with "Token expired" once the stored expiry has passed', () => {
    expect(initialAuthState({ token: 't', tokenExpiration: 1_000, user }, 1_000)).toEqual({
      ...signedOut,
      error: 'Token expired',
    });
  });
});

describe('auth transitions', () => {
  it('set loading and clear the error while a call is pending', () => {
    const state = authReducer({ ...signedOut, error: 'Login failed' }, { type: 'pending' });
    expect(state).toEqual({ ...signedOut, isLoading: true });
  });

  it('authenticate on login with the user and token', () => {
    const state = authReducer(
      { ...signedOut, isLoading: true },
      { type: 'signedIn', user, token: 't' },
    );
    expect(state).toEqual({
      isAuthenticated: true,
      user,
      token: 't',
      isLoading: false,
      error: null,
    });
  });

  it('store only the error when login or registration fails', () => {
    const state = authReducer({ ...signedOut, isLoading: true }, { type: 'failed', error: 'Nope' });
    expect(state).toEqual({ ...signedOut, error: 'Nope' });
  });

  it('take the user and the authenticated flag from check-auth', () => {
    const start = initialAuthState({ token: 't', tokenExpiration: null, user: null }, 0);
    expect(authReducer(start, { type: 'sessionChecked', user, success: true })).toEqual({
      isAuthenticated: true,
      user,
      token: 't',
      isLoading: false,
      error: null,
    });
  });

  it('clear everything on sign-out, keeping the reason', () => {
    const signedIn = authReducer(signedOut, { type: 'signedIn', user, token: 't' });
    expect(authReducer(signedIn, { type: 'signedOut', error: 'Token expired' })).toEqual({
      ...signedOut,
      error: 'Token expired',
    });
  });

  it('end the session but keep the user when a refresh fails', () => {
    const signedIn = authReducer(signedOut, { type: 'signedIn', user, token: 't' });
    const state = authReducer(signedIn, { type: 'refreshFailed', error: 'Token refresh failed' });
    expect(state).toMatchObject({ isAuthenticated: false, token: null, user });
  });

  it('leave a registered brand signed out', () => {
    const state = authReducer({ ...signedOut, isLoading: true }, { type: 'registered' });
    expect(state).toEqual(signedOut);
  });
});

describe('displayed auth error', () => {
  it('follows the error with " - Please try again"', () => {
    expect(displayedAuthError('Invalid email or password')).toBe(
      'Invalid email or password - Please try again',
    );
  });

  it('hides "No token found" and the absence of an error', () => {
    expect(displayedAuthError('No token found')).toBeNull();
    expect(displayedAuthError(null)).toBeNull();
  });
});

describe('a profile save', () => {
  it("replaces the signed-in user's name, and does nothing when signed out", () => {
    const signedIn: AuthState = { ...signedOut, isAuthenticated: true, user, token: 't' };
    expect(authReducer(signedIn, { type: 'userUpdated', ownerName: 'asha.cooks' }).user).toEqual({
      ...user,
      ownerName: 'asha.cooks',
    });
    expect(authReducer(signedOut, { type: 'userUpdated', ownerName: 'x' })).toBe(signedOut);
  });
});

describe('a new balance', () => {
  it("replaces the signed-in user's LinkCoins, and does nothing when unchanged or signed out", () => {
    const signedIn: AuthState = { ...signedOut, isAuthenticated: true, user, token: 't' };
    expect(authReducer(signedIn, { type: 'coinsUpdated', linkCoins: 30 }).user).toEqual({
      ...user,
      linkCoins: 30,
    });
    expect(authReducer(signedIn, { type: 'coinsUpdated', linkCoins: user.linkCoins })).toBe(
      signedIn,
    );
    expect(authReducer(signedOut, { type: 'coinsUpdated', linkCoins: 30 })).toBe(signedOut);
  });
});

describe('a check-auth without an answer', () => {
  it('keeps the stored session and stops loading', () => {
    const checking: AuthState = {
      isAuthenticated: true,
      user,
      token: 't',
      isLoading: true,
      error: null,
    };
    expect(authReducer(checking, { type: 'sessionUnconfirmed' })).toEqual({
      ...checking,
      isLoading: false,
    });
  });
});

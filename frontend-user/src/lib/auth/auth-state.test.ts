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
  companyName: null,
  handle: null,
  profilePicUrl: '',
};

const signedOut: AuthState = {
  isAuthenticated: false,
  user: null,
  token: null,
  isLoading: false,
  error: null,
};

describe('initial auth state', () => {
  it('is authenticated with the user this tab last saw while the browser has a session, pending the refresh', () => {
    expect(initialAuthState({ signedIn: true, user })).toEqual({
      isAuthenticated: true,
      user,
      token: null,
      isLoading: true,
      error: null,
    });
    // A new tab knows no user yet: the refresh brings it.
    expect(initialAuthState({ signedIn: true, user: null })).toMatchObject({
      isAuthenticated: true,
      user: null,
    });
  });

  it('has the hidden "No token found" without a session', () => {
    expect(initialAuthState({ signedIn: false, user })).toEqual({
      ...signedOut,
      error: 'No token found',
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

  it("take the user and the token from the browser session's refresh", () => {
    const start = initialAuthState({ signedIn: true, user: null });
    expect(authReducer(start, { type: 'signedIn', user, token: 't' })).toEqual({
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
  it("replaces the signed-in user's name and photo, and does nothing when signed out", () => {
    const signedIn: AuthState = { ...signedOut, isAuthenticated: true, user, token: 't' };
    const changes = { ownerName: 'Asha Khan', profilePicUrl: '/uploads/a.jpg' };
    expect(authReducer(signedIn, { type: 'userUpdated', changes }).user).toEqual({
      ...user,
      ...changes,
    });
    expect(authReducer(signedOut, { type: 'userUpdated', changes })).toBe(signedOut);
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

describe('a refresh without an answer', () => {
  it('keeps the session and stops loading', () => {
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

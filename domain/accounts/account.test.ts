import { describe, expect, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import {
  accountDecider,
  sessionsEndedBy,
  type AccountEvent,
  type AccountRegistered,
} from './account.ts';

const given = DeciderSpecification.for(accountDecider);
const now = new Date('2026-03-01T09:00:00.000Z');
const meta = testMetadata({ now, actorUserId: 'admin-1' });

const registered: AccountRegistered = {
  type: 'AccountRegistered',
  data: {
    userId: 'u1',
    email: 'asha@example.in',
    ownerName: 'Asha',
    role: 'influencer',
    mobile: '',
    passwordHash: 'scrypt$hash-1',
    googleSub: null,
    emailProof: 'email_otp',
    registeredAt: '2026-02-01T00:00:00.000Z',
  },
};

describe('an account', () => {
  it('is registered once with the role chosen at registration', () => {
    const { registeredAt: _at, ...data } = registered.data;
    given([])
      .when({ type: 'RegisterAccount', data, metadata: meta })
      .then({
        type: 'AccountRegistered',
        data: { ...data, registeredAt: now.toISOString() },
      });
  });

  it('cannot be registered twice', () => {
    const { registeredAt: _at, ...data } = registered.data;
    given(registered)
      .when({ type: 'RegisterAccount', data, metadata: meta })
      .thenRefused('conflict', 'Email already registered. Please login instead.');
  });

  it('resets its password and revokes every token issued before', () => {
    given(registered)
      .when({ type: 'ResetPassword', data: { passwordHash: 'scrypt$hash-2' }, metadata: meta })
      .then({
        type: 'PasswordChanged',
        data: {
          userId: 'u1',
          passwordHash: 'scrypt$hash-2',
          reason: 'reset',
          tokenVersion: 1,
          changedAt: now.toISOString(),
        },
      });
  });

  it('refuses a password reset for an address nobody registered', () => {
    given([])
      .when({ type: 'ResetPassword', data: { passwordHash: 'x' }, metadata: meta })
      .thenRefused('not_found', 'No user found with this email address');
  });

  it('revokes its tokens on logout, one version further each time', () => {
    const loggedOut: AccountEvent = {
      type: 'LoggedOut',
      data: { userId: 'u1', tokenVersion: 1, at: '2026-02-02T00:00:00.000Z' },
    };
    given([registered, loggedOut])
      .when({ type: 'LogOut', data: {}, metadata: meta })
      .then({ type: 'LoggedOut', data: { userId: 'u1', tokenVersion: 2, at: now.toISOString() } });
  });

  it('is granted the auditor role by an admin, once', () => {
    given(registered)
      .when({ type: 'GrantRole', data: { role: 'auditor' }, metadata: meta })
      .then({
        type: 'RoleGranted',
        data: { userId: 'u1', role: 'auditor', grantedBy: 'admin-1', at: now.toISOString() },
      });
    given([
      registered,
      {
        type: 'RoleGranted',
        data: {
          userId: 'u1',
          role: 'auditor',
          grantedBy: 'admin-1',
          at: '2026-02-03T00:00:00.000Z',
        },
      },
    ])
      .when({ type: 'GrantRole', data: { role: 'auditor' }, metadata: meta })
      .thenNothingHappens();
  });

  it('has a granted role revoked, ending every session; revoking again changes nothing', () => {
    const granted: AccountEvent = {
      type: 'RoleGranted',
      data: { userId: 'u1', role: 'auditor', grantedBy: 'admin-1', at: now.toISOString() },
    };
    const revoked: AccountEvent = {
      type: 'RoleRevoked',
      data: {
        userId: 'u1',
        role: 'auditor',
        revokedBy: 'admin-1',
        tokenVersion: 1,
        at: now.toISOString(),
      },
    };
    given([registered, granted])
      .when({ type: 'RevokeRole', data: { role: 'auditor' }, metadata: meta })
      .then(revoked);
    given([registered, granted, revoked])
      .when({ type: 'RevokeRole', data: { role: 'auditor' }, metadata: meta })
      .thenNothingHappens();
    given([registered, granted, revoked])
      .when({ type: 'GrantRole', data: { role: 'auditor' }, metadata: meta })
      .thenState((state) => {
        if (state.status !== 'active') throw new Error('expected an active account');
        if (state.tokenVersion !== 1) throw new Error('the revocation must move the version on');
      });
    expect(sessionsEndedBy(revoked)).toEqual({ userId: 'u1', tokenVersion: 1 });
    expect(sessionsEndedBy(granted)).toBeNull();
  });

  it('cannot be granted a role when it does not exist', () => {
    given([])
      .when({ type: 'GrantRole', data: { role: 'auditor' }, metadata: meta })
      .thenRefused('not_found', 'User not found.');
  });

  it('links one Google account, and refuses another', () => {
    given(registered)
      .when({ type: 'LinkGoogleAccount', data: { googleSub: 'g-1' }, metadata: meta })
      .then({
        type: 'GoogleAccountLinked',
        data: { userId: 'u1', googleSub: 'g-1', at: now.toISOString() },
      });
    const linked: AccountEvent = {
      type: 'GoogleAccountLinked',
      data: { userId: 'u1', googleSub: 'g-1', at: '2026-02-04T00:00:00.000Z' },
    };
    given([registered, linked])
      .when({ type: 'LinkGoogleAccount', data: { googleSub: 'g-1' }, metadata: meta })
      .thenNothingHappens();
    given([registered, linked])
      .when({ type: 'LinkGoogleAccount', data: { googleSub: 'g-2' }, metadata: meta })
      .thenRefused('conflict', /another Google account/);
  });

  it('keeps the state an authenticated request needs', () => {
    given([
      registered,
      {
        type: 'LoggedOut',
        data: { userId: 'u1', tokenVersion: 1, at: '2026-02-02T00:00:00.000Z' },
      },
    ])
      .when({ type: 'GrantRole', data: { role: 'auditor' }, metadata: meta })
      .thenState((state) => {
        if (state.status !== 'active') throw new Error('expected an active account');
        if (state.tokenVersion !== 1) throw new Error('token version lost');
        if (state.grantedRoles.join() !== 'auditor') throw new Error('role not granted');
      });
  });
});

import type { Decider } from '../shared/decider.ts';
import { cleanName } from '../shared/names.ts';
import { DomainError } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import { ACCOUNT_MESSAGES as M } from './messages.ts';
import type { GrantableRole, PrimaryRole, Role } from './roles.ts';

/** How the owner proved the e-mail address was theirs when the account was opened. */
export type EmailProof = 'email_otp' | 'google' | 'operator';

export type AccountRegistered = Event<
  'AccountRegistered',
  {
    userId: string;
    email: string;
    ownerName: string;
    /** A brand's company name given at sign-up (absent from accounts opened before it existed). */
    companyName?: string | null;
    role: PrimaryRole;
    mobile: string;
    /** scrypt hash; null for an account opened with Google only. */
    passwordHash: string | null;
    /** Google's stable subject id, when opened with Google. Never used as a password. */
    googleSub: string | null;
    emailProof: EmailProof;
    registeredAt: string;
  }
>;
export type PasswordChanged = Event<
  'PasswordChanged',
  {
    userId: string;
    passwordHash: string;
    /** `reset`: through a code mailed to the address; `change`: signed in, with the old one. */
    reason: 'reset' | 'change';
    tokenVersion: number;
    changedAt: string;
  }
>;
/** Every token issued before is revoked: tokens carry the version they were issued at. */
export type LoggedOut = Event<'LoggedOut', { userId: string; tokenVersion: number; at: string }>;
export type RoleGranted = Event<
  'RoleGranted',
  { userId: string; role: GrantableRole; grantedBy: string | null; at: string }
>;
/** A granted role taken back; every session is revoked with it (they were opened holding it). */
export type RoleRevoked = Event<
  'RoleRevoked',
  {
    userId: string;
    role: GrantableRole;
    revokedBy: string | null;
    tokenVersion: number;
    at: string;
  }
>;
export type GoogleAccountLinked = Event<
  'GoogleAccountLinked',
  { userId: string; googleSub: string; at: string }
>;

export type AccountEvent =
  AccountRegistered | PasswordChanged | LoggedOut | RoleGranted | RoleRevoked | GoogleAccountLinked;

export type RegisterAccount = Command<
  'RegisterAccount',
  Omit<AccountRegistered['data'], 'registeredAt'>
>;
export type ResetPassword = Command<'ResetPassword', { passwordHash: string }>;
/** The signed-in owner changes the password (the handler checked the current one). */
export type ChangePassword = Command<'ChangePassword', { passwordHash: string }>;
export type LogOut = Command<'LogOut', Record<string, never>>;
export type GrantRole = Command<'GrantRole', { role: GrantableRole }>;
export type RevokeRole = Command<'RevokeRole', { role: GrantableRole }>;
export type LinkGoogleAccount = Command<'LinkGoogleAccount', { googleSub: string }>;

export type AccountCommand =
  | RegisterAccount
  | ResetPassword
  | ChangePassword
  | LogOut
  | GrantRole
  | RevokeRole
  | LinkGoogleAccount;

export type ActiveAccount = Readonly<{
  status: 'active';
  userId: string;
  email: string;
  ownerName: string;
  companyName: string | null;
  role: PrimaryRole;
  grantedRoles: readonly GrantableRole[];
  passwordHash: string | null;
  googleSub: string | null;
  tokenVersion: number;
  registeredAt: string;
}>;
export type AccountState = Readonly<{ status: 'none' }> | ActiveAccount;

export const accountStreamId = (userId: string): string => `account-${userId}`;

/**
 * The sessions an account event ends: every token issued before the version it moves to. Logout,
 * a password reset and a revoked role move the version on; gateways close the sockets of older
 * tokens at once when they see such an event (services/accounts/sessions.ts).
 */
export const sessionsEndedBy = (
  event: AccountEvent,
): Readonly<{ userId: string; tokenVersion: number }> | null => {
  switch (event.type) {
    case 'LoggedOut':
    case 'PasswordChanged':
    case 'RoleRevoked':
      return { userId: event.data.userId, tokenVersion: event.data.tokenVersion };
    default:
      return null;
  }
};

/** Every role an account holds: the registered one and those granted since. */
export const rolesOf = (account: ActiveAccount): Role[] => [account.role, ...account.grantedRoles];

const active = (state: AccountState, message: string = M.accountNotFound): ActiveAccount => {
  if (state.status !== 'active') throw new DomainError('not_found', message);
  return state;
};

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: () => ({ status: 'none' }),

  decide: (command, state) => {
    const at = command.metadata.now.toISOString();
    switch (command.type) {
      case 'RegisterAccount':
        if (state.status === 'active') throw new DomainError('conflict', M.emailAlreadyRegistered);
        return { type: 'AccountRegistered', data: { ...command.data, registeredAt: at } };
      case 'ResetPassword':
      case 'ChangePassword': {
        const account = active(state, M.noUserWithEmail);
        return {
          type: 'PasswordChanged',
          data: {
            userId: account.userId,
            passwordHash: command.data.passwordHash,
            reason: command.type === 'ResetPassword' ? 'reset' : 'change',
            tokenVersion: account.tokenVersion + 1,
            changedAt: at,
          },
        };
      }
      case 'LogOut': {
        const account = active(state);
        return {
          type: 'LoggedOut',
          data: { userId: account.userId, tokenVersion: account.tokenVersion + 1, at },
        };
      }
      case 'GrantRole': {
        const account = active(state);
        // Granting a role already held changes nothing, so a repeated request is harmless.
        if (account.grantedRoles.includes(command.data.role)) return [];
        return {
          type: 'RoleGranted',
          data: {
            userId: account.userId,
            role: command.data.role,
            grantedBy: command.metadata.actorUserId,
            at,
          },
        };
      }
      case 'RevokeRole': {
        const account = active(state);
        // Revoking a role not held changes nothing, so a repeated request is harmless.
        if (!account.grantedRoles.includes(command.data.role)) return [];
        return {
          type: 'RoleRevoked',
          data: {
            userId: account.userId,
            role: command.data.role,
            revokedBy: command.metadata.actorUserId,
            tokenVersion: account.tokenVersion + 1,
            at,
          },
        };
      }
      case 'LinkGoogleAccount': {
        const account = active(state);
        if (account.googleSub === command.data.googleSub) return [];
        if (account.googleSub !== null) {
          throw new DomainError('conflict', 'This account is linked to another Google account.');
        }
        return {
          type: 'GoogleAccountLinked',
          data: { userId: account.userId, googleSub: command.data.googleSub, at },
        };
      }
    }
  },

  evolve: (state, event) => {
    if (event.type === 'AccountRegistered') {
      const { userId, email, ownerName, role, passwordHash, googleSub, registeredAt } = event.data;
      return {
        status: 'active',
        userId,
        email,
        // Names recorded before they were checked are read clean (events stay as written).
        ownerName: cleanName(ownerName),
        companyName: event.data.companyName ?? null,
        role,
        grantedRoles: [],
        passwordHash,
        googleSub,
        tokenVersion: 0,
        registeredAt,
      };
    }
    if (state.status !== 'active') return state;
    switch (event.type) {
      case 'PasswordChanged':
        return {
          ...state,
          passwordHash: event.data.passwordHash,
          tokenVersion: event.data.tokenVersion,
        };
      case 'LoggedOut':
        return { ...state, tokenVersion: event.data.tokenVersion };
      case 'RoleGranted':
        return { ...state, grantedRoles: [...state.grantedRoles, event.data.role] };
      case 'RoleRevoked':
        return {
          ...state,
          grantedRoles: state.grantedRoles.filter((role) => role !== event.data.role),
          tokenVersion: event.data.tokenVersion,
        };
      case 'GoogleAccountLinked':
        return { ...state, googleSub: event.data.googleSub };
    }
  },
};

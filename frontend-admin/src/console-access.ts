import type { SessionUser } from '@linkcoin/domain/accounts/contracts.ts';
import type { Role } from '@linkcoin/domain/accounts/roles.ts';

/** Who may use the console: admins run it, auditors read it. */
export const CONSOLE_ROLES: readonly Role[] = ['admin', 'auditor'];

export const isConsoleUser = (user: SessionUser | null): user is SessionUser =>
  user !== null && user.roles.some((role) => CONSOLE_ROLES.includes(role));

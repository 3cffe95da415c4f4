import type { Role } from '@linkcoin/domain/accounts/roles.ts';

/** A row of the users resource (GET /api/admin/users). */
export type ConsoleUser = {
  id: string;
  email: string;
  ownerName: string;
  role: Role;
  roles: Role[];
  signInMethods: ('password' | 'google')[];
  emailProof: string;
  registeredAt: string;
  passwordResetAt: string | null;
  lastLogoutAt: string | null;
};

import { z } from 'zod';
import { rolesOf, type ActiveAccount } from '@linkcoin/domain/accounts/account.ts';
import { grantRoleRequest, type AdminUserView } from '@linkcoin/domain/accounts/contracts.ts';
import { GRANTABLE_ROLES } from '@linkcoin/domain/accounts/roles.ts';
import { signedIn, type Endpoint } from '../platform/http/endpoint.ts';
import { commandMetadata } from '../platform/http/metadata.ts';
import { parse, parseBody } from '../platform/http/validate.ts';
import type { ProjectionProgress } from '../platform/projection-progress.ts';
import type { Clock } from '../platform/clock.ts';
import type { AccountHandlers } from './handlers.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const roleParams = z.object({
  id: z.string().min(1).max(64),
  role: z.enum(GRANTABLE_ROLES, `The role can only be ${GRANTABLE_ROLES.join(' or ')}.`),
});

export type ConsoleUserDeps = Readonly<{
  accounts: AccountHandlers;
  progress: ProjectionProgress;
  clock: Clock;
}>;

/** The account a role change answers, as its stream has it after the change. */
const userView = (account: ActiveAccount): AdminUserView => ({
  id: account.userId,
  email: account.email,
  ownerName: account.ownerName,
  role: account.role,
  roles: rolesOf(account),
});

/**
 * The console's role grants, for admins. The console lists and shows users from the audit
 * context's user overviews (`/admin/user-overviews`); its own list here and the accounts read
 * model behind it served no screen and were retired (context.ts).
 */
export const consoleUserEndpoints = ({
  accounts,
  progress,
  clock,
}: ConsoleUserDeps): Endpoint[] => {
  return [
    {
      method: 'post',
      path: '/admin/users/:id/roles',
      summary: 'Grant a role (auditor) to a user',
      access: signedIn('admin'),
      input: { params: idParams, body: grantRoleRequest },
      handler: async (req, res) => {
        const { id } = parse(idParams, req.params);
        const { role } = parseBody(grantRoleRequest, req);
        const changed = await accounts.grantRole(id, role, commandMetadata(req, clock));
        // The console's users (the audit overviews) show the role once it answers.
        await progress.waitFor(changed.position);
        res.json(userView(changed.account));
      },
    },
    {
      method: 'delete',
      path: '/admin/users/:id/roles/:role',
      summary: "Revoke a granted role (auditor); ends every one of that user's sessions",
      access: signedIn('admin'),
      input: { params: roleParams },
      handler: async (req, res) => {
        const { id, role } = parse(roleParams, req.params);
        const changed = await accounts.revokeRole(id, role, commandMetadata(req, clock));
        await progress.waitFor(changed.position);
        res.json(userView(changed.account));
      },
    },
  ];
};

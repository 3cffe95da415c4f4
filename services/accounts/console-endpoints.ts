import { z } from 'zod';
import { grantRoleRequest } from '@linkcoin/domain/accounts/contracts.ts';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import { GRANTABLE_ROLES, ROLES } from '@linkcoin/domain/accounts/roles.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { ReadStore, Query } from '@linkcoin/infra/readstore/port.ts';
import { signedIn, type Endpoint } from '../platform/http/endpoint.ts';
import { commandMetadata } from '../platform/http/metadata.ts';
import { findPage, listQuery, parseListRequest, sendList } from '../platform/http/simple-rest.ts';
import { parse, parseBody } from '../platform/http/validate.ts';
import type { ProjectionProgress } from '../platform/projection-progress.ts';
import type { Clock } from '../platform/clock.ts';
import type { AccountHandlers } from './handlers.ts';
import { ACCOUNTS, type AccountView } from './projection.ts';

const userFilter = z.object({
  q: z.string().max(100).optional(),
  role: z.enum(ROLES).optional(),
  id: z.union([z.string().max(64), z.array(z.string().max(64)).max(100)]).optional(),
});
const idParams = z.object({ id: z.string().min(1).max(64) });
const roleParams = z.object({
  id: z.string().min(1).max(64),
  role: z.enum(GRANTABLE_ROLES, `The role can only be ${GRANTABLE_ROLES.join(' or ')}.`),
});

export type ConsoleUserDeps = Readonly<{
  readStore: ReadStore;
  accounts: AccountHandlers;
  progress: ProjectionProgress;
  clock: Clock;
}>;

/** The console's users resource: list, search and show for admins and auditors; grants for admins. */
export const consoleUserEndpoints = ({
  readStore,
  accounts,
  progress,
  clock,
}: ConsoleUserDeps): Endpoint[] => {
  const users = () => readStore.collection<AccountView>(ACCOUNTS);
  return [
    {
      method: 'get',
      path: '/admin/users',
      summary: 'Users, searchable by name or e-mail, filterable by role (console list)',
      access: signedIn('admin', 'auditor'),
      input: { query: listQuery },
      handler: async (req, res) => {
        const list = parseListRequest(req);
        const filter = parse(userFilter, list.filter);
        const where: NonNullable<Query['where']> = {
          ...(filter.role ? { roles: { $contains: filter.role } } : {}),
          ...(filter.id ? { id: Array.isArray(filter.id) ? { $in: filter.id } : filter.id } : {}),
        };
        const query = { where, ...(filter.q?.trim() ? { text: filter.q } : {}) };
        const { rows, total } = await findPage(
          users(),
          query,
          list,
          ['registeredAt', 'email', 'ownerName', 'role'],
          ['registeredAt', -1],
        );
        sendList(res, 'users', rows, list.skip, total);
      },
    },
    {
      method: 'get',
      path: '/admin/users/:id',
      summary: 'One user (console show)',
      access: signedIn('admin', 'auditor'),
      input: { params: idParams },
      handler: async (req, res) => {
        const { id } = parse(idParams, req.params);
        const user = await users().get(id);
        if (!user) throw new DomainError('not_found', M.accountNotFound);
        res.json(user);
      },
    },
    {
      method: 'post',
      path: '/admin/users/:id/roles',
      summary: 'Grant a role (auditor) to a user',
      access: signedIn('admin'),
      input: { params: idParams, body: grantRoleRequest },
      handler: async (req, res) => {
        const { id } = parse(idParams, req.params);
        const { role } = parseBody(grantRoleRequest, req);
        const { position } = await accounts.grantRole(id, role, commandMetadata(req, clock));
        await progress.waitFor(position);
        res.json(await users().get(id));
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
        const { position } = await accounts.revokeRole(id, role, commandMetadata(req, clock));
        await progress.waitFor(position);
        res.json(await users().get(id));
      },
    },
  ];
};

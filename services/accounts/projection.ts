import { cleanName } from '@linkcoin/domain/shared/names.ts';
import type { AccountEvent } from '@linkcoin/domain/accounts/account.ts';
import type { AdminUserView } from '@linkcoin/domain/accounts/contracts.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

/** One row per account, for the console's users list and search: the API's shape as stored. */
export type AccountView = AdminUserView;

export const ACCOUNTS = 'accounts';

export const accountsProjection: Projection = {
  name: 'accounts',
  // 2: names recorded before they were checked are stored clean (cleanName).
  version: 2,
  collections: [
    {
      name: ACCOUNTS,
      indexes: [{ fields: ['email'] }, { fields: ['role'] }, { fields: ['registeredAt'] }],
      textSearch: ['ownerName', 'email'],
    },
  ],
  eventTypes: [
    'AccountRegistered',
    'PasswordChanged',
    'LoggedOut',
    'RoleGranted',
    'RoleRevoked',
    'GoogleAccountLinked',
  ],
  apply: async (recorded, tx) => {
    const event = recorded as RecordedEvent<AccountEvent>;
    const id = event.data.userId;
    if (event.type === 'AccountRegistered') {
      const { data } = event;
      await tx.put<AccountView>(ACCOUNTS, id, {
        id,
        email: data.email,
        ownerName: cleanName(data.ownerName),
        role: data.role,
        roles: [data.role],
        signInMethods: [
          ...(data.passwordHash ? (['password'] as const) : []),
          ...(data.googleSub ? (['google'] as const) : []),
        ],
        emailProof: data.emailProof,
        registeredAt: data.registeredAt,
        passwordResetAt: null,
        lastLogoutAt: null,
      });
      return;
    }
    const view = await tx.get<AccountView>(ACCOUNTS, id);
    if (!view) return;
    switch (event.type) {
      case 'PasswordChanged':
        await tx.put<AccountView>(ACCOUNTS, id, {
          ...view,
          passwordResetAt: event.data.changedAt,
          signInMethods: view.signInMethods.includes('password')
            ? view.signInMethods
            : [...view.signInMethods, 'password'],
        });
        break;
      case 'LoggedOut':
        await tx.put<AccountView>(ACCOUNTS, id, { ...view, lastLogoutAt: event.data.at });
        break;
      case 'RoleGranted':
        await tx.put<AccountView>(ACCOUNTS, id, {
          ...view,
          roles: view.roles.includes(event.data.role)
            ? view.roles
            : [...view.roles, event.data.role],
        });
        break;
      case 'RoleRevoked':
        await tx.put<AccountView>(ACCOUNTS, id, {
          ...view,
          roles: view.roles.filter((role) => role !== event.data.role),
        });
        break;
      case 'GoogleAccountLinked':
        await tx.put<AccountView>(ACCOUNTS, id, {
          ...view,
          signInMethods: view.signInMethods.includes('google')
            ? view.signInMethods
            : [...view.signInMethods, 'google'],
        });
        break;
    }
  },
};

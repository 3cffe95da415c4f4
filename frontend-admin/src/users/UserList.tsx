import { DataTable, DateField, List, SearchInput, SelectInput, type ListProps } from 'react-admin';
import { ROLE_LABELS, ROLES } from '@linkcoin/domain/accounts/roles.ts';
import { SafeEmailField } from '../fields/SafeFields';
import { RolesField, SignInMethodsField } from './fields';
import type { ConsoleUser } from './types';

const ROLE_CHOICES = ROLES.map((role) => ({ id: role, name: ROLE_LABELS[role] }));

const userFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name or email" />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} />,
];

const Column = DataTable.Col<ConsoleUser>;

/** Everyone with an account, newest first; searchable by name or e-mail, filterable by role. */
export function UserList(props: ListProps) {
  return (
    <List
      {...props}
      filters={userFilters}
      sort={{ field: 'registeredAt', order: 'DESC' }}
      perPage={25}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <Column source="ownerName" label="Name" />
        <Column source="email" label="Email" field={SafeEmailField} />
        <Column source="roles" label="Role(s)" disableSort>
          <RolesField />
        </Column>
        <Column source="signInMethods" label="Sign-in methods" disableSort>
          <SignInMethodsField />
        </Column>
        <Column source="registeredAt" label="Registered" field={DateField} />
      </DataTable>
    </List>
  );
}

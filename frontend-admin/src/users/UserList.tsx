import { DataTable, DateField, List, SearchInput, SelectInput, type ListProps } from 'react-admin';
import { ROLE_LABELS, ROLES } from '@linkcoin/domain/accounts/roles.ts';
import { INSTAGRAM_STATUS_CHOICES } from '../audit/labels';
import { SafeEmailField } from '../fields/SafeFields';
import {
  InstagramStatusField,
  NameField,
  RolesField,
  SignInMethodsField,
  VerifiedField,
} from './fields';
import type { ConsoleUser } from './types';
import { WideTable } from '../layout/WideTable';

const ROLE_CHOICES = ROLES.map((role) => ({ id: role, name: ROLE_LABELS[role] }));
const VERIFIED_CHOICES = [
  { id: 'instagram', name: 'Instagram' },
  { id: 'youtube', name: 'YouTube' },
  { id: 'none', name: 'Not verified' },
];

const userFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name or email" />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} />,
  <SelectInput key="verified" source="verified" label="Verified" choices={VERIFIED_CHOICES} />,
  <SelectInput
    key="instagramStatus"
    source="instagramStatus"
    label="Instagram request"
    choices={INSTAGRAM_STATUS_CHOICES}
  />,
];

const Column = DataTable.Col<ConsoleUser>;

/**
 * Everyone with an account, newest first, with their LinkCoin balance and verifications;
 * searchable by name or e-mail, filterable by role and verification, sortable by balance.
 */
export function UserList(props: ListProps) {
  return (
    <List
      {...props}
      filters={userFilters}
      sort={{ field: 'registeredAt', order: 'DESC' }}
      perPage={25}
    >
      <WideTable label="Users">
        <DataTable rowClick="show" bulkActionButtons={false}>
          <Column source="ownerName" label="Name">
            <NameField />
          </Column>
          <Column source="email" label="Email" field={SafeEmailField} />
          <Column source="roles" label="Role(s)" disableSort>
            <RolesField />
          </Column>
          <DataTable.NumberCol source="balance" label="LinkCoins" />
          <Column source="verified" label="Verified" disableSort>
            <VerifiedField />
          </Column>
          <Column source="instagram" label="Instagram request" disableSort>
            <InstagramStatusField />
          </Column>
          <Column source="signInMethods" label="Sign-in methods" disableSort>
            <SignInMethodsField />
          </Column>
          <Column source="registeredAt" label="Registered" field={DateField} />
        </DataTable>
      </WideTable>
    </List>
  );
}

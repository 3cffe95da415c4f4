import {
  BooleanField,
  DataTable,
  DateField,
  List,
  NullableBooleanInput,
  ReferenceField,
  SearchInput,
  SelectInput,
  TextField,
  type ListProps,
} from 'react-admin';
import { PLATFORM_CHOICES, PLATFORM_LABELS } from './labels';
import type { HandleClaim } from './types';
import { WideTable } from '../layout/WideTable';

const filters = [
  <SearchInput key="q" source="q" placeholder="Search handle or channel" alwaysOn />,
  <NullableBooleanInput key="needsDesk" source="needsDesk" label="Needs the desk" alwaysOn />,
  <SelectInput
    key="platform"
    source="platform"
    label="Platform"
    choices={PLATFORM_CHOICES}
    emptyText="All"
  />,
];

const Column = DataTable.Col<HandleClaim>;

/**
 * The verification desk's claimed accounts (admins): one row per verified Instagram handle or
 * YouTube channel, its verified owner, how many creators claim it and how many requests wait.
 * Opens on what needs the desk: duplicate verifications and open requests.
 */
export function HandleClaimList(props: ListProps) {
  return (
    <List
      {...props}
      filters={filters}
      filterDefaultValues={{ needsDesk: true }}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={25}
      empty={false}
    >
      <WideTable label="Claimed accounts">
        <DataTable rowClick="show" bulkActionButtons={false}>
          <Column source="label" label="Account" disableSort />
          <Column
            source="platform"
            label="Platform"
            disableSort
            render={(claim) => PLATFORM_LABELS[claim.platform]}
          />
          <Column source="ownerId" label="Verified owner" disableSort>
            <ReferenceField source="ownerId" reference="users" link={false} emptyText="Nobody yet">
              <TextField source="ownerName" />
            </ReferenceField>
          </Column>
          <Column
            source="claims"
            label="Creators claiming it"
            disableSort
            render={(claim) => new Set(claim.claims.map((line) => line.userId)).size}
          />
          <DataTable.NumberCol source="openDisputes" label="Open requests" disableSort />
          <Column source="needsDesk" label="Needs the desk" disableSort>
            <BooleanField source="needsDesk" />
          </Column>
          <Column source="updatedAt" label="Updated">
            <DateField source="updatedAt" showTime />
          </Column>
        </DataTable>
      </WideTable>
    </List>
  );
}

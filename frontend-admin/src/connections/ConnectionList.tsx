import {
  AutocompleteInput,
  BooleanField,
  DataTable,
  DateField,
  List,
  NullableBooleanInput,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TextField,
  type ListProps,
} from 'react-admin';
import type { ConnectionView } from '@linkcoin/domain/audit/contracts.ts';
import { CONNECTION_STATE_CHOICES, CONNECTION_STATE_LABELS } from '../audit/labels';
import { WideTable } from '../layout/WideTable';

const userSearch = (q: string) => (q.trim() ? { q } : {});

const connectionFilters = [
  <SelectInput
    key="state"
    source="state"
    label="State"
    choices={CONNECTION_STATE_CHOICES}
    emptyText="All"
    alwaysOn
  />,
  <ReferenceInput key="payerId" source="payerId" reference="users" label="Payer">
    <AutocompleteInput label="Payer" optionText="ownerName" filterToQuery={userSearch} />
  </ReferenceInput>,
  <ReferenceInput key="creatorId" source="creatorId" reference="users" label="Creator">
    <AutocompleteInput label="Creator" optionText="ownerName" filterToQuery={userSearch} />
  </ReferenceInput>,
  <NullableBooleanInput key="refunded" source="refunded" label="Refunded" />,
];

const Column = DataTable.Col<ConnectionView>;

/**
 * Every connection a brand paid for, newest first: payer, creator, when it was added, until
 * when it runs, renewals, removal and refund. Read-only for admins and auditors.
 */
export function ConnectionList(props: ListProps) {
  return (
    <List
      {...props}
      filters={connectionFilters}
      sort={{ field: 'addedAt', order: 'DESC' }}
      perPage={25}
    >
      <WideTable label="Connections">
        <DataTable rowClick="show" bulkActionButtons={false}>
          <Column source="payerId" label="Payer" disableSort>
            <ReferenceField source="payerId" reference="users" link={false}>
              <TextField source="ownerName" />
            </ReferenceField>
          </Column>
          <Column source="creatorId" label="Creator" disableSort>
            <ReferenceField source="creatorId" reference="users" link={false}>
              <TextField source="ownerName" />
            </ReferenceField>
          </Column>
          <Column source="addedAt" label="Added">
            <DateField source="addedAt" showTime />
          </Column>
          <Column source="expiresAt" label="Expires">
            <DateField source="expiresAt" showTime />
          </Column>
          <DataTable.NumberCol source="renewals" label="Renewals" />
          <DataTable.NumberCol source="coinsSpent" label="Coins" disableSort />
          <Column
            source="state"
            label="State"
            disableSort
            render={(connection) => CONNECTION_STATE_LABELS[connection.state]}
          />
          <Column source="refunded" label="Refunded" disableSort>
            <BooleanField source="refunded" />
          </Column>
        </DataTable>
      </WideTable>
    </List>
  );
}

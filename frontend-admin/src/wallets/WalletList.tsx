import { Typography } from '@mui/material';
import {
  DataTable,
  DateField,
  List,
  ReferenceField,
  SearchInput,
  TextField,
  type ListProps,
} from 'react-admin';
import type { ConsoleWallet } from './types';
import { WideTable } from '../layout/WideTable';

const walletFilters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search by user ID" />];

function NoWallets() {
  return (
    <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
      No wallets found
    </Typography>
  );
}

const Column = DataTable.Col<ConsoleWallet>;
const NumberColumn = DataTable.NumberCol<ConsoleWallet>;

/**
 * Every wallet with coins, most recently moved first; searchable by user id. Admins and auditors
 * read it; a row opens the wallet with its history (and, for admins, the grant).
 */
export function WalletList(props: ListProps) {
  return (
    <List
      {...props}
      filters={walletFilters}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={25}
      empty={false}
    >
      <WideTable label="Wallets">
        <DataTable rowClick="show" bulkActionButtons={false} empty={<NoWallets />}>
          <Column label="User" disableSort>
            <ReferenceField source="userId" reference="users" link={false}>
              <TextField source="ownerName" />
            </ReferenceField>
          </Column>
          <Column source="userId" label="User ID" disableSort />
          <NumberColumn source="balance" label="Balance" />
          <NumberColumn source="purchased" label="Purchased" disableSort />
          <NumberColumn source="granted" label="Granted" disableSort />
          <NumberColumn source="spent" label="Spent" disableSort />
          <NumberColumn source="refunded" label="Refunded" disableSort />
          <Column source="updatedAt" label="Updated">
            <DateField source="updatedAt" showTime />
          </Column>
        </DataTable>
      </WideTable>
    </List>
  );
}

import { Typography } from '@mui/material';
import {
  DataTable,
  DateField,
  ListBase,
  Pagination,
  ReferenceField,
  TextField,
  useRecordContext,
} from 'react-admin';
import { walletEntriesResource } from '../dataProvider';
import { CoinDeltaField, EntryWhatField } from './fields';
import type { ConsoleWallet, ConsoleWalletEntry } from './types';
import { WideTable } from '../layout/WideTable';

function NoEntries() {
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      No LinkCoin activity yet
    </Typography>
  );
}

const Column = DataTable.Col<ConsoleWalletEntry>;

/**
 * The wallet's history, newest first (`GET /api/admin/wallets/:id/entries`): when, what, coins ±,
 * balance after, the payment or the granting admin, and the request that caused it.
 */
export function WalletHistory() {
  const wallet = useRecordContext<ConsoleWallet>();
  if (!wallet) return null;
  return (
    <ListBase
      resource={walletEntriesResource(wallet.id)}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={10}
      disableSyncWithLocation
    >
      <WideTable label="Wallet history">
        <DataTable bulkActionButtons={false} rowClick={false} empty={<NoEntries />}>
          <Column source="at" label="Date" disableSort>
            <DateField source="at" showTime />
          </Column>
          <Column label="What" disableSort>
            <EntryWhatField />
          </Column>
          <Column label="LinkCoins" disableSort align="right">
            <CoinDeltaField />
          </Column>
          <DataTable.NumberCol source="balanceAfter" label="Balance after" disableSort />
          <Column source="paymentId" label="Payment" disableSort />
          <Column source="by" label="Granted by" disableSort>
            <ReferenceField source="by" reference="users" link="show" emptyText="">
              <TextField source="ownerName" />
            </ReferenceField>
          </Column>
          <Column source="correlationId" label="Request" disableSort />
        </DataTable>
      </WideTable>
      <Pagination rowsPerPageOptions={[10, 25, 50]} />
    </ListBase>
  );
}

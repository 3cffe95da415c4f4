import { Stack, Typography } from '@mui/material';
import {
  DataTable,
  DateField,
  FunctionField,
  ListBase,
  Pagination,
  ReferenceField,
  TextField,
} from 'react-admin';
import type { LedgerLine } from '@linkcoin/domain/audit/contracts.ts';
import { describeWalletEntry } from '@linkcoin/frontend-shared/wallet/entry-text.ts';
import { ledgerResource } from '../dataProvider';
import { CoinDeltaField } from '../wallets/fields';
import { CsvExportButton } from './CsvExportButton';
import { LEDGER_KIND_LABELS } from './labels';
import { WideTable } from '../layout/WideTable';

function NoLines() {
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      No wallet events: this user has never had LinkCoins
    </Typography>
  );
}

/** The actor: the user who sent the command, or the system's processes. */
function ActorField() {
  return (
    <ReferenceField source="actorUserId" reference="users" link="show" emptyText="System">
      <TextField source="ownerName" />
    </ReferenceField>
  );
}

/** The grant's or refund's reason, the purchase's payment, or what the connection bought. */
function ReasonOrPaymentField() {
  return (
    <FunctionField<LedgerLine>
      render={(line) => (
        <Stack>
          <span>{describeWalletEntry(line)}</span>
          {line.paymentId && (
            <Typography variant="caption" color="text.secondary">
              {`Payment ${line.paymentId}`}
            </Typography>
          )}
          {line.connectionId && (
            <Typography variant="caption" color="text.secondary">
              {`Connection ${line.connectionId}`}
            </Typography>
          )}
        </Stack>
      )}
    />
  );
}

const Column = DataTable.Col<LedgerLine>;

/**
 * A user's coin ledger: every event of their wallet stream in order (`GET
 * /api/admin/audit/:id/ledger`), with its time, kind, coins ±, balance after, actor, reason or
 * payment, and the correlation id of the request that caused it; the whole of it as CSV.
 */
export function LedgerView({ userId }: { userId: string }) {
  return (
    <section aria-labelledby="ledger-title">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography id="ledger-title" variant="h6" component="h2">
          Coin ledger
        </Typography>
        <CsvExportButton path={`audit/${encodeURIComponent(userId)}/ledger.csv`} />
      </Stack>
      <ListBase
        resource={ledgerResource(userId)}
        sort={{ field: 'revision', order: 'ASC' }}
        perPage={25}
        disableSyncWithLocation
      >
        <WideTable label="Ledger lines">
          <DataTable bulkActionButtons={false} rowClick={false} empty={<NoLines />}>
            <Column source="revision" label="#" />
            <Column source="at" label="Time" disableSort>
              <DateField source="at" showTime />
            </Column>
            <Column source="kind" label="Kind" disableSort>
              <FunctionField<LedgerLine> render={(line) => LEDGER_KIND_LABELS[line.kind]} />
            </Column>
            <Column label="Coins" disableSort align="right">
              <CoinDeltaField />
            </Column>
            <DataTable.NumberCol source="balanceAfter" label="Balance after" disableSort />
            <Column label="Actor" disableSort>
              <ActorField />
            </Column>
            <Column label="Reason or payment" disableSort>
              <ReasonOrPaymentField />
            </Column>
            <Column source="targetUserId" label="Creator" disableSort>
              <ReferenceField source="targetUserId" reference="users" link="show" emptyText="">
                <TextField source="ownerName" />
              </ReferenceField>
            </Column>
            <Column source="correlationId" label="Correlation id" disableSort />
          </DataTable>
        </WideTable>
        <Pagination rowsPerPageOptions={[25, 50, 100]} />
      </ListBase>
    </section>
  );
}

import { MenuItem, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import {
  DataTable,
  DateField,
  FunctionField,
  ListBase,
  Pagination,
  ReferenceField,
  TextField,
  useListContext,
} from 'react-admin';
import type { VerificationChannel, VerificationLine } from '@linkcoin/domain/audit/contracts.ts';
import { verificationsResource } from '../dataProvider';
import { CsvExportButton } from './CsvExportButton';
import { VERIFICATION_CHANNEL_CHOICES, VERIFICATION_CHANNEL_LABELS } from './labels';
import { WideTable } from '../layout/WideTable';

function NoSteps() {
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      No verification steps
    </Typography>
  );
}

/** The list's channel filter: every channel, or one of them. */
function ChannelFilter() {
  const { filterValues, setFilters } = useListContext<VerificationLine>();
  const channel = (filterValues as { channel?: VerificationChannel }).channel ?? '';
  return (
    <MuiTextField
      select
      size="small"
      label="Channel"
      value={channel}
      onChange={(event) =>
        setFilters(event.target.value ? { channel: event.target.value } : {}, {})
      }
      sx={{ minWidth: 180, my: 1 }}
    >
      <MenuItem value="">All channels</MenuItem>
      {VERIFICATION_CHANNEL_CHOICES.map(({ id, name }) => (
        <MenuItem key={id} value={id}>
          {name}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}

const Column = DataTable.Col<VerificationLine>;

/**
 * A user's verification history from their streams (`GET /api/admin/audit/:id/verifications`):
 * e-mail codes, Instagram requests, codes sent (by which admin), attempts, verification and
 * expiry, YouTube checks and their outcome. Never a code. The whole of it as CSV.
 */
export function VerificationHistoryView({ userId }: { userId: string }) {
  return (
    <section aria-labelledby="verifications-title">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography id="verifications-title" variant="h6" component="h2">
          Verification history
        </Typography>
        <CsvExportButton path={`audit/${encodeURIComponent(userId)}/verifications.csv`} />
      </Stack>
      <ListBase
        resource={verificationsResource(userId)}
        sort={{ field: 'at', order: 'ASC' }}
        perPage={25}
        disableSyncWithLocation
      >
        <ChannelFilter />
        <WideTable label="Verification steps">
          <DataTable bulkActionButtons={false} rowClick={false} empty={<NoSteps />}>
            <Column source="at" label="Time">
              <DateField source="at" showTime />
            </Column>
            <Column source="channel" label="Channel" disableSort>
              <FunctionField<VerificationLine>
                render={(line) => VERIFICATION_CHANNEL_LABELS[line.channel]}
              />
            </Column>
            <Column source="summary" label="What happened" disableSort />
            <Column source="handle" label="Handle" disableSort />
            <Column source="attempt" label="Attempt" disableSort />
            <Column source="validUntil" label="Valid until" disableSort>
              <DateField source="validUntil" showTime emptyText="" />
            </Column>
            <Column source="by" label="Sent by" disableSort>
              <ReferenceField source="by" reference="users" link="show" emptyText="">
                <TextField source="ownerName" />
              </ReferenceField>
            </Column>
            <Column source="outcome" label="Outcome" disableSort />
            <Column source="correlationId" label="Correlation id" disableSort />
          </DataTable>
        </WideTable>
        <Pagination rowsPerPageOptions={[25, 50, 100]} />
      </ListBase>
    </section>
  );
}

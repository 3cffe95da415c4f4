import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button as MuiButton,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  BooleanField,
  DataTable,
  DateField,
  ListContextProvider,
  ReferenceField,
  TextField,
  useDataProvider,
  useList,
} from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { ROLE_LABELS } from '@linkcoin/domain/accounts/roles.ts';
import type { AsOfAnswer, ConnectionAsOf } from '@linkcoin/domain/audit/contracts.ts';
import type { ConsoleDataProvider } from '../dataProvider';
import { EMAIL_CODE_LABELS, INSTAGRAM_STATUS_LABELS } from './labels';
import { instantOf, localInputValue } from './instant';
import { WideTable } from '../layout/WideTable';

const when = (at: string | null, empty = '—') => (at ? new Date(at).toLocaleString() : empty);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 180 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" data-testid={`as-of-${label}`}>
        {children}
      </Typography>
    </Stack>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h3" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

type ConnectionRecord = ConnectionAsOf & { id: string };
const Column = DataTable.Col<ConnectionRecord>;

/** Every connection opened by then, with its expiry, removal and refund at that instant. */
function ConnectionsAsOf({ connections }: { connections: ConnectionAsOf[] }) {
  const list = useList<ConnectionRecord>({
    data: connections.map((connection) => ({ ...connection, id: connection.connectionId })),
    perPage: 1000,
  });
  return (
    <ListContextProvider value={list}>
      <WideTable label="Connections as of">
        <DataTable
          resource="connections"
          bulkActionButtons={false}
          rowClick={false}
          empty={<Typography color="text.secondary">No connections by then</Typography>}
        >
          <Column source="targetUserId" label="Creator" disableSort>
            <ReferenceField source="targetUserId" reference="users" link="show">
              <TextField source="ownerName" />
            </ReferenceField>
          </Column>
          <Column source="addedAt" label="Added" disableSort>
            <DateField source="addedAt" showTime />
          </Column>
          <Column source="expiresAt" label="Expires" disableSort>
            <DateField source="expiresAt" showTime />
          </Column>
          <Column source="removedAt" label="Removed" disableSort>
            <DateField source="removedAt" showTime emptyText="" />
          </Column>
          <Column source="refunded" label="Refunded" disableSort>
            <BooleanField source="refunded" />
          </Column>
          <Column source="open" label="Chat open" disableSort>
            <BooleanField source="open" />
          </Column>
        </DataTable>
      </WideTable>
    </ListContextProvider>
  );
}

function AsOfState({ answer }: { answer: AsOfAnswer }) {
  const { account, wallet, verification } = answer;
  const { email, instagram, youtube } = verification;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {`State as of ${when(answer.at)} (${answer.at})`}
      </Typography>
      {!account.registered && (
        <Alert severity="info">The account did not exist yet at that instant.</Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <Panel id="as-of-wallet" title="Wallet">
          <Fact label="Balance">{wallet.balance}</Fact>
          <Fact label="Wallet events replayed">{wallet.events}</Fact>
          <Fact label="Last wallet event">{when(wallet.lastEventAt, 'None')}</Fact>
          <Fact label="Purchases">{wallet.purchases}</Fact>
          <Fact label="Grants">{wallet.grants}</Fact>
        </Panel>
        <Panel id="as-of-verification" title="Verification">
          <Fact label="E-mail code">{EMAIL_CODE_LABELS[email.status]}</Fact>
          <Fact label="Instagram">
            {instagram.status
              ? `${INSTAGRAM_STATUS_LABELS[instagram.status]} (@${instagram.handle ?? ''})`
              : 'Never requested'}
          </Fact>
          {instagram.status && (
            <>
              <Fact label="Instagram requested">{when(instagram.requestedAt)}</Fact>
              <Fact label="Instagram code expires">{when(instagram.expiresAt)}</Fact>
              <Fact label="Failed attempts">{instagram.failedAttempts}</Fact>
            </>
          )}
          <Fact label="Instagram verified">
            {instagram.verifiedHandles.length ? instagram.verifiedHandles.join(', ') : 'None'}
          </Fact>
          <Fact label="YouTube verified">
            {youtube.verifiedChannels.length ? youtube.verifiedChannels.join(', ') : 'None'}
          </Fact>
        </Panel>
      </Box>
      <Panel id="as-of-account" title="Account">
        <Fact label="Name">{account.ownerName ?? '—'}</Fact>
        <Fact label="Email">{account.email ?? '—'}</Fact>
        <Fact label="Roles">
          <Stack direction="row" spacing={0.5}>
            {account.roles.map((role) => (
              <Chip key={role} size="small" label={ROLE_LABELS[role]} />
            ))}
          </Stack>
        </Fact>
      </Panel>
      <Panel id="as-of-connections" title="Connections and their expiries">
        <ConnectionsAsOf connections={wallet.connections} />
      </Panel>
    </Stack>
  );
}

/**
 * A user's wallet and verification state at a chosen instant, replayed from their streams in
 * the event store up to it (`GET /api/admin/audit/:id/as-of?at=`), not read from a read model.
 * The instant is kept in the page's address (`?at=`), so a state can be shared.
 */
export function AsOfView({ userId }: { userId: string }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [params, setParams] = useSearchParams();
  const at = params.get('at');
  const [typed, setTyped] = useState(() => localInputValue(at ? new Date(at) : new Date()));
  const [invalid, setInvalid] = useState(false);
  const state = useQuery({
    queryKey: ['audit', 'as-of', userId, at],
    queryFn: () => dataProvider.getAsOf(userId, at ?? ''),
    enabled: at !== null,
    select: ({ data }) => data,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const instant = instantOf(typed);
    setInvalid(instant === null);
    if (instant) setParams({ at: instant });
  };

  return (
    <section aria-labelledby="as-of-title">
      <Typography id="as-of-title" variant="h6" component="h2">
        As of
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The wallet and verifications as they stood at an instant, replayed from the event store.
      </Typography>
      <Stack
        component="form"
        direction="row"
        spacing={2}
        onSubmit={submit}
        noValidate
        sx={{ alignItems: 'flex-start' }}
      >
        <MuiTextField
          type="datetime-local"
          label="Instant (your local time)"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={invalid}
          helperText={invalid ? 'Enter a date and a time' : ' '}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
          size="small"
          sx={{ width: 300 }}
        />
        <Box>
          <MuiButton type="submit" variant="contained" sx={{ whiteSpace: 'nowrap' }}>
            Show state
          </MuiButton>
        </Box>
      </Stack>
      {state.isFetching && <CircularProgress size={24} aria-label="Replaying" />}
      {state.error && (
        <Alert severity="error">
          {state.error instanceof Error ? state.error.message : 'Could not replay'}
        </Alert>
      )}
      {state.data && !state.isFetching && <AsOfState answer={state.data} />}
    </section>
  );
}

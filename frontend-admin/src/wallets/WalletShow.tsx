import { Box, Divider, Typography } from '@mui/material';
import {
  DateField,
  NumberField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useGetOne,
  useRecordContext,
  type ShowProps,
} from 'react-admin';
import { SafeEmailField } from '../fields/SafeFields';
import type { ConsoleUser } from '../users/types';
import { GrantCoinsButton } from './GrantCoinsButton';
import { WalletHistory } from './WalletHistory';
import type { ConsoleWallet } from './types';

function WalletTitle() {
  const wallet = useRecordContext<ConsoleWallet>();
  const { data: user } = useGetOne<ConsoleUser>(
    'users',
    { id: wallet?.userId ?? '' },
    { enabled: wallet !== undefined },
  );
  if (!wallet) return <>Wallet</>;
  return <>{`Wallet of ${user?.ownerName ?? wallet.userId}`}</>;
}

function WalletShowActions() {
  return (
    <TopToolbar>
      <GrantCoinsButton />
    </TopToolbar>
  );
}

/**
 * One user's wallet: whose, the balance and what made it, then every line of its history. A user
 * without coins yet has a zero wallet, so any user's wallet opens here.
 */
export function WalletShow(props: ShowProps) {
  return (
    <Show {...props} title={<WalletTitle />} actions={<WalletShowActions />}>
      <SimpleShowLayout>
        <ReferenceField source="userId" reference="users" label="User" link="show">
          <TextField source="ownerName" />
        </ReferenceField>
        <ReferenceField source="userId" reference="users" label="Email" link={false}>
          <SafeEmailField source="email" />
        </ReferenceField>
        <TextField source="userId" label="User ID" />
        <NumberField source="balance" label="Balance" />
        <NumberField source="purchased" label="Purchased" />
        <NumberField source="granted" label="Granted" />
        <NumberField source="spent" label="Spent" />
        <NumberField source="refunded" label="Refunded" />
        <DateField source="updatedAt" label="Updated" showTime emptyText="Never" />
      </SimpleShowLayout>
      <Divider />
      <Box component="section" aria-labelledby="wallet-history" sx={{ p: 2 }}>
        <Typography id="wallet-history" variant="h6" component="h2" gutterBottom>
          History
        </Typography>
        <WalletHistory />
      </Box>
    </Show>
  );
}

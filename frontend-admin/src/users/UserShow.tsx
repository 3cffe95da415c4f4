import AccountBalanceWalletRoundedIcon from '@mui/icons-material/AccountBalanceWalletRounded';
import {
  Button,
  DateField,
  FunctionField,
  LinkBase,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  type ShowProps,
} from 'react-admin';
import { ROLE_LABELS } from '@linkcoin/domain/accounts/roles.ts';
import { GrantAuditorButton } from './GrantAuditorButton';
import { SafeEmailField } from '../fields/SafeFields';
import { RolesField, SignInMethodsField } from './fields';
import { EMAIL_PROOF_LABELS } from './labels';
import type { ConsoleUser } from './types';

function UserTitle() {
  const record = useRecordContext<ConsoleUser>();
  return <>{record ? `User ${record.ownerName}` : 'User'}</>;
}

/** The user's LinkCoin wallet (a user with no coins yet has a zero wallet). */
function WalletButton() {
  const record = useRecordContext<ConsoleUser>();
  if (!record) return null;
  return (
    <Button
      component={LinkBase}
      label="Wallet"
      to={`/wallets/${encodeURIComponent(String(record.id))}/show`}
    >
      <AccountBalanceWalletRoundedIcon />
    </Button>
  );
}

function UserShowActions() {
  return (
    <TopToolbar>
      <WalletButton />
      <GrantAuditorButton />
    </TopToolbar>
  );
}

/** One account: who, which roles, how they sign in and prove their address, when things happened. */
export function UserShow(props: ShowProps) {
  return (
    <Show {...props} title={<UserTitle />} actions={<UserShowActions />}>
      <SimpleShowLayout>
        <TextField source="ownerName" label="Name" />
        <SafeEmailField source="email" label="Email" />
        <TextField source="id" label="User ID" />
        <FunctionField<ConsoleUser>
          label="Registered as"
          render={(record) => ROLE_LABELS[record.role]}
        />
        <RolesField label="Role(s)" />
        <SignInMethodsField label="Sign-in methods" />
        <FunctionField<ConsoleUser>
          label="Email proven by"
          render={(record) => EMAIL_PROOF_LABELS[record.emailProof] ?? record.emailProof}
        />
        <DateField source="registeredAt" label="Registered" showTime />
        <DateField source="passwordResetAt" label="Password reset" showTime emptyText="Never" />
        <DateField source="lastLogoutAt" label="Last logout" showTime emptyText="Never" />
      </SimpleShowLayout>
    </Show>
  );
}

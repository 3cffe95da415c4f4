import AccountBalanceWalletRoundedIcon from '@mui/icons-material/AccountBalanceWalletRounded';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';
import type { ReactElement } from 'react';
import { Button } from '@mui/material';
import {
  DateField,
  FunctionField,
  NumberField,
  LinkBase,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  type ShowProps,
} from 'react-admin';
import { ROLE_LABELS } from '@linkcoin/domain/accounts/roles.ts';
import { auditPath, type AuditTab } from '../audit/auditPath';
import { AuditorRoleButton } from './AuditorRoleButton';
import { SafeEmailField } from '../fields/SafeFields';
import {
  InstagramStatusField,
  NameField,
  RolesField,
  SignInMethodsField,
  VerifiedField,
} from './fields';
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
      size="small"
      startIcon={<AccountBalanceWalletRoundedIcon />}
      to={`/wallets/${encodeURIComponent(String(record.id))}/show`}
    >
      Wallet
    </Button>
  );
}

/** The user's history as auditors read it from the event store (admins see it too). */
function AuditButton({ tab, label, icon }: { tab: AuditTab; label: string; icon: ReactElement }) {
  const record = useRecordContext<ConsoleUser>();
  if (!record) return null;
  return (
    <Button
      component={LinkBase}
      size="small"
      startIcon={icon}
      to={auditPath(String(record.id), tab)}
    >
      {label}
    </Button>
  );
}

/**
 * MUI buttons with their words: react-admin's turn into bare icons below 600 px, and an admin on
 * a phone could not tell the wallet from the ledger or the auditor role. They wrap on a phone.
 */
function UserShowActions() {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.5 }}>
      <WalletButton />
      <AuditButton tab="ledger" label="Coin ledger" icon={<ReceiptLongRoundedIcon />} />
      <AuditButton tab="verifications" label="Verifications" icon={<VerifiedRoundedIcon />} />
      <AuditButton tab="as-of" label="As of" icon={<HistoryRoundedIcon />} />
      <AuditorRoleButton />
    </TopToolbar>
  );
}

/**
 * One account: who, which roles, the LinkCoin balance and verifications, how they sign in and
 * prove their address, when things happened; links to their wallet and their audit history.
 */
export function UserShow(props: ShowProps) {
  return (
    <Show {...props} title={<UserTitle />} actions={<UserShowActions />}>
      <SimpleShowLayout>
        <NameField label="Name" />
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
        <NumberField source="balance" label="LinkCoin balance" />
        <VerifiedField label="Verified" />
        <InstagramStatusField label="Instagram request" />
        <FunctionField<ConsoleUser>
          label="Last YouTube check"
          render={(record) =>
            record.youtubeLastCheck
              ? `${new Date(record.youtubeLastCheck.at).toLocaleString()}: ${record.youtubeLastCheck.outcome}`
              : 'None'
          }
        />
        <DateField source="registeredAt" label="Registered" showTime />
        <DateField source="passwordResetAt" label="Password reset" showTime emptyText="Never" />
        <DateField source="lastLogoutAt" label="Last logout" showTime emptyText="Never" />
      </SimpleShowLayout>
    </Show>
  );
}

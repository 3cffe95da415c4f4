import { Chip, Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { ROLE_LABELS, type Role } from '@linkcoin/domain/accounts/roles.ts';
import { SIGN_IN_METHOD_LABELS } from './labels';
import type { ConsoleUser } from './types';

/** Every role the user holds, as chips (Brand, Creator, Admin, Auditor). */
export function RolesField(_props: { label?: string }) {
  const record = useRecordContext<ConsoleUser>();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {record.roles.map((role: Role) => (
        <Chip
          key={role}
          label={ROLE_LABELS[role]}
          size="small"
          color={role === 'admin' || role === 'auditor' ? 'primary' : 'default'}
          variant={role === record.role ? 'filled' : 'outlined'}
        />
      ))}
    </Stack>
  );
}

/** How the user can sign in: password, Google or both. */
export function SignInMethodsField(_props: { label?: string }) {
  const record = useRecordContext<ConsoleUser>();
  if (!record) return null;
  return (
    <>{record.signInMethods.map((method) => SIGN_IN_METHOD_LABELS[method] ?? method).join(', ')}</>
  );
}

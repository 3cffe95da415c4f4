import { useState } from 'react';
import ManageSearchRoundedIcon from '@mui/icons-material/ManageSearchRounded';
import PersonOffRoundedIcon from '@mui/icons-material/PersonOffRounded';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import {
  Confirm,
  type Identifier,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { Role } from '@linkcoin/domain/accounts/roles.ts';
import type { ConsoleDataProvider } from '../dataProvider';
import { failureText } from '../notify-failure';
import type { ConsoleUser } from './types';

/**
 * Admins only: makes the user an auditor (read-only access to the console's history), or takes
 * the role back after a confirmation. Revoking ends every session of that user at once (the
 * sockets of their open chats too); they sign in again with what they still hold.
 */
export function AuditorRoleButton() {
  const record = useRecordContext<ConsoleUser>();
  const { permissions } = usePermissions<Role[]>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const { mutate: change, isPending: pending } = useMutation({
    mutationFn: ({ id, action }: { id: Identifier; action: 'grant' | 'revoke' }) =>
      action === 'grant'
        ? dataProvider.grantRole(id, 'auditor')
        : dataProvider.revokeRole(id, 'auditor'),
    onSuccess: ({ data }, { action }) => {
      notify(
        action === 'grant'
          ? `${data.ownerName} is now an auditor`
          : `${data.ownerName} is no longer an auditor; their sessions have ended`,
        { type: 'success' },
      );
      refresh();
    },
    onError: (error, { action }) =>
      notify(
        failureText(
          error,
          action === 'grant' ? 'Could not grant the role' : 'Could not revoke the role',
        ),
        { type: 'error' },
      ),
    onSettled: () => setConfirming(false),
  });

  if (!record || !permissions?.includes('admin')) return null;
  const isAuditor = record.roles.includes('auditor');

  if (!isAuditor) {
    return (
      // Its words at every width (react-admin's Button is a bare icon on a phone).
      <Button
        size="small"
        startIcon={<ManageSearchRoundedIcon />}
        onClick={() => change({ id: record.id, action: 'grant' })}
        disabled={pending}
      >
        Grant auditor role
      </Button>
    );
  }
  return (
    <>
      <Button
        size="small"
        startIcon={<PersonOffRoundedIcon />}
        onClick={() => setConfirming(true)}
        disabled={pending}
      >
        Revoke auditor role
      </Button>
      <Confirm
        isOpen={confirming}
        loading={pending}
        title={`Revoke the auditor role of ${record.ownerName}?`}
        content="They lose read access to the console's history, and every session they have open ends now. They can sign in again to the marketplace."
        confirm="Revoke"
        cancel="Keep"
        onConfirm={() => change({ id: record.id, action: 'revoke' })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

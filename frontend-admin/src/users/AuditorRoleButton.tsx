import { useState } from 'react';
import ManageSearchRoundedIcon from '@mui/icons-material/ManageSearchRounded';
import PersonOffRoundedIcon from '@mui/icons-material/PersonOffRounded';
import { Button } from '@mui/material';
import {
  Confirm,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { Role } from '@linkcoin/domain/accounts/roles.ts';
import type { ConsoleDataProvider } from '../dataProvider';
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
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (!record || !permissions?.includes('admin')) return null;
  const isAuditor = record.roles.includes('auditor');

  const change = async (action: 'grant' | 'revoke') => {
    setPending(true);
    try {
      if (action === 'grant') {
        const { data } = await dataProvider.grantRole(record.id, 'auditor');
        notify(`${data.ownerName} is now an auditor`, { type: 'success' });
      } else {
        const { data } = await dataProvider.revokeRole(record.id, 'auditor');
        notify(`${data.ownerName} is no longer an auditor; their sessions have ended`, {
          type: 'success',
        });
      }
      refresh();
    } catch (error) {
      const fallback =
        action === 'grant' ? 'Could not grant the role' : 'Could not revoke the role';
      notify(error instanceof Error && error.message ? error.message : fallback, {
        type: 'error',
      });
    } finally {
      setPending(false);
      setConfirming(false);
    }
  };

  if (!isAuditor) {
    return (
      // Its words at every width (react-admin's Button is a bare icon on a phone).
      <Button
        size="small"
        startIcon={<ManageSearchRoundedIcon />}
        onClick={() => void change('grant')}
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
        onConfirm={() => void change('revoke')}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

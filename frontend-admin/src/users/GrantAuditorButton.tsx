import { useState } from 'react';
import ManageSearchRoundedIcon from '@mui/icons-material/ManageSearchRounded';
import {
  Button,
  useDataProvider,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { Role } from '@linkcoin/domain/accounts/roles.ts';
import type { ConsoleDataProvider } from '../dataProvider';
import type { ConsoleUser } from './types';

/** Admins only: makes the user an auditor (read-only access to the console's history). */
export function GrantAuditorButton() {
  const record = useRecordContext<ConsoleUser>();
  const { permissions } = usePermissions<Role[]>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);

  if (!record || !permissions?.includes('admin')) return null;
  const isAuditor = record.roles.includes('auditor');

  const grant = async () => {
    setPending(true);
    try {
      const { data } = await dataProvider.grantRole(record.id, 'auditor');
      notify(`${data.ownerName} is now an auditor`, { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'Could not grant the role', {
        type: 'error',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Button
      label={isAuditor ? 'Already an auditor' : 'Grant auditor role'}
      onClick={() => void grant()}
      disabled={pending || isAuditor}
    >
      <ManageSearchRoundedIcon />
    </Button>
  );
}

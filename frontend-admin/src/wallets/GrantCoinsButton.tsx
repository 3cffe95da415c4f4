import { Suspense, lazy, useState } from 'react';
import AddCardRoundedIcon from '@mui/icons-material/AddCardRounded';
import { Button, usePermissions, useRecordContext } from 'react-admin';
import type { Role } from '@linkcoin/domain/accounts/roles.ts';
import type { ConsoleWallet } from './types';

// The dialog checks with the server's schema: loaded when an admin first opens it.
const GrantCoinsDialog = lazy(() =>
  import('./GrantCoinsDialog').then((m) => ({ default: m.GrantCoinsDialog })),
);

/** Admins only: grant LinkCoins to this wallet's user, with a reason. Auditors see nothing. */
export function GrantCoinsButton() {
  const wallet = useRecordContext<ConsoleWallet>();
  const { permissions } = usePermissions<Role[]>();
  // Each opening is a new grant: a new dialog, a new idempotency key.
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);

  if (!wallet || !permissions?.includes('admin')) return null;

  return (
    <>
      <Button
        label="Grant LinkCoins"
        aria-haspopup="dialog"
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      >
        <AddCardRoundedIcon />
      </Button>
      {opening > 0 && (
        <Suspense fallback={null}>
          <GrantCoinsDialog
            key={opening}
            wallet={wallet}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

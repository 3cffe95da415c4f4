import { Suspense, lazy, useCallback, useRef, useState, type ReactNode } from 'react';
import type { PendingConfirm } from './ConfirmDialog';
import { ConfirmContext, type Confirm } from './confirm-context';

// The dialog's code (MUI's modal, focus trap and transitions) loads with the first question:
// most visits ask none, so the first screen does not wait for it.
const ConfirmDialog = lazy(() =>
  import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })),
);

/**
 * The confirmation before spending or removing (issue 19): a real modal dialog (ConfirmDialog)
 * wherever it opens (over the profile pop-up too, which it then covers). One at a time: a
 * question asked while another is open is answered "no" at once, so two never stack.
 */
export function ConfirmDialogProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const [asked, setAsked] = useState(false);
  const open = useRef(false);

  const confirm = useCallback<Confirm>(
    (request) =>
      new Promise<boolean>((resolve) => {
        if (open.current) {
          resolve(false);
          return;
        }
        open.current = true;
        setAsked(true);
        setPending({
          ...request,
          answer: (value) => {
            open.current = false;
            setPending(null);
            resolve(value);
          },
        });
      }),
    [],
  );

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {asked && (
        <Suspense fallback={null}>
          <ConfirmDialog pending={pending} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

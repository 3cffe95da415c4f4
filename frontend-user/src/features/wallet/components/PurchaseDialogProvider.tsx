import { Suspense, lazy, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '../../../lib/auth/auth-context';
import { DEFAULT_CHOICE, type PurchaseChoice } from '../purchase';
import { PurchaseDialogContext, type PurchaseDialogApi } from '../purchase-dialog-context';

// Loaded with the first opening: visitors and readers of other pages never download it.
const PurchaseDialog = lazy(() =>
  import('./PurchaseDialog').then((m) => ({ default: m.PurchaseDialog })),
);

type Opening = Readonly<{ id: number; choice: PurchaseChoice }>;

/**
 * Holds the one purchase dialog of the app. Each opening mounts a fresh dialog (its own choice
 * and its own idempotency key); it closes by itself when the session ends.
 */
export function PurchaseDialogProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const [opening, setOpening] = useState<Opening | null>(null);
  const [open, setOpen] = useState(false);

  const openPurchase = useCallback((choice: PurchaseChoice = DEFAULT_CHOICE) => {
    setOpening((previous) => ({ id: (previous?.id ?? 0) + 1, choice }));
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const api = useMemo<PurchaseDialogApi>(() => ({ openPurchase }), [openPurchase]);

  return (
    <PurchaseDialogContext.Provider value={api}>
      {children}
      {opening && (
        <Suspense fallback={null}>
          <PurchaseDialog
            key={opening.id}
            open={open && isAuthenticated}
            initialChoice={opening.choice}
            onClose={close}
          />
        </Suspense>
      )}
    </PurchaseDialogContext.Provider>
  );
}

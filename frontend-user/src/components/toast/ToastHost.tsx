import { Suspense, lazy, useSyncExternalStore } from 'react';
import { onToastsAskedFor, toastsAskedFor } from './toastify';

const ToastContainerHost = lazy(() =>
  import('./ToastContainerHost').then((m) => ({ default: m.ToastContainerHost })),
);

/** The toasts' place in the app, filled once the first toast is asked for. */
export function ToastHost() {
  const asked = useSyncExternalStore(onToastsAskedFor, toastsAskedFor, () => false);
  return asked ? (
    <Suspense fallback={null}>
      <ToastContainerHost />
    </Suspense>
  ) : null;
}

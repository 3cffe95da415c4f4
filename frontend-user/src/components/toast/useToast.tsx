import type { ReactNode } from 'react';
import { TOAST_AUTO_CLOSE_MS } from './toast-config';
import { loadToastify, toastsAskedFor } from './toastify';

export type Toasts = {
  success: (message: string) => void;
  error: (message: string) => void;
  warning: (message: string) => void;
  info: (message: string) => void;
  /**
   * A notice with content of its own (a message that arrived elsewhere), under a key: a notice
   * with a key already shown replaces it instead of stacking.
   */
  notice: (key: string, content: ReactNode) => void;
  /** Removes every toast (logout). */
  clear: () => void;
};

type Kind = 'success' | 'error' | 'warning' | 'info';

const options = { autoClose: TOAST_AUTO_CLOSE_MS } as const;

/**
 * One toast per text: the same message again while it shows is not repeated (a second click,
 * a retried call), it simply stays. The id is the type and the text. react-toastify loads with
 * the first toast (toastify.ts).
 */
const once = (kind: Kind, message: string, role: 'status' | 'alert') => {
  const toastId = `${kind}:${message}`;
  void loadToastify().then(({ toast }) => {
    if (!toast.isActive(toastId)) toast[kind](message, { ...options, role, toastId });
  });
};

const toasts: Toasts = {
  success: (message) => once('success', message, 'status'),
  // Errors interrupt assistive technology; the others are announced politely.
  error: (message) => once('error', message, 'alert'),
  warning: (message) => once('warning', message, 'status'),
  info: (message) => once('info', message, 'status'),
  notice: (key, content) => {
    const toastId = `notice:${key}`;
    void loadToastify().then(({ toast }) => {
      if (toast.isActive(toastId)) {
        toast.update(toastId, { render: content, autoClose: 6000 });
        return;
      }
      // A notice still waiting for the container (the first toast of the visit) gives way to
      // the newer one under its key.
      toast.dismiss(toastId);
      toast.info(content, {
        toastId,
        autoClose: 6000,
        closeOnClick: false,
        icon: false,
        role: 'status',
      });
    });
  },
  clear: () => {
    if (toastsAskedFor()) void loadToastify().then(({ toast }) => toast.dismiss());
  },
};

/** The app's notifications (docs/product-spec.md section 4): success, error, warning and info toasts. */
export function useToast(): Toasts {
  return toasts;
}

/** The same, outside components (e.g. the session provider's logout). */
export const appToasts = toasts;

import type { ReactNode } from 'react';
import { toast, type Id } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from './toast-config';

export type Toasts = {
  success: (message: string) => Id;
  error: (message: string) => Id;
  warning: (message: string) => Id;
  info: (message: string) => Id;
  /**
   * A notice with content of its own (a message that arrived elsewhere), under a key: a notice
   * with a key already shown replaces it instead of stacking.
   */
  notice: (key: string, content: ReactNode) => Id;
  /** Removes every toast (logout). */
  clear: () => void;
};

const options = { autoClose: TOAST_AUTO_CLOSE_MS } as const;

/**
 * One toast per text: the same message again while it shows is not repeated (a second click,
 * a retried call), it simply stays. The id is the type and the text.
 */
const once = (
  show: typeof toast.success,
  type: string,
  message: string,
  role: 'status' | 'alert',
): Id => {
  const toastId = `${type}:${message}`;
  if (toast.isActive(toastId)) return toastId;
  return show(message, { ...options, role, toastId });
};

const toasts: Toasts = {
  success: (message) => once(toast.success, 'success', message, 'status'),
  // Errors interrupt assistive technology; the others are announced politely.
  error: (message) => once(toast.error, 'error', message, 'alert'),
  warning: (message) => once(toast.warning, 'warning', message, 'status'),
  info: (message) => once(toast.info, 'info', message, 'status'),
  notice: (key, content) => {
    const toastId = `notice:${key}`;
    if (toast.isActive(toastId)) {
      toast.update(toastId, { render: content, autoClose: 6000 });
      return toastId;
    }
    return toast.info(content, {
      toastId,
      autoClose: 6000,
      closeOnClick: false,
      icon: false,
      role: 'status',
    });
  },
  clear: () => toast.dismiss(),
};

/** The app's notifications (spec section 4): success, error, warning and info toasts. */
export function useToast(): Toasts {
  return toasts;
}

/** The same, outside components (e.g. the session provider's logout). */
export const appToasts = toasts;

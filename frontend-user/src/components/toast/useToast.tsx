import type { ToastOptions } from 'react-toastify';
import { ConfirmToast } from './ConfirmToast';
import { TOAST_AUTO_CLOSE_MS } from './toast-config';
import { loadToastify, toastsAskedFor } from './toastify';

export type ConfirmOptions = { confirmText?: string; cancelText?: string };

export type Toasts = {
  success: (message: string) => void;
  error: (message: string) => void;
  warning: (message: string) => void;
  info: (message: string) => void;
  /**
   * Asks with confirm and cancel buttons (defaults OK and Cancel). Answers true on confirm;
   * cancelling, closing or clearing answers false, silently. It stays until answered.
   */
  confirm: (message: string, options?: ConfirmOptions) => Promise<boolean>;
  /** Removes every toast (logout). */
  clear: () => void;
};

function confirmToast(
  message: string,
  { confirmText = 'OK', cancelText = 'Cancel' }: ConfirmOptions = {},
): Promise<boolean> {
  return loadToastify().then(
    ({ toast }) =>
      new Promise((resolve) => {
        let answered = false;
        const answer = (value: boolean) => {
          if (answered) return;
          answered = true;
          resolve(value);
        };
        toast.info(
          ({ closeToast }) => (
            <ConfirmToast
              message={message}
              confirmText={confirmText}
              cancelText={cancelText}
              onConfirm={() => {
                answer(true);
                closeToast();
              }}
              onCancel={() => {
                answer(false);
                closeToast();
              }}
            />
          ),
          {
            autoClose: false,
            closeOnClick: false,
            draggable: false,
            closeButton: false,
            icon: false,
            role: 'alertdialog',
            onClose: () => answer(false),
          },
        );
      }),
  );
}

type Kind = 'success' | 'error' | 'warning' | 'info';

const show = (kind: Kind, message: string, options: ToastOptions) => {
  void loadToastify().then(({ toast }) => toast[kind](message, options));
};

const options = { autoClose: TOAST_AUTO_CLOSE_MS } as const;

const toasts: Toasts = {
  success: (message) => show('success', message, { ...options, role: 'status' }),
  // Errors interrupt assistive technology; the others are announced politely.
  error: (message) => show('error', message, { ...options, role: 'alert' }),
  warning: (message) => show('warning', message, { ...options, role: 'status' }),
  info: (message) => show('info', message, { ...options, role: 'status' }),
  confirm: confirmToast,
  clear: () => {
    if (toastsAskedFor()) void loadToastify().then(({ toast }) => toast.dismiss());
  },
};

/** The app's notifications (spec section 4): success, error, warning, info and confirm toasts. */
export function useToast(): Toasts {
  return toasts;
}

/** The same, outside components (e.g. the session provider's logout). */
export const appToasts = toasts;

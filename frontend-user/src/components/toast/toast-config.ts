/** docs/product-spec.md section 4 (Toasts) and 9: shown for 3000 ms, with a 300 ms exit animation. */
export const TOAST_AUTO_CLOSE_MS = 3000;
export const TOAST_EXIT_MS = 300;

/** Class names of the enter and exit animations, defined in ToastHost's global styles. */
export const TOAST_ENTER_CLASS = 'linkcoin-toast-enter';
export const TOAST_EXIT_CLASS = 'linkcoin-toast-exit';

import { GlobalStyles, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { cssTransition, ToastContainer } from 'react-toastify';
import {
  TOAST_AUTO_CLOSE_MS,
  TOAST_ENTER_CLASS,
  TOAST_EXIT_CLASS,
  TOAST_EXIT_MS,
} from './toast-config';

const toastTransition = cssTransition({
  enter: TOAST_ENTER_CLASS,
  exit: TOAST_EXIT_CLASS,
  collapseDuration: TOAST_EXIT_MS,
});

/**
 * Where toasts appear, in the MUI theme's colours, type and shapes: at the bottom, away from the
 * top bar with its balance and menu (bottom right on a desktop, across the bottom of a phone,
 * clear of the home indicator), three at most. Loaded with the first toast (ToastHost); a toast
 * asked for before it is mounted waits in react-toastify's queue.
 */
export function ToastContainerHost() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { palette, shape, typography, zIndex } = theme;
  return (
    <>
      <GlobalStyles
        styles={{
          ':root': {
            '--toastify-color-success': palette.success.main,
            '--toastify-color-error': palette.error.main,
            '--toastify-color-warning': palette.warning.main,
            '--toastify-color-info': palette.primary.main,
            '--toastify-text-color-success': palette.success.contrastText,
            '--toastify-text-color-error': palette.error.contrastText,
            '--toastify-text-color-warning': palette.warning.contrastText,
            '--toastify-text-color-info': palette.primary.contrastText,
            '--toastify-font-family': typography.fontFamily,
            '--toastify-toast-bd-radius': `${shape.borderRadius}px`,
            '--toastify-toast-shadow': theme.shadows[6],
            '--toastify-z-index': String(zIndex.snackbar),
          },
          '.Toastify__toast': { fontSize: typography.body2.fontSize },
          '.Toastify__toast-container--bottom-center': {
            paddingBottom: 'max(8px, env(safe-area-inset-bottom))',
          },
          [`.${TOAST_ENTER_CLASS}`]: {
            animation: `linkcoin-toast-in 250ms ${theme.transitions.easing.easeOut} both`,
          },
          [`.${TOAST_EXIT_CLASS}`]: {
            animation: `linkcoin-toast-out ${TOAST_EXIT_MS}ms ${theme.transitions.easing.easeIn} both`,
          },
          '@keyframes linkcoin-toast-in': {
            from: { opacity: 0, transform: 'translateY(12px)' },
            to: { opacity: 1, transform: 'none' },
          },
          '@keyframes linkcoin-toast-out': {
            from: { opacity: 1, transform: 'none' },
            to: { opacity: 0, transform: 'translateY(12px)' },
          },
          '@media (prefers-reduced-motion: reduce)': {
            [`.${TOAST_ENTER_CLASS}, .${TOAST_EXIT_CLASS}`]: { animationDuration: '1ms' },
          },
        }}
      />
      <ToastContainer
        position={phone ? 'bottom-center' : 'bottom-right'}
        limit={3}
        autoClose={TOAST_AUTO_CLOSE_MS}
        transition={toastTransition}
        theme="colored"
        newestOnTop
        pauseOnFocusLoss={false}
      />
    </>
  );
}

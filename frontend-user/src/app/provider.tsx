import type { ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
// MUI's own ThemeProvider also carries the CSS-variables provider, which this theme does not use.
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfirmDialogProvider } from '../components/confirm/ConfirmDialogProvider';
import { ToastHost } from '../components/toast/ToastHost';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { queryClient } from '../lib/react-query';
import { theme } from '../lib/theme';

/**
 * Everything the screens share: theme, baseline styles, server-state cache, session, the
 * confirmation dialog, toasts.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <ConfirmDialogProvider>
            {children}
            <ToastHost />
          </ConfirmDialogProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

import { defaultLightTheme } from 'react-admin';
import type { RaThemeOptions } from 'react-admin';

/** The LinkCoin palette, as in frontend-user/src/lib/theme.ts. */
const brandColors = {
  indigo: '#4338ca',
  indigoLight: '#6366f1',
  indigoDark: '#312e81',
  gold: '#f59e0b',
  goldLight: '#fbbf24',
  goldDark: '#b45309',
  ink: '#0f172a',
  slate: '#475569',
  mist: '#f8fafc',
} as const;

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    mode: 'light',
    primary: {
      main: brandColors.indigo,
      light: brandColors.indigoLight,
      dark: brandColors.indigoDark,
      contrastText: '#ffffff',
    },
    secondary: {
      main: brandColors.gold,
      light: brandColors.goldLight,
      dark: brandColors.goldDark,
      contrastText: brandColors.ink,
    },
    background: { default: brandColors.mist, paper: '#ffffff' },
    text: { primary: brandColors.ink, secondary: brandColors.slate },
    // Status chips write white on these: each at least 4.5:1 (MUI's defaults are 3.1 and 3.9).
    success: { main: '#047857', contrastText: '#ffffff' },
    warning: { main: brandColors.goldDark, contrastText: '#ffffff' },
    info: { main: '#0369a1', contrastText: '#ffffff' },
    divider: '#e2e8f0',
  },
  shape: { borderRadius: 12 },
  typography: {
    ...defaultLightTheme.typography,
    fontFamily: [
      'Inter',
      'system-ui',
      '-apple-system',
      '"Segoe UI"',
      'Roboto',
      '"Helvetica Neue"',
      'Arial',
      'sans-serif',
    ].join(','),
  },
  components: {
    ...defaultLightTheme.components,
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
    },
    // Every spinner is named for screen readers (react-admin's loading indicator has no name);
    // one with a name of its own keeps it.
    MuiCircularProgress: {
      defaultProps: { 'aria-label': 'Loading' },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { border: '1px solid #e2e8f0', borderRadius: 16 } },
    },
    // The page's columns may be narrower than what they hold: a wide table then scrolls in its
    // own region (WideTable) instead of widening the page past a phone's screen.
    RaLayout: {
      styleOverrides: { root: { '& .RaLayout-content': { minWidth: 0 } } },
    },
    RaList: {
      styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } },
    },
  },
};

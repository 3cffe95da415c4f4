import { defaultLightTheme } from 'react-admin';
import type { RaThemeOptions } from 'react-admin';

/** The LinkCoin palette, as in frontend-user/src/app/theme.ts. */
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
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { border: '1px solid #e2e8f0', borderRadius: 16 } },
    },
  },
};

import { alpha, createTheme, responsiveFontSizes } from '@mui/material/styles';

/**
 * The LinkCoin brand: a deep indigo for trust, a coin gold for the currency, slate neutrals.
 * The admin console mirrors these values in frontend-admin/src/theme.ts.
 */
export const brandColors = {
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

const fontFamily = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

const baseTheme = createTheme({
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
    success: { main: '#047857' },
    // Chips and alerts write white on these: each at least 4.5:1 (the defaults are 3.1 and 3.9).
    warning: { main: brandColors.goldDark, contrastText: '#ffffff' },
    info: { main: '#0369a1', contrastText: '#ffffff' },
    background: { default: brandColors.mist, paper: '#ffffff' },
    text: { primary: brandColors.ink, secondary: brandColors.slate },
    divider: '#e2e8f0',
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily,
    h1: { fontWeight: 800, fontSize: '3.25rem', lineHeight: 1.1, letterSpacing: '-0.02em' },
    h2: { fontWeight: 800, fontSize: '2.25rem', lineHeight: 1.2, letterSpacing: '-0.015em' },
    h3: { fontWeight: 700, fontSize: '1.5rem', lineHeight: 1.3 },
    h4: { fontWeight: 700, fontSize: '1.25rem', lineHeight: 1.35 },
    h5: { fontWeight: 700, fontSize: '1.125rem' },
    h6: { fontWeight: 700, fontSize: '1rem' },
    subtitle1: { fontSize: '1.125rem', lineHeight: 1.6 },
    body1: { lineHeight: 1.7 },
    overline: { fontWeight: 700, letterSpacing: '0.12em' },
    button: { fontWeight: 600, textTransform: 'none' },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 10, paddingInline: 20 },
        sizeLarge: { paddingBlock: 12, paddingInline: 28, fontSize: '1rem' },
      },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: ({ theme }) => ({
          borderRadius: 16,
          border: `1px solid ${theme.palette.divider}`,
          boxShadow: `0 1px 2px ${alpha(brandColors.ink, 0.04)}, 0 8px 24px ${alpha(brandColors.ink, 0.04)}`,
        }),
      },
    },
    MuiChip: {
      styleOverrides: { root: { fontWeight: 600 } },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
    },
    MuiTab: {
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600, fontSize: '1rem' } },
    },
    MuiToggleButton: {
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600, paddingInline: 20 } },
    },
    MuiLink: {
      defaultProps: { underline: 'hover' },
    },
  },
});

export const theme = responsiveFontSizes(baseTheme);

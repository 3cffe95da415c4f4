/**
 * The LinkCoin brand both front ends draw with: a deep indigo for trust, a coin gold for the
 * currency, slate neutrals, and Inter. Each app's theme (frontend-user/src/lib/theme.ts,
 * frontend-admin/src/theme.ts) builds on these.
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

/** The palette both apps share (success differs: the console's chips write white on it). */
export const brandPalette = {
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
  // Chips and alerts write white on these: each at least 4.5:1 (MUI's defaults are 3.1 and 3.9).
  warning: { main: brandColors.goldDark, contrastText: '#ffffff' },
  info: { main: '#0369a1', contrastText: '#ffffff' },
  background: { default: brandColors.mist, paper: '#ffffff' },
  text: { primary: brandColors.ink, secondary: brandColors.slate },
  divider: '#e2e8f0',
} as const;

/** Inter (self-hosted, frontend-shared/fonts), then the system's sans-serif faces. */
export const brandFontFamily = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

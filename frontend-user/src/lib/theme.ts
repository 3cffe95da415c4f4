import { alpha, createTheme, responsiveFontSizes } from '@mui/material/styles';
import {
  brandColors,
  brandFontFamily,
  brandPalette,
} from '@linkcoin/frontend-shared/theme/brand.ts';

export { brandColors } from '@linkcoin/frontend-shared/theme/brand.ts';

const baseTheme = createTheme({
  palette: { ...brandPalette, success: { main: '#047857' } },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: brandFontFamily,
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

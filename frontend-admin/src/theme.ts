import { defaultLightTheme } from 'react-admin';
import type { RaThemeOptions } from 'react-admin';
import { brandFontFamily, brandPalette } from '@linkcoin/frontend-shared/theme/brand.ts';

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  // Status chips write white on success too: 4.5:1 at least (MUI's default is 3.1).
  palette: { ...brandPalette, success: { main: '#047857', contrastText: '#ffffff' } },
  shape: { borderRadius: 12 },
  typography: {
    ...defaultLightTheme.typography,
    fontFamily: brandFontFamily,
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

import { Box } from '@mui/material';
import { AppBar as RaAppBar, TitlePortal } from 'react-admin';
import { Logo } from './Logo';

/** The console's bar: brand on the left, the current page's title next to it. */
export function AppBar() {
  return (
    <RaAppBar color="primary">
      <Box sx={{ display: { xs: 'none', sm: 'flex' }, mr: 3 }}>
        <Logo />
      </Box>
      <TitlePortal />
    </RaAppBar>
  );
}

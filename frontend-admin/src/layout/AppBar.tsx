import { Box } from '@mui/material';
import { AppBar as RaAppBar, TitlePortal, UserMenu, useGetIdentity } from 'react-admin';
import { Logo } from './Logo';

/**
 * The account button: its accessible name starts with the name it shows (WCAG 2.5.3), where
 * react-admin's would be "Profile" beside the visible name.
 */
function ConsoleUserMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName ? `${identity.fullName}, account menu` : 'Account menu'} />
  );
}

/**
 * The console's bar: brand on the left, the current page's title next to it, as the page's h1
 * (pages put their own headings below it).
 */
export function AppBar() {
  return (
    <RaAppBar color="primary" userMenu={<ConsoleUserMenu />}>
      <Box sx={{ display: { xs: 'none', sm: 'flex' }, mr: 3 }}>
        <Logo />
      </Box>
      <TitlePortal component="h1" />
    </RaAppBar>
  );
}

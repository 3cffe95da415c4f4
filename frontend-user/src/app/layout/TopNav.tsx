import { Suspense, lazy, useState } from 'react';
import { AppBar, Box, Button, Container, IconButton, Link, Toolbar } from '@mui/material';
import { alpha } from '@mui/material/styles';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../lib/auth/auth-context';
import { BrandLogo } from '../../components/BrandLogo';
import { NavActions } from './NavActions';
import { navLinksFor } from './nav-links';
import { useIsCurrentNavLink } from './useIsCurrentNavLink';

const DRAWER_ID = 'mobile-navigation';

// The phone's drawer loads when it is first opened: most visits never open it.
const MobileNavDrawer = lazy(() =>
  import('./MobileNavDrawer').then((m) => ({ default: m.MobileNavDrawer })),
);

/** The spec's top navigation bar: brand, links, and an actions area on the right. */
export function TopNav() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const isCurrent = useIsCurrentNavLink();
  const { isAuthenticated } = useAuth();

  return (
    <AppBar
      position="sticky"
      sx={{
        bgcolor: (theme) => alpha(theme.palette.background.paper, 0.94),
        backdropFilter: 'saturate(180%) blur(8px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: { xs: 64, md: 72 }, gap: { xs: 0.5, md: 1 } }}>
          <IconButton
            edge="start"
            aria-label="Open navigation menu"
            aria-controls={DRAWER_ID}
            aria-expanded={drawerOpen}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
            sx={{ display: { md: 'none' } }}
          >
            <MenuRoundedIcon />
          </IconButton>
          <Link
            component={RouterLink}
            to="/"
            underline="none"
            aria-label="LinkCoin home"
            sx={{ display: 'inline-flex', mr: { md: 4 } }}
          >
            <BrandLogo />
          </Link>
          <Box
            component="nav"
            aria-label="Main navigation"
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}
          >
            {navLinksFor(isAuthenticated).map((link) => (
              <Button
                key={link.label}
                component={RouterLink}
                to={link.to}
                color="inherit"
                aria-current={isCurrent(link) ? 'page' : undefined}
                sx={{
                  fontWeight: 700,
                  letterSpacing: '0.04em',
                  color: isCurrent(link) ? 'primary.main' : 'text.secondary',
                  '&:hover': { color: 'primary.main' },
                }}
              >
                {link.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <NavActions />
        </Toolbar>
      </Container>
      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileNavDrawer id={DRAWER_ID} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}

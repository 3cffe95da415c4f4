import { Suspense, lazy } from 'react';
import { Box, Link } from '@mui/material';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { RealtimeProvider } from '../../features/messaging';
import { PurchaseDialogProvider } from '../../features/wallet';
import { Footer } from './Footer';
import { TopNav } from './TopNav';
import { useAuth } from '../../lib/auth/auth-context';

// Push notifications concern signed-in users only: visitors never load the code.
const PushRegistration = lazy(() =>
  import('../../features/notifications/components/PushRegistration').then((m) => ({
    default: m.PushRegistration,
  })),
);

/**
 * Every screen: navigation bar, the page, footer; the purchase dialog any of them opens; the
 * signed-in user's live connection (unread count, message notices, balance); and the push
 * registration that runs on app start for a signed-in user.
 */
export function MainLayout() {
  const { isAuthenticated } = useAuth();
  return (
    <RealtimeProvider>
      <PurchaseDialogProvider>
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
          <Link
            href="#main-content"
            sx={{
              position: 'absolute',
              left: 8,
              top: -48,
              zIndex: (theme) => theme.zIndex.appBar + 1,
              bgcolor: 'background.paper',
              px: 2,
              py: 1,
              borderRadius: 1,
              '&:focus': { top: 8 },
            }}
          >
            Skip to content
          </Link>
          <TopNav />
          <Box
            component="main"
            id="main-content"
            tabIndex={-1}
            // At least a screen tall: the footer starts below the fold, so a page whose content
            // arrives after its first paint does not push a visible footer down (layout shift).
            sx={{ flexGrow: 1, outline: 'none', minHeight: '100vh' }}
          >
            <Outlet />
          </Box>
          <Footer />
          <ScrollRestoration />
          {isAuthenticated && (
            <Suspense fallback={null}>
              <PushRegistration />
            </Suspense>
          )}
        </Box>
      </PurchaseDialogProvider>
    </RealtimeProvider>
  );
}

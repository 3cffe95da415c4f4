import { Suspense } from 'react';
import { Box, Link } from '@mui/material';
import { Outlet, ScrollRestoration, type Location } from 'react-router-dom';
import { RealtimeProvider } from '../../features/messaging';
import { PushRegistration } from '../../features/notifications';
import { PurchaseDialogProvider } from '../../features/wallet';
import { Footer } from './Footer';
import { TopNav } from './TopNav';
import { useAuth } from '../../lib/auth/auth-context';

// Push notifications concern signed-in users only: visitors never load the code (it is lazy).

/** Where ScrollRestoration keeps the positions (sessionStorage, this tab), in our own format. */
const SCROLL_POSITIONS_KEY = 'linkcoin.scrollPositions';

/**
 * The key a position is kept under. Each document's first history entry has the key "default"
 * in every document of the tab, so a page loaded anew (an address typed, a link from a mail, the
 * way back from the payment page) was scrolled to where the tab's previous document had been
 * (/payment-success opened on the footer). A first entry is kept under its address instead.
 */
const pageKey = ({ pathname, search }: Pick<Location, 'pathname' | 'search'>) =>
  `page:${pathname}${search}`;
const scrollKey = (location: Location) =>
  location.key === 'default' ? pageKey(location) : location.key;

/**
 * A page loaded anew opens at its top; only a reload or back/forward returns to where it was.
 * Runs once, as this module loads, before ScrollRestoration reads the positions.
 */
function forgetPositionOfNewPage() {
  try {
    const [entry] = performance.getEntriesByType('navigation');
    const type = entry && 'type' in entry ? entry.type : 'navigate';
    if (type === 'reload' || type === 'back_forward') return;
    const stored = sessionStorage.getItem(SCROLL_POSITIONS_KEY);
    if (stored === null) return;
    const positions = JSON.parse(stored) as Record<string, number>;
    delete positions[pageKey(window.location)];
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(positions));
  } catch {
    // No storage (a private window) or an unreadable entry: nothing was kept to restore.
  }
}
if (typeof window !== 'undefined') forgetPositionOfNewPage();

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
          <ScrollRestoration getKey={scrollKey} storageKey={SCROLL_POSITIONS_KEY} />
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

import { Suspense } from 'react';
import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../lib/auth/auth-context';
import { UserMenu } from '../../features/auth';
import { MessagesNavButton } from '../../features/messaging';
import { useNewMatchCount } from '../../features/saved-searches';
import { LinkCoinBalanceButton } from '../../features/wallet';

// Only a signed-in user has Messages and the menu: visitors never load them (both are lazy).

/** Hold the buttons' places while their code loads, so the bar does not shift. */
const USER_MENU_PLACE = { width: { xs: 44, sm: 120 }, height: 40 } as const;
const MESSAGES_PLACE = { width: { xs: 36, sm: 40 }, height: 40 } as const;

/**
 * The right-hand side of the navigation bar: the signed-in user's Messages (with the unread
 * count), LinkCoin balance (it opens the purchase dialog) and menu, or the Login button.
 */
export function NavActions() {
  const { isAuthenticated, user } = useAuth();
  // A brand's saved searches' new matches, on the menu (issue 24, item 4).
  const newMatches = useNewMatchCount();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.25, sm: 1 } }}>
      {isAuthenticated && user ? (
        <>
          <Suspense fallback={<Box sx={MESSAGES_PLACE} />}>
            <MessagesNavButton />
          </Suspense>
          <LinkCoinBalanceButton balance={user.linkCoins} />
          <Suspense fallback={<Box sx={USER_MENU_PLACE} />}>
            <UserMenu user={user} news={{ 'Saved Searches': newMatches }} />
          </Suspense>
        </>
      ) : (
        !isAuthenticated && (
          <Button variant="contained" component={RouterLink} to="/login">
            Login
          </Button>
        )
      )}
    </Box>
  );
}

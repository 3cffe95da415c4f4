import { Suspense, lazy } from 'react';
import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../features/auth/auth-context';
import { LinkCoinBalanceButton } from '../../features/wallet/components/LinkCoinBalanceButton';

// Only a signed-in user has the menu: visitors never load it.
const UserMenu = lazy(() =>
  import('../../features/auth/components/UserMenu').then((m) => ({ default: m.UserMenu })),
);

/** Holds the account button's place while its code loads, so the bar does not shift. */
const USER_MENU_PLACE = { width: { xs: 44, sm: 120 }, height: 40 } as const;

/**
 * The right-hand side of the navigation bar: the signed-in user's LinkCoin balance (it opens the
 * purchase dialog) and menu, or the Login button for visitors.
 */
export function NavActions() {
  const { isAuthenticated, user } = useAuth();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {isAuthenticated && user ? (
        <>
          <LinkCoinBalanceButton balance={user.linkCoins} />
          <Suspense fallback={<Box sx={USER_MENU_PLACE} />}>
            <UserMenu user={user} />
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

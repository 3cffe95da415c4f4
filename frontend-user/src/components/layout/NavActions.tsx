import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../features/auth/auth-context';
import { UserMenu } from '../../features/auth/components/UserMenu';
import { LinkCoinBalanceButton } from '../../features/wallet/components/LinkCoinBalanceButton';

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
          <UserMenu user={user} />
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

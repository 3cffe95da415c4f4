import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../features/auth/auth-context';
import { UserMenu } from '../../features/auth/components/UserMenu';
import { MessagesNavButton } from '../../features/messaging/components/MessagesNavButton';
import { LinkCoinBalanceButton } from '../../features/wallet/components/LinkCoinBalanceButton';

/**
 * The right-hand side of the navigation bar: the signed-in user's Messages (with the unread
 * count), LinkCoin balance (it opens the purchase dialog) and menu, or the Login button.
 */
export function NavActions() {
  const { isAuthenticated, user } = useAuth();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.25, sm: 1 } }}>
      {isAuthenticated && user ? (
        <>
          <MessagesNavButton />
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

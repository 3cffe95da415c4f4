import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../features/auth/auth-context';
import { UserMenu } from '../../features/auth/components/UserMenu';

/**
 * The right-hand side of the navigation bar: the signed-in user's menu, or the Login button for
 * visitors. The LinkCoin balance button joins this area, before the menu, with the wallet.
 */
export function NavActions() {
  const { isAuthenticated, user } = useAuth();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {isAuthenticated && user ? (
        <UserMenu user={user} />
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

import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { hasSessionToken } from '../../features/auth/session';

/**
 * The right-hand side of the navigation bar. Visitors get the Login button; the LinkCoin balance
 * button and the signed-in user's menu join this area with the accounts and wallet features.
 */
export function NavActions() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {!hasSessionToken() && (
        <Button variant="contained" component={RouterLink} to="/login">
          Login
        </Button>
      )}
    </Box>
  );
}

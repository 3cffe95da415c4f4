import {
  Box,
  Chip,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
} from '@mui/material';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { Link as RouterLink } from 'react-router-dom';
import { accountLinksFor } from '../../features/auth';
import { useAuth } from '../../lib/auth/auth-context';
import { useLogoutAndLeave } from '../../features/auth';
import { MESSAGES_PATH, messagesLabel } from '../../features/messaging';
import { useRealtime } from '../../lib/realtime/realtime-context';
import { unreadLabel } from '../../lib/realtime/unread-title';
import { BrandLogo } from '../../components/BrandLogo';
import { navLinksFor } from './nav-links';
import { useIsCurrentNavLink } from './useIsCurrentNavLink';

type MobileNavDrawerProps = {
  id: string;
  open: boolean;
  onClose: () => void;
};

const itemSx = { py: 1.5, px: 3 } as const;
const labelProps = { primary: { sx: { fontWeight: 700, letterSpacing: '0.04em' } } } as const;

/** The phone-sized navigation: the bar's links in a drawer that closes on any choice. */
export function MobileNavDrawer({ id, open, onClose }: MobileNavDrawerProps) {
  const isCurrent = useIsCurrentNavLink();
  const { isAuthenticated, user } = useAuth();
  const { unread } = useRealtime();
  const logoutAndLeave = useLogoutAndLeave();
  return (
    <Drawer
      id={id}
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': 'Navigation menu' } }}
    >
      <Box sx={{ width: 280 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 2 }}>
          <BrandLogo />
          <IconButton aria-label="Close navigation menu" onClick={onClose}>
            <CloseRoundedIcon />
          </IconButton>
        </Box>
        <Divider />
        <Box component="nav" aria-label="Main navigation">
          <List>
            {navLinksFor(isAuthenticated).map((link) => (
              <ListItem key={link.label} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={link.to}
                  onClick={onClose}
                  selected={isCurrent(link)}
                  aria-current={isCurrent(link) ? 'page' : undefined}
                  sx={itemSx}
                >
                  <ListItemText primary={link.label} slotProps={labelProps} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
        {isAuthenticated && user && (
          <>
            <Divider />
            <List aria-label={`Account of ${user.ownerName}`}>
              <ListItem disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={MESSAGES_PATH}
                  onClick={onClose}
                  aria-label={messagesLabel(unread)}
                  sx={itemSx}
                >
                  <ListItemText primary="Messages" />
                  {unread > 0 && (
                    <Chip
                      size="small"
                      color="error"
                      label={unreadLabel(unread)}
                      aria-hidden="true"
                    />
                  )}
                </ListItemButton>
              </ListItem>
              {accountLinksFor(user).map((link) => (
                <ListItem key={link.label} disablePadding>
                  <ListItemButton
                    component={RouterLink}
                    to={link.to(user)}
                    onClick={onClose}
                    sx={itemSx}
                  >
                    <ListItemText primary={link.label} />
                  </ListItemButton>
                </ListItem>
              ))}
              <ListItem disablePadding>
                <ListItemButton
                  onClick={() => {
                    onClose();
                    void logoutAndLeave();
                  }}
                  sx={itemSx}
                >
                  <ListItemText primary="Logout" />
                </ListItemButton>
              </ListItem>
            </List>
          </>
        )}
      </Box>
    </Drawer>
  );
}

import { useId, useState } from 'react';
import { Avatar, Box, Button, Divider, ListItemIcon, Menu, MenuItem } from '@mui/material';
import KeyboardArrowDownRoundedIcon from '@mui/icons-material/KeyboardArrowDownRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import { Link as RouterLink } from 'react-router-dom';
import { accountLinksFor, initialOf } from '../account-links';
import { useLogoutAndLeave } from '../hooks/useLogout';
import { safeImageSrc } from '@linkcoin/frontend-shared/links/safe-link.ts';
import type { SessionUser } from '@linkcoin/frontend-shared/session/session.ts';

/** The signed-in user's menu in the top bar: profile, password and logout. */
export function UserMenu({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const logoutAndLeave = useLogoutAndLeave();
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        aria-label={`Account menu for ${user.ownerName}`}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        endIcon={<KeyboardArrowDownRoundedIcon sx={{ display: { xs: 'none', sm: 'block' } }} />}
        sx={{ px: { xs: 0.5, sm: 1.5 }, minWidth: 0, gap: 1 }}
      >
        {/* The initial is drawn, not text: the button's text is the name it is named by. */}
        <Avatar
          aria-hidden="true"
          src={safeImageSrc(user.profilePicUrl)}
          alt=""
          sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: '1rem' }}
        >
          <Box
            component="span"
            data-initial={initialOf(user.ownerName)}
            sx={{ '&::before': { content: 'attr(data-initial)' } }}
          />
        </Avatar>
        <Box
          component="span"
          sx={{
            display: { xs: 'none', sm: 'inline' },
            maxWidth: 160,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {user.ownerName}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        // The menu opens outside the page's landmarks: it is its own, named navigation.
        slotProps={{ paper: { component: 'nav', 'aria-label': 'Account' } }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {accountLinksFor(user).map((link) => (
          <MenuItem key={link.label} component={RouterLink} to={link.to(user)} onClick={close}>
            {link.label}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logoutAndLeave();
          }}
        >
          <ListItemIcon>
            <LogoutRoundedIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}

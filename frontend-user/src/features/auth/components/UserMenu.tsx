import { useId, useState } from 'react';
import { Avatar, Badge, Box, Button, Divider, ListItemIcon, Menu, MenuItem } from '@mui/material';
import KeyboardArrowDownRoundedIcon from '@mui/icons-material/KeyboardArrowDownRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import { Link as RouterLink } from 'react-router-dom';
import { accountLinksFor, initialOf } from '../account-links';
import { useLogoutAndLeave } from '../hooks/useLogout';
import { safeImageSrc } from '@linkcoin/frontend-shared/links/safe-link.ts';
import type { SessionUser } from '@linkcoin/frontend-shared/session/session.ts';

/**
 * The signed-in user's menu in the top bar: profile, password and logout. `news` counts what is
 * new behind a link (by its label: a brand's saved searches' new matches), shown as a badge on
 * the button and beside the link, and said in the button's name.
 */
export function UserMenu({
  user,
  news = {},
}: {
  user: SessionUser;
  news?: Readonly<Record<string, number>>;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const logoutAndLeave = useLogoutAndLeave();
  const close = () => setAnchor(null);
  const newCount = accountLinksFor(user).reduce((sum, link) => sum + (news[link.label] ?? 0), 0);
  const newText =
    newCount === 0 ? '' : `, ${newCount === 1 ? '1 new match' : `${newCount} new matches`}`;

  return (
    <>
      <Button
        color="inherit"
        aria-label={`Account menu for ${user.ownerName}${newText}`}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        endIcon={<KeyboardArrowDownRoundedIcon sx={{ display: { xs: 'none', sm: 'block' } }} />}
        sx={{ px: { xs: 0.5, sm: 1.5 }, minWidth: 0, gap: 1 }}
      >
        {/* The initial is drawn, not text: the button's text is the name it is named by. */}
        {/* A dot, not a number: the count is in the button's name and beside the link. */}
        <Badge variant="dot" invisible={newCount === 0} color="error" overlap="circular">
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
        </Badge>
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
            {(news[link.label] ?? 0) > 0 && (
              <Box
                component="span"
                sx={{
                  ml: 1,
                  px: 1,
                  borderRadius: 8,
                  bgcolor: 'error.main',
                  color: 'error.contrastText',
                  fontSize: '0.8rem',
                }}
              >
                {news[link.label]} new
              </Box>
            )}
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

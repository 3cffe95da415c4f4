import { Badge, IconButton } from '@mui/material';
import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import { Link as RouterLink } from 'react-router-dom';
import { MESSAGES_PATH, messagesLabel } from '../messages-entry';
import { useRealtime } from '../../../lib/realtime/realtime-context';

/**
 * The top bar's Messages entry with the unread count, live over the socket. The count is drawn
 * only while there is one: a hidden badge would keep its last figure in the link's text, which
 * its name ("Messages") would then not match. The browser's own tooltip names it on hover.
 */
export function MessagesNavButton() {
  const { unread } = useRealtime();
  const icon = <ForumRoundedIcon />;
  return (
    <IconButton
      component={RouterLink}
      to={MESSAGES_PATH}
      aria-label={messagesLabel(unread)}
      title="Messages"
      sx={{ p: { xs: 0.75, sm: 1 } }}
    >
      {unread > 0 ? (
        <Badge
          badgeContent={unread}
          max={99}
          color="error"
          overlap="circular"
          data-testid="unread-badge"
        >
          {icon}
        </Badge>
      ) : (
        icon
      )}
    </IconButton>
  );
}

import { Badge, IconButton, Tooltip } from '@mui/material';
import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import { Link as RouterLink } from 'react-router-dom';
import { MESSAGES_PATH, messagesLabel } from '../messages-entry';
import { useRealtime } from '../realtime/realtime-context';

/** The top bar's Messages entry with the unread count, live over the socket. */
export function MessagesNavButton() {
  const { unread } = useRealtime();
  return (
    <Tooltip title="Messages">
      <IconButton
        component={RouterLink}
        to={MESSAGES_PATH}
        aria-label={messagesLabel(unread)}
        sx={{ p: { xs: 0.75, sm: 1 } }}
      >
        <Badge
          badgeContent={unread}
          max={99}
          color="error"
          overlap="circular"
          data-testid="unread-badge"
        >
          <ForumRoundedIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

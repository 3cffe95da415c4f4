import { Badge, IconButton, Tooltip } from '@mui/material';
import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import { Link as RouterLink } from 'react-router-dom';
import { useRealtime } from '../realtime/realtime-context';
import { unreadLabel } from '../utils/unread';

/** The path of the messaging screen without a contact: it opens the latest conversation. */
export const MESSAGES_PATH = '/MessagingApp';

/** What a Messages entry is called for screen readers, with the unread count. */
export function messagesLabel(unread: number): string {
  if (unread === 0) return 'Messages';
  return `Messages, ${unreadLabel(unread)} unread`;
}

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

import { Box, Button, Chip, IconButton, Stack, Typography } from '@mui/material';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import type { CollectionContact } from '@linkcoin/domain/collections/contracts.ts';
import type { ChatConnectionStatus } from '../../../lib/realtime/chat-socket';
import { ConnectionAvatar } from './ConnectionAvatar';
import { ReplyTime } from '../../profiles';

type ConversationHeaderProps = {
  connection: CollectionContact;
  online: boolean;
  status: ChatConnectionStatus;
  /** How long the chat stays open ("6 days left"); null once read-only. */
  timeLeft: string | null;
  /** From the last day on, the payer may renew here, before the chat turns read-only. */
  onRenew?: () => void;
  renewing?: boolean;
  /** Phones: opens the drawer of connections. */
  onOpenConnections?: () => void;
};

/**
 * The conversation's header: the connection's picture and name, their company (a brand) or handle
 * (a creator), online or not, how many of the 7 days are left, and the renewal near the end.
 */
export function ConversationHeader({
  connection,
  online,
  status,
  timeLeft,
  onRenew,
  renewing = false,
  onOpenConnections,
}: ConversationHeaderProps) {
  const beside =
    connection.companyName ??
    (connection.handle ? `@${connection.handle.replace(/^@/, '')}` : null);
  return (
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{
        alignItems: 'center',
        flexWrap: 'wrap',
        px: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {onOpenConnections && (
        <IconButton edge="start" aria-label="Open contacts" onClick={onOpenConnections}>
          <MenuRoundedIcon />
        </IconButton>
      )}
      <ConnectionAvatar connection={connection} online={online} size={40} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="h6" component="h2" noWrap data-testid="conversation-name">
          {connection.ownerName}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          noWrap
          data-testid="conversation-details"
        >
          {[beside, online ? 'Online' : 'Offline'].filter(Boolean).join(' · ')}
        </Typography>
        <ReplyTime hours={connection.replyHours} />
      </Box>
      {timeLeft && (
        <Chip
          size="small"
          variant="outlined"
          color={onRenew ? 'warning' : 'default'}
          icon={<ScheduleRoundedIcon aria-hidden="true" />}
          label={timeLeft}
          aria-label={`Chat open, ${timeLeft}`}
        />
      )}
      {onRenew && (
        <Button size="small" variant="contained" onClick={onRenew} disabled={renewing}>
          {renewing ? 'Renewing...' : 'Renew for 1 LinkCoin'}
        </Button>
      )}
      {(status === 'offline' || status === 'connecting') && (
        <Chip size="small" label={status === 'offline' ? 'Reconnecting...' : 'Connecting...'} />
      )}
    </Stack>
  );
}

import { Box, Chip, IconButton, Stack, Typography } from '@mui/material';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import type { CollectionContact } from '@linkcoin/domain/wallet/collection-contracts.ts';
import type { ChatConnectionStatus } from '../api/chat-socket';
import { ContactAvatar } from './ContactAvatar';

type ConversationHeaderProps = {
  contact: CollectionContact;
  online: boolean;
  status: ChatConnectionStatus;
  /** Phones: opens the contacts drawer. */
  onOpenContacts?: () => void;
};

/** The conversation's header: the contact's picture and name, online or not. */
export function ConversationHeader({
  contact,
  online,
  status,
  onOpenContacts,
}: ConversationHeaderProps) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      {onOpenContacts && (
        <IconButton edge="start" aria-label="Open contacts" onClick={onOpenContacts}>
          <MenuRoundedIcon />
        </IconButton>
      )}
      <ContactAvatar contact={contact} online={online} size={40} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="h6" component="h2" noWrap data-testid="conversation-name">
          {contact.ownerName}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {online ? 'Online' : 'Offline'}
        </Typography>
      </Box>
      {(status === 'offline' || status === 'connecting') && (
        <Chip size="small" label={status === 'offline' ? 'Reconnecting...' : 'Connecting...'} />
      )}
    </Stack>
  );
}

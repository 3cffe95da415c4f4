import {
  Box,
  IconButton,
  ListItem,
  ListItemButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import type { CollectionEntry } from '@linkcoin/domain/collections/contracts.ts';
import { dayLabel } from '../utils/chat-dates';
import { shownContent } from '../utils/chat-rules';
import { ConnectionAvatar } from './ConnectionAvatar';
import { visuallyHidden } from '../../../lib/visually-hidden';

type ConnectionListItemProps = {
  entry: CollectionEntry;
  online: boolean;
  selected: boolean;
  now: number;
  onSelect: (connectedUserId: string) => void;
  onRemove: (entry: CollectionEntry) => void;
};

/**
 * One connection (docs/product-spec.md section 2): picture, name, online dot, last message, day label, unread
 * count, and remove, which only the payer has (a creator was added and cannot remove the brand).
 */
export function ConnectionListItem({
  entry,
  online,
  selected,
  now,
  onSelect,
  onRemove,
}: ConnectionListItemProps) {
  const { user } = entry;
  const day = dayLabel(entry.lastMessageTimestamp ?? entry.addedAt, new Date(now));
  return (
    <ListItem
      disablePadding
      secondaryAction={
        entry.role === 'payer' ? (
          <Tooltip title="Remove contact">
            <IconButton
              edge="end"
              size="small"
              aria-label={`Remove ${user.ownerName}`}
              onClick={() => onRemove(entry)}
            >
              <DeleteOutlineRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : undefined
      }
      sx={{ '& .MuiListItemSecondaryAction-root': { right: 8 } }}
    >
      <ListItemButton
        selected={selected}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(user._id)}
        sx={{ gap: 1.5, py: 1.25, pr: entry.role === 'payer' ? 6 : 2 }}
      >
        <ConnectionAvatar connection={user} online={online} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
            <Typography
              component="span"
              sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}
              noWrap
              data-testid="connection-name"
            >
              {user.ownerName}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary">
              {day}
            </Typography>
          </Stack>
          {(user.companyName ?? user.handle) && (
            <Typography
              component="span"
              variant="caption"
              color="text.secondary"
              noWrap
              sx={{ display: 'block' }}
              data-testid="connection-company"
            >
              {user.companyName ?? `@${(user.handle ?? '').replace(/^@/, '')}`}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              noWrap
              sx={{ flex: 1, minWidth: 0 }}
            >
              {entry.lastMessage === null ? '' : shownContent(entry.lastMessage)}
            </Typography>
            {entry.unreadCount > 0 && (
              <Box
                component="span"
                sx={{
                  minWidth: 20,
                  height: 20,
                  px: 0.75,
                  borderRadius: 10,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  fontSize: 12,
                  fontWeight: 700,
                  display: 'inline-grid',
                  placeItems: 'center',
                }}
              >
                {entry.unreadCount}
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  unread
                </Box>
              </Box>
            )}
          </Stack>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}

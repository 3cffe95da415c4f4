import { Box, CircularProgress, InputAdornment, List, TextField, Typography } from '@mui/material';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import type { CollectionEntry } from '@linkcoin/domain/collections/contracts.ts';
import { filterConnections } from '../utils/connections-cache';
import { CHAT_TEXTS as T } from '../utils/chat-rules';
import { ConnectionListItem } from './ConnectionListItem';

type ConnectionsSidebarProps = {
  entries: readonly CollectionEntry[] | undefined;
  isPending: boolean;
  isError: boolean;
  search: string;
  onSearch: (search: string) => void;
  selectedId: string | null;
  isOnline: (entry: CollectionEntry) => boolean;
  now: number;
  onSelect: (connectedUserId: string) => void;
  onRemove: (entry: CollectionEntry) => void;
};

/** docs/product-spec.md section 2: the Messages sidebar with its search and the connections ("contacts" on screen). */
export function ConnectionsSidebar({
  entries,
  isPending,
  isError,
  search,
  onSearch,
  selectedId,
  isOnline,
  now,
  onSelect,
  onRemove,
}: ConnectionsSidebarProps) {
  const shown = filterConnections(entries ?? [], search);
  return (
    <Box
      component="nav"
      aria-labelledby="messages-heading"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <Box sx={{ px: 2, pt: 2, pb: 1.5 }}>
        <Typography id="messages-heading" variant="h4" component="h2" sx={{ mb: 1.5 }}>
          {T.messages}
        </Typography>
        <TextField
          type="search"
          size="small"
          fullWidth
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={T.search}
          slotProps={{
            htmlInput: { 'aria-label': 'Search contacts' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" aria-hidden="true" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress size={28} aria-label="Loading contacts" />
          </Box>
        ) : isError && !entries ? (
          // Loading errors are only logged (docs/product-spec.md section 8); the list stays empty.
          <EmptyConnections searching={false} />
        ) : shown.length === 0 ? (
          <EmptyConnections searching={search.trim() !== ''} />
        ) : (
          <List aria-label="Contacts" disablePadding>
            {shown.map((entry) => (
              <ConnectionListItem
                key={entry.user._id}
                entry={entry}
                online={isOnline(entry)}
                selected={entry.user._id === selectedId}
                now={now}
                onSelect={onSelect}
                onRemove={onRemove}
              />
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}

function EmptyConnections({ searching }: { searching: boolean }) {
  return (
    <Box sx={{ textAlign: 'center', px: 3, py: 6 }} role="status">
      <Typography sx={{ fontWeight: 700 }}>{T.noConnections}</Typography>
      <Typography variant="body2" color="text.secondary">
        {searching ? T.tryAnotherSearch : T.connectionsAppearHere}
      </Typography>
    </Box>
  );
}

import { Button, Stack } from '@mui/material';
import ChatRoundedIcon from '@mui/icons-material/ChatRounded';
import PlaylistAddRoundedIcon from '@mui/icons-material/PlaylistAddRounded';
import { useCollectionActions } from '../hooks/useCollectionActions';
import { COLLECTION_TEXTS as T } from '../texts';

/**
 * Add to List and Chat Now (spec section 2, profile page and detail modal). The caller hides
 * them from the page owner. While one works both are disabled and it reads Adding... or Loading...
 */
export function CollectionActions({ targetUserId }: { targetUserId: string }) {
  const { addToList, chatNow, busy } = useCollectionActions(targetUserId);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ justifyContent: { xs: 'stretch', sm: 'flex-start' } }}
    >
      <Button
        variant="contained"
        size="large"
        startIcon={<PlaylistAddRoundedIcon aria-hidden="true" />}
        onClick={() => void addToList()}
        disabled={busy !== null}
        aria-busy={busy === 'add'}
      >
        {busy === 'add' ? T.adding : T.addToList}
      </Button>
      <Button
        variant="outlined"
        size="large"
        startIcon={<ChatRoundedIcon aria-hidden="true" />}
        onClick={() => void chatNow()}
        disabled={busy !== null}
        aria-busy={busy === 'chat'}
      >
        {busy === 'chat' ? T.loading : T.chatNow}
      </Button>
    </Stack>
  );
}

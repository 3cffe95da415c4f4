import { Button } from '@mui/material';
import ChatRoundedIcon from '@mui/icons-material/ChatRounded';
import PlaylistAddRoundedIcon from '@mui/icons-material/PlaylistAddRounded';
import { useCollectionActions } from '../../collections/hooks/useCollectionActions';
import { COLLECTION_TEXTS as T } from '../../collections/texts';

/**
 * A discovery card's Add to List (Adding... while busy) and Chat Now (Loading...), through the
 * collection's own flow (confirmation, coins, duplicates, a visitor sent to /login); compact
 * buttons sized for a card.
 */
export function DiscoveryActions({ targetUserId, name }: { targetUserId: string; name: string }) {
  const { addToList, chatNow, busy } = useCollectionActions(targetUserId);
  return (
    <>
      <Button
        size="small"
        variant="contained"
        startIcon={<PlaylistAddRoundedIcon aria-hidden="true" />}
        onClick={() => void addToList()}
        disabled={busy !== null}
        aria-busy={busy === 'add'}
        aria-description={`Add ${name} to your list`}
      >
        {busy === 'add' ? T.adding : T.addToList}
      </Button>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ChatRoundedIcon aria-hidden="true" />}
        onClick={() => void chatNow()}
        disabled={busy !== null}
        aria-busy={busy === 'chat'}
        aria-description={`Chat with ${name}`}
      >
        {busy === 'chat' ? T.loading : T.chatNow}
      </Button>
    </>
  );
}

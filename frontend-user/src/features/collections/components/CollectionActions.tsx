import { useEffect, useRef } from 'react';
import { Button, Chip, IconButton, Stack } from '@mui/material';
import ChatRoundedIcon from '@mui/icons-material/ChatRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import PlaylistAddRoundedIcon from '@mui/icons-material/PlaylistAddRounded';
import { useCollectionActions } from '../hooks/useCollectionActions';
import { COLLECTION_TEXTS as T } from '../texts';

type CollectionActionsProps = {
  targetUserId: string;
  /** The creator's name: the confirmation names them, the buttons' descriptions too. */
  name: string;
  /**
   * `page`: large buttons (profile page, detail modal); `card`: compact ones for a discovery
   * card; `directory`: a directory card's Add to List and its chat icon.
   */
  variant?: 'page' | 'card' | 'directory';
};

/**
 * Add to List and Chat Now (docs/product-spec.md sections 2 and 4). The caller hides them from the page owner.
 * A creator already in the list shows "In your list" instead of Add to List. While one works
 * both are disabled and it reads Adding... or Loading...
 */
export function CollectionActions({
  targetUserId,
  name,
  variant = 'page',
}: CollectionActionsProps) {
  const { addToList, chatNow, busy, listed } = useCollectionActions(targetUserId, name);
  const addRef = useRef<HTMLButtonElement>(null);
  const chatRef = useRef<HTMLButtonElement>(null);
  // Add to List was pressed here: while it works both buttons are disabled (the confirmation
  // dialog cannot give the focus back to a disabled button) and, once added, Add to List is gone.
  const keepFocus = useRef(false);
  useEffect(() => {
    if (busy !== null || !keepFocus.current) return;
    keepFocus.current = false;
    // Only a focus that was lost is moved (left on the page's body, or on a container around
    // these buttons such as the profile pop-up): on to the chat once added, back to Add to List
    // otherwise.
    const target = listed ? chatRef.current : addRef.current;
    const active = document.activeElement;
    if (target === null) return;
    if (active !== null && active !== document.body && !active.contains(target)) return;
    target.focus();
  }, [busy, listed]);
  const size = variant === 'page' ? 'large' : 'small';
  const added = listed ? (
    <Chip
      icon={<CheckCircleRoundedIcon aria-hidden="true" />}
      label={T.inList}
      color="success"
      variant="outlined"
      size={variant === 'page' ? 'medium' : 'small'}
      sx={{ alignSelf: 'center', fontWeight: 600 }}
    />
  ) : (
    <Button
      size={size}
      variant="contained"
      startIcon={<PlaylistAddRoundedIcon aria-hidden="true" />}
      ref={addRef}
      onClick={() => {
        keepFocus.current = true;
        void addToList();
      }}
      disabled={busy !== null}
      aria-busy={busy === 'add'}
      aria-description={`Add ${name} to your list`}
    >
      {busy === 'add' ? T.adding : T.addToList}
    </Button>
  );
  const chat =
    variant === 'directory' ? (
      // The browser's own tooltip: a card in a long list need not load a tooltip library.
      <IconButton
        ref={chatRef}
        onClick={() => void chatNow()}
        disabled={busy !== null}
        aria-label={`Chat with ${name}`}
        title={listed ? 'Chat' : 'Chat (add to your list first)'}
        aria-busy={busy === 'chat'}
        color="primary"
      >
        <ChatRoundedIcon />
      </IconButton>
    ) : (
      <Button
        ref={chatRef}
        size={size}
        variant={listed ? 'contained' : 'outlined'}
        startIcon={<ChatRoundedIcon aria-hidden="true" />}
        onClick={() => void chatNow()}
        disabled={busy !== null}
        aria-busy={busy === 'chat'}
        aria-description={`Chat with ${name}`}
      >
        {busy === 'chat' ? T.loading : T.chatNow}
      </Button>
    );
  if (variant !== 'page') {
    return (
      <>
        {added}
        {chat}
      </>
    );
  }
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ justifyContent: { xs: 'stretch', sm: 'flex-start' } }}
    >
      {added}
      {chat}
    </Stack>
  );
}

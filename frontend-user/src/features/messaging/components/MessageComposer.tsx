import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Box, Button, TextField } from '@mui/material';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import { CHAT_TEXTS as T, MAX_MESSAGE_LENGTH, sendableText } from '../utils/chat-rules';

type MessageComposerProps = {
  expired: boolean;
  onSend: (text: string) => void;
};

/**
 * The input (docs/product-spec.md section 4): a message is sent only when not expired and not blank after
 * trimming, and the input is then cleared. Enter sends; Shift+Enter starts a new line. Expired,
 * it is disabled, with its own placeholder, and the button reads Expired.
 */
export function MessageComposer({ expired, onSend }: MessageComposerProps) {
  const [draft, setDraft] = useState('');
  const text = sendableText(draft);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (expired || text === null) return;
    onSend(text);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-end',
        p: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <TextField
        value={expired ? '' : draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={expired ? T.expiredPlaceholder : T.typeMessage}
        disabled={expired}
        multiline
        maxRows={4}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { maxLength: MAX_MESSAGE_LENGTH, 'aria-label': 'Message' } }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={expired || text === null}
        endIcon={expired ? undefined : <SendRoundedIcon aria-hidden="true" />}
        sx={{ flexShrink: 0, minHeight: 40 }}
      >
        {expired ? T.expiredSend : T.send}
      </Button>
    </Box>
  );
}

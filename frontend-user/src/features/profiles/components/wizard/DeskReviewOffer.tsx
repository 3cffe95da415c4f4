import { useState } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { errorMessage } from '../../../../lib/api-client';
import { useAskDeskReview } from '../../api/instagram-verification';

type DeskReviewOfferProps = {
  userId: string;
  platform: 'instagram' | 'youtube';
  handle: string;
  /** The server's refusal: the account is verified by another creator. */
  refusal: string;
};

/**
 * One verified owner per account: when another creator holds it, the refusal offers to ask the
 * verification desk to look at both claims, with an optional note, in place.
 */
export function DeskReviewOffer({ userId, platform, handle, refusal }: DeskReviewOfferProps) {
  const ask = useAskDeskReview();
  const [message, setMessage] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const noteId = `desk-note-${platform}-${handle}`;

  const send = async () => {
    setError(null);
    try {
      const sent = await ask.mutateAsync({ userId, platform, handle, message: message.trim() });
      setAnswer(sent.message);
    } catch (cause) {
      setError(errorMessage(cause, 'Your request could not reach the desk. Please try again.'));
    }
  };

  if (answer) {
    return (
      <Alert severity="success" role="status">
        {answer}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" role="alert">
      <Stack spacing={1.5}>
        <span>{refusal}</span>
        <TextField
          id={noteId}
          label="What should the desk know? (optional)"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-start' }}>
          <Button variant="contained" onClick={() => void send()} disabled={ask.isPending}>
            {ask.isPending ? 'Sending...' : 'Ask the desk to review'}
          </Button>
        </Stack>
        {error && <span role="status">{error}</span>}
      </Stack>
    </Alert>
  );
}

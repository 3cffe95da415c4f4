import { Box, Button, Typography } from '@mui/material';
import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import { Link as RouterLink } from 'react-router-dom';
import { CHAT_TEXTS as T } from '../utils/chat-rules';

/**
 * docs/product-spec.md section 2: with no selection, No conversation selected and New Message to /. While the list
 * is empty, a line says what brings a first conversation (`hint`).
 */
export function NoConversation({
  onOpenConnections,
  hint,
}: {
  onOpenConnections?: () => void;
  hint?: string;
}) {
  return (
    <Box
      sx={{
        flex: 1,
        display: 'grid',
        placeItems: 'center',
        textAlign: 'center',
        p: 4,
      }}
    >
      <Box>
        <ForumRoundedIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden="true" />
        <Typography variant="h5" component="h2" sx={{ mt: 1 }}>
          {T.noSelection}
        </Typography>
        {hint && (
          <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 360, mx: 'auto' }}>
            {hint}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', mt: 2, flexWrap: 'wrap' }}>
          {onOpenConnections && (
            <Button variant="outlined" onClick={onOpenConnections}>
              Contacts
            </Button>
          )}
          <Button variant="contained" component={RouterLink} to="/">
            {T.newMessage}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

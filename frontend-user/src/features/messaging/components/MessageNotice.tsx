import { Box, Button, Stack, Typography } from '@mui/material';

type MessageNoticeProps = {
  who: string;
  words: string;
  onOpen: () => void;
};

/** The in-app notice of a message that arrived elsewhere: who, the first words, and Open. */
export function MessageNotice({ who, words, onOpen }: MessageNoticeProps) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', width: '100%' }}>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          variant="subtitle2"
          component="p"
          sx={{ color: 'inherit', overflowWrap: 'anywhere' }}
        >
          {`New message from ${who}`}
        </Typography>
        <Typography
          variant="body2"
          component="p"
          sx={{
            color: 'inherit',
            opacity: 0.9,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {words}
        </Typography>
      </Box>
      <Button
        size="small"
        variant="contained"
        color="secondary"
        onClick={onOpen}
        aria-label={`Open the conversation with ${who}`}
      >
        Open
      </Button>
    </Stack>
  );
}

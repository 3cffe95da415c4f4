import { Box, Stack, Typography } from '@mui/material';
import { shownContent, type Tick } from '../utils/chat-rules';
import { timeLabel } from '../utils/chat-dates';
import { MessageTicks } from './MessageTicks';

type MessageBubbleProps = {
  content: string;
  timestamp: string;
  own: boolean;
  /** Own messages only. */
  tick: Tick | null;
};

/** One message: its text (as text, never markup), its time, and on own messages the ticks. */
export function MessageBubble({ content, timestamp, own, tick }: MessageBubbleProps) {
  const shown = shownContent(content);
  return (
    <Box
      role="listitem"
      data-own={own}
      sx={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start', px: 2, py: 0.5 }}
    >
      <Box
        sx={{
          maxWidth: { xs: '85%', sm: '70%' },
          px: 1.5,
          py: 1,
          borderRadius: 2.5,
          borderBottomRightRadius: own ? 4 : undefined,
          borderBottomLeftRadius: own ? undefined : 4,
          bgcolor: own ? 'primary.main' : 'grey.100',
          color: own ? 'primary.contrastText' : 'text.primary',
          boxShadow: own ? 0 : 1,
        }}
      >
        <Typography
          variant="body2"
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontStyle: shown === content ? undefined : 'italic',
          }}
        >
          {shown}
        </Typography>
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ justifyContent: 'flex-end', alignItems: 'center', mt: 0.25, opacity: 0.85 }}
        >
          <Typography
            component="time"
            dateTime={timestamp}
            variant="caption"
            sx={{ color: 'inherit' }}
          >
            {timeLabel(timestamp)}
          </Typography>
          {own && tick && <MessageTicks tick={tick} />}
        </Stack>
      </Box>
    </Box>
  );
}
